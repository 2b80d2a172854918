import Foundation
import Testing

@testable import VitrineKit

/// What a build may and may not do to the output folder and what sits beside it: files
/// vitrine did not write survive every kind of build, `static/` is copied, symbolic links
/// are never followed out of the output, leftovers of killed builds go, paths are checked
/// before any work, and one build of an output runs at a time.
@Suite("output safety")
struct OutputSafetyTests {
    static func site(items: Int = 5) throws -> (site: URL, output: URL) {
        let site = try FileSourceTests.site(catalog: FileSourceTests.catalog(items))
        return (site, site.appendingPathComponent("public"))
    }

    static func write(_ text: String, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static func build(_ site: URL, _ output: URL, strict: Bool = false, report: URL? = nil) async throws -> BuildSummary {
        var options = BuildOptions(site: site, siteLabel: "site", output: output, outputLabel: "public", jobs: 2, report: report)
        options.checkLinks = strict
        return try await SiteBuilder().build(options)
    }

    /// Every regular file, leaving out what the user added.
    static func vitrineFiles(_ output: URL) throws -> [String: Data] {
        try TestSupport.tree(output).filter { !$0.key.hasPrefix(".git/") && $0.key != "notes/todo.txt" }
    }

    @Test func staticFilesAndAGitWorktreeSurviveFullIncrementalAndStrictBuilds() async throws {
        let (site, output) = try Self.site()
        try Self.write("example.org\n", to: site.appendingPathComponent("static/CNAME"))
        try Self.write("", to: site.appendingPathComponent("static/.nojekyll"))
        try await Self.build(site, output)
        #expect(try String(contentsOf: output.appendingPathComponent("CNAME"), encoding: .utf8) == "example.org\n")
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(".nojekyll").path))

        // A gh-pages worktree and a note of the user's, inside the output.
        try Self.write("ref: refs/heads/gh-pages\n", to: output.appendingPathComponent(".git/HEAD"))
        try FileManager.default.createDirectory(at: output.appendingPathComponent(".git/refs/tags"), withIntermediateDirectories: true)
        try Self.write("mine\n", to: output.appendingPathComponent("notes/todo.txt"))
        let fresh = try TestSupport.temporaryDirectory().appendingPathComponent("fresh")

        func expectKept(_ when: String) throws {
            #expect(try String(contentsOf: output.appendingPathComponent(".git/HEAD"), encoding: .utf8) == "ref: refs/heads/gh-pages\n", "\(when)")
            #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(".git/refs/tags").path), "empty folders too, \(when)")
            #expect(try String(contentsOf: output.appendingPathComponent("notes/todo.txt"), encoding: .utf8) == "mine\n", "\(when)")
            #expect(try String(contentsOf: output.appendingPathComponent("CNAME"), encoding: .utf8) == "example.org\n", "\(when)")
        }
        // Incremental, with a change.
        try FileSourceTests.catalog(6).write(to: site.appendingPathComponent("catalog.json"))
        let incremental = try await Self.build(site, output)
        try expectKept("incremental")
        #expect(incremental.keptFiles == 2)
        #expect(incremental.line.hasSuffix("; kept 2 files vitrine did not write (.git/, notes/)"))
        // Full: the manifest is gone, so nothing is reused.
        try FileManager.default.removeItem(at: output.appendingPathComponent(BuildManifest.fileName))
        try await Self.build(site, output)
        try expectKept("full")
        // Strict: renders everything and checks links of the staged site.
        try await Self.build(site, output, strict: true)
        try expectKept("strict")
        try await Self.build(site, fresh)
        #expect(try Self.vitrineFiles(output) == (try TestSupport.tree(fresh)))

