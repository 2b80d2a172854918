import Foundation
import Testing
@testable import VitrineKit

/// Rebuilds into a complete vitrine output update it in place: unchanged pages are neither
/// rendered nor written (their mtimes stay), changed ones are replaced, the rest is intact.
@Suite("incremental rebuilds")
struct IncrementalBuildTests {
    /// Relative path → modification time (ns) and inode, for every file.
    static func stamps(_ root: URL) throws -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)! {
            var info = stat()
            guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            result[String(path.dropFirst(base.count + 1))] = [info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_ino)]
        }
        return result
    }

    static func changed(_ before: [String: [Int]], _ after: [String: [Int]]) -> Set<String> {
        Set(after.keys.filter { before[$0] != after[$0] }).union(before.keys.filter { after[$0] == nil })
    }

    @Test func anUnchangedRebuildWritesNothing() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        let tree = try TestSupport.tree(output)
        let before = try Self.stamps(output)
        let summary = try await TestSupport.build(site, output: output, jobs: 3)
        #expect(summary.files == 0)
        #expect(summary.unchanged == tree.count - 2, "every page and asset; not the marker or the manifest")
        #expect(Self.changed(before, try Self.stamps(output)) == [])
        #expect(try TestSupport.tree(output) == tree)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.path).filter { $0.contains("vitrine-") && !$0.hasSuffix(".vitrine-lock") }
        #expect(leftovers == [])
    }

    @Test func aChangedItemRewritesOnlyThePagesItAppearsOn() async throws {
        var titles = (0..<7).map { "Item \($0)" }
        let site = try FileSourceTests.site(catalog: FileSourceTests.catalog(7, title: { titles[$0] }))
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        let before = try Self.stamps(output)

        titles[2] = "Renamed & <changed>"
        try FileSourceTests.catalog(7, title: { titles[$0] }).write(to: site.appendingPathComponent("catalog.json"))
        let summary = try await TestSupport.build(site, output: output)
        // Its page, its neighbours' prev/next links, its gallery page (items 2 and 3), the
        // gallery's filter index, the manifest.
        #expect(Self.changed(before, try Self.stamps(output)) == [
            "items/file-it000002/index.html", "items/file-it000001/index.html", "items/file-it000003/index.html",
            "things/page/2/index.html", "things/filter-index.js", ".vitrine-manifest",
        ])
        #expect(summary.files == 5)

        // The result equals a fresh build of the same inputs.
        let fresh = site.deletingLastPathComponent().appendingPathComponent("fresh")
        try await TestSupport.build(site, output: fresh)
        #expect(try TestSupport.tree(output) == (try TestSupport.tree(fresh)))
    }

    @Test func removedItemsLoseTheirPagesAndATemplateChangeRewritesEverything() async throws {
        let site = try FileSourceTests.site(catalog: FileSourceTests.catalog(7))
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        try FileSourceTests.catalog(4).write(to: site.appendingPathComponent("catalog.json"))
        try await TestSupport.build(site, output: output)
        let fresh = site.deletingLastPathComponent().appendingPathComponent("fresh")
        try await TestSupport.build(site, output: fresh)
        #expect(try TestSupport.tree(output) == (try TestSupport.tree(fresh)))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("items/file-it000005").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("things/page/3").path))

        let templates = site.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let item = try String(contentsOf: Theme.defaultDirectory.appendingPathComponent("item.mustache"), encoding: .utf8)
        try Data((item + "\n").utf8).write(to: templates.appendingPathComponent("item.mustache"))
        let summary = try await TestSupport.build(site, output: output)
        #expect(summary.files == 4, "every item page; gallery pages are re-rendered but their bytes are the same")
    }

    @Test func aFailedRebuildLeavesTheOutputAndItsManifestIntact() async throws {
        let site = try FileSourceTests.site(catalog: FileSourceTests.catalog(5))
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        let tree = try TestSupport.tree(output)
        try Data("{\"format\": \"vitrine-bench-catalog/1\", \"items\": [".utf8).write(to: site.appendingPathComponent("catalog.json"))
        await #expect(throws: VitrineError.self) { try await TestSupport.build(site, output: output) }
        #expect(try TestSupport.tree(output) == tree)
    }
}
