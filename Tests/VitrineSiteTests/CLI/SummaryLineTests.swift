import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// Issue 38, items 3 and 4: the summary line counts what is on disk, says "nothing changed"
/// when nothing was written, and the missing-baseURL note is one short line, none with -q,
/// the full warning only where it matters (`check`, `--strict`).
@Suite("summary line and notes")
struct SummaryLineTests {
    /// A folder holding `site`, made by `vitrine new` (GIPHY, no baseURL).
    static func site() async throws -> URL { try await HabitsCLITests.site() }

    /// The site's files as a person lists them: not vitrine's hidden records.
    static func visibleFiles(_ output: URL) async throws -> [String] {
        try TestSupport.tree(output).keys.filter { !$0.split(separator: "/").contains { $0.hasPrefix(".") } }.sorted()
    }

    @Test func theLineCountsWhatIsOnDisk() async throws {
        let folder = try await Self.site()
        let staticFolder = folder.appendingPathComponent("site/static")
        try FileManager.default.createDirectory(at: staticFolder, withIntermediateDirectories: true)
        try Data("<!doctype html><title>x</title>".utf8).write(to: staticFolder.appendingPathComponent("hello.html"))
        try Data("cats".utf8).write(to: staticFolder.appendingPathComponent("CNAME"))
        let first = try await TestSupport.spawn(["build", "site", "--offline"], in: folder)
        #expect(first.status == 0, "\(first.stderr)")
        let files = try await Self.visibleFiles(folder.appendingPathComponent("site/public"))
        let pages = files.filter { $0.hasSuffix(".html") }.count
        let others = files.count - pages
        #expect(pages > 5 && others > 2)
        #expect(first.stdout.hasPrefix("wrote \(pages) pages and \(others) other files ("), "\(first.stdout) for \(files)")
        #expect(first.stdout.contains(" KB) to site/public in "))

        let again = try await TestSupport.spawn(["build", "site", "--offline"], in: folder)
        #expect(again.stdout.hasPrefix("nothing changed in site/public (\(pages) pages and \(others) other files) in "), "\(again.stdout)")

        try Data("# Home\n\nChanged.\n".utf8).write(to: folder.appendingPathComponent("site/content/index.md"))
        let changed = try await TestSupport.spawn(["build", "site", "--offline"], in: folder)
        #expect(changed.stdout.hasPrefix("wrote 1 of \(files.count) files ("), "\(changed.stdout)")
        #expect(changed.stdout.hasSuffix(": \(pages) pages and \(others) other files\n"), "\(changed.stdout)")

        try FileManager.default.removeItem(at: staticFolder.appendingPathComponent("CNAME"))
        let removed = try await TestSupport.spawn(["build", "site", "--offline"], in: folder)
        #expect(removed.stdout.hasPrefix("removed files from site/public in "), "\(removed.stdout)")
        #expect(removed.stdout.hasSuffix(": \(pages) pages and \(others - 1) other files left\n"), "\(removed.stdout)")
    }

    @Test func pluralsAreRight() {
        var summary = BuildSummary(pages: 1, files: 3, bytes: 10, items: 1, galleries: 1, seconds: 0.1, output: "out", warnings: [])
        summary.siteFiles = 2
        #expect(summary.line == "wrote 1 page and 1 other file (1 KB) to out in 0.1 s")
        summary.unchanged = 1
        summary.files = 1
        #expect(summary.line == "wrote 1 of 2 files (1 KB) to out in 0.1 s: 1 page and 1 other file")
    }

    @Test func theBaseURLNoteIsShortAndQuiet() async throws {
        let folder = try await Self.site()
        let build = try await TestSupport.spawn(["build", "site", "--offline"], in: folder)
        #expect(build.stderr.contains("note: no baseURL yet, so no sitemap, feed or share links; `vitrine check` says more\n"), "\(build.stderr)")
        #expect(!build.stderr.contains("warning"), "\(build.stderr)")
        let quiet = try await TestSupport.spawn(["build", "site", "--offline", "--quiet"], in: folder)
        #expect(quiet.stderr.isEmpty, "\(quiet.stderr)")
        let unchanged = try await TestSupport.spawn(["build", "site", "--offline", "--quiet"], in: folder)
        #expect(unchanged.stderr.isEmpty, "\(unchanged.stderr)")
        let strict = try await TestSupport.spawn(["build", "site", "--offline", "--strict", "--quiet"], in: folder)
        #expect(strict.stderr == "warning: \(SiteConfig.withoutBaseURL)\n", "\(strict.stderr)")
        let check = try await TestSupport.spawn(["check", "site"], in: folder)
        #expect(check.stderr == "warning: \(SiteConfig.withoutBaseURL)\n", "\(check.stderr)")
    }

    /// Issue 38, item 8: `--verbose` says each stage once, with what it is for, and no
    /// internal phrases.
    @Test func verboseSaysEachStageOnceInPlainWords() async throws {
        let folder = try await Self.site()
        #expect(try await TestSupport.spawn(["build", "site", "--offline", "--quiet"], in: folder).status == 0)
        try Data("# Home\n\nChanged.\n".utf8).write(to: folder.appendingPathComponent("site/content/index.md"))
        let run = try await TestSupport.spawn(["build", "site", "--offline", "--verbose"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let stages = run.stderr.split(separator: "\n").filter { $0.hasPrefix("stage: ") }
        #expect(stages.count == Set(stages).count, "each stage once: \(stages)")
        #expect(stages.contains("stage: render pages (the pages whose inputs changed)"), "\(stages)")
        for phrase in ["spare tree", "folders read", "recorded"] { #expect(!run.stderr.contains(phrase), "\(run.stderr)") }
    }
}