        // Removing a file from static/ removes it from the site.
        try FileManager.default.removeItem(at: site.appendingPathComponent("static/CNAME"))
        try await Self.build(site, output)
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("CNAME").path))
    }

    @Test func aStaticFileThatWouldReplaceAGeneratedPageIsAnErrorNamingBoth() async throws {
        let (site, output) = try Self.site()
        try Self.write("<p>mine</p>", to: site.appendingPathComponent("static/index.html"))
        await #expect(throws: VitrineError("site/static/index.html: would replace the generated index.html; rename or remove it")) {
            try await Self.build(site, output)
        }
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aFileVitrineDidNotWriteIsNeverReplacedByAGeneratedOne() async throws {
        let (site, output) = try Self.site(items: 5)
        try await Self.build(site, output)
        // The user drops a page where the next build will put an item page.
        try Self.write("<p>hand-made</p>", to: output.appendingPathComponent("items/file-it000005/index.html"))
        let before = try TestSupport.tree(output)
        try FileSourceTests.catalog(6).write(to: site.appendingPathComponent("catalog.json"))
        await #expect(throws: VitrineError.self) { try await Self.build(site, output) }
        #expect(try TestSupport.tree(output) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent(".public.vitrine").path).filter { $0.contains("staging") }
        #expect(leftovers == [])
    }

    @Test func aSymbolicLinkInTheOutputIsNeverFollowed() async throws {
        let (site, output) = try Self.site()
        try await Self.build(site, output)
        let elsewhere = try TestSupport.temporaryDirectory("vitrine-elsewhere")
        try Self.write("precious", to: elsewhere.appendingPathComponent("keep.txt"))
        // A link where vitrine keeps its item pages, and one beside them.
        try FileManager.default.removeItem(at: output.appendingPathComponent("items"))
        try FileManager.default.createSymbolicLink(at: output.appendingPathComponent("items"), withDestinationURL: elsewhere)
        try FileManager.default.createSymbolicLink(at: output.appendingPathComponent("shortcut"), withDestinationURL: elsewhere)
        // A change, so that the build assembles a new tree (an unchanged one touches nothing).
        try FileSourceTests.catalog(5, title: { "Renamed \($0)" }).write(to: site.appendingPathComponent("catalog.json"))
        await #expect(
            throws: VitrineError(
                "public/items: a symbolic link vitrine did not write is where the new build puts a folder; move it into the site's static/ folder or remove it", kind: .output)
        ) {
            try await Self.build(site, output)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["keep.txt"])

        try FileManager.default.removeItem(at: output.appendingPathComponent("items"))
        try await Self.build(site, output)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path) == ["keep.txt"], "nothing written or deleted there")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: output.appendingPathComponent("shortcut").path) == elsewhere.path)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("items/file-it000000/index.html").path))
    }

    @Test func leftoversOfKilledBuildsAreRemovedButNotThoseOfLiveOnes() async throws {
        let (site, output) = try Self.site()
        let dead = Int32(4_000_000)  // above pid_max: no such process
        let sidecar = output.deletingLastPathComponent().appendingPathComponent(".public.vitrine")
        for kind in ["staging", "old", "backup"] {
            try Self.write("x", to: sidecar.appendingPathComponent("\(kind)-\(dead)/items/a/index.html"))
        }
        for kind in ["folders", "filter"] { try Self.write("x", to: sidecar.appendingPathComponent("\(kind)-\(dead)")) }
        // pid 1 is always running.
        try Self.write("x", to: sidecar.appendingPathComponent("staging-1/index.html"))
        try await Self.build(site, output)
        let left = try FileManager.default.contentsOfDirectory(atPath: sidecar.path).sorted()
        #expect(left == ["filter", "lock", "staging-1"], "the record of the filter indexes stays")
    }

    @Test func anUnwritableReportIsRefusedBeforeAnyWork() async throws {
        let (site, output) = try Self.site()
        let report = site.appendingPathComponent("no-such-folder/report.json")
        await #expect(throws: VitrineError("\(report.path): --report: the folder \(report.deletingLastPathComponent().path) does not exist", kind: .usage)) {
            try await Self.build(site, output, report: report)
        }
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing was published")
        await #expect(throws: VitrineError.self) { try await Self.build(site, output, report: site) }
    }

    @Test func aSecondBuildWaitsForTheLockAndGivesUpAfterTheTimeout() async throws {
        let (site, output) = try Self.site()
        try FileManager.default.createDirectory(at: site.appendingPathComponent(".public.vitrine"), withIntermediateDirectories: false)
        let lock = try FileLock(site.appendingPathComponent(".public.vitrine/lock"), label: "lock")
        var options = BuildOptions(site: site, siteLabel: "site", output: output, outputLabel: "public")
        options.lockTimeout = .milliseconds(200)
        await #expect(throws: VitrineError("another vitrine build of public (pid \(getpid())) still holds its lock; gave up after --lock-timeout", kind: .busy)) {
            try await SiteBuilder().build(options)
        }
        withExtendedLifetime(lock) {}
    }

    @Test func aCancelledBuildPublishesNothingAndLeavesNoStaging() async throws {
        let (site, output) = try Self.site(items: 400)
        try await Self.build(site, output)
        let before = try TestSupport.tree(output)
        try FileSourceTests.catalog(400, title: { "Renamed \($0)" }).write(to: site.appendingPathComponent("catalog.json"))
        let task = Task { try await Self.build(site, output) }
        task.cancel()
        await #expect(throws: VitrineError.interrupted) { try await task.value }
        #expect(try TestSupport.tree(output) == before)
        let left = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent(".public.vitrine").path).filter { $0.contains("staging") }
        #expect(left == [])
    }
}
