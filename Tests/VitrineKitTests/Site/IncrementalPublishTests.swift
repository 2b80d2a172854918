import Foundation
import Testing
@testable import VitrineKit

/// An in-place update is one transaction: a failure part-way puts the previous site back.
@Suite("incremental publish")
struct IncrementalPublishTests {
    struct Setup {
        let output: URL
        let staging: URL
        let publisher: OutputPublisher
        let before: [String: Data]
        let manifest: BuildManifest
    }

    func setUp() throws -> Setup {
        let base = try TestSupport.temporaryDirectory()
        let site = base.appendingPathComponent("site")
        let output = base.appendingPathComponent("public")
        let staging = base.appendingPathComponent("staging")
        for folder in [site, output.appendingPathComponent("items/old"), staging] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let manifest = BuildManifest(entries: [("a.html", StableHasher.Digest(high: 1, low: 1))])
        try Data("marker".utf8).write(to: output.appendingPathComponent(OutputPublisher.marker))
        try manifest.data.write(to: output.appendingPathComponent(BuildManifest.fileName))
        try Data("old a".utf8).write(to: output.appendingPathComponent("a.html"))
        try Data("old b".utf8).write(to: output.appendingPathComponent("b.html"))
        try Data("old page".utf8).write(to: output.appendingPathComponent("items/old/index.html"))
        try Data("new a".utf8).write(to: staging.appendingPathComponent("a.html"))
        try FileManager.default.createDirectory(at: staging.appendingPathComponent("items/new"), withIntermediateDirectories: true)
        try Data("new page".utf8).write(to: staging.appendingPathComponent("items/new/index.html"))
        let publisher = try OutputPublisher(output: output, site: site, label: "public")
        return Setup(output: output, staging: staging, publisher: publisher, before: try TestSupport.tree(output), manifest: manifest)
    }

    @Test func aFailurePartWayRestoresThePreviousSiteExactly() throws {
        let setup = try setUp()
        let next = BuildManifest(entries: [("a.html", StableHasher.Digest(high: 2, low: 2))])
        // The third file was never staged: moving it into place fails after two others moved.
        #expect(throws: VitrineError.self) {
            try setup.publisher.update(
                from: setup.staging, changed: ["a.html", "items/new/index.html", "missing.html"],
                removed: ["items/old/index.html"], manifest: next, previous: setup.manifest
            )
        }
        #expect(try TestSupport.tree(setup.output) == setup.before)
        #expect(!FileManager.default.fileExists(atPath: setup.output.appendingPathComponent("items/new").path), "made folders are removed")
        let siblings = try FileManager.default.contentsOfDirectory(atPath: setup.output.deletingLastPathComponent().path)
        #expect(!siblings.contains { $0.contains("vitrine-backup") })
    }

    @Test func anUpdateReplacesRemovesAndToleratesAFileDeletedByHand() throws {
        let setup = try setUp()
        let next = BuildManifest(entries: [("a.html", StableHasher.Digest(high: 2, low: 2))])
        try setup.publisher.update(
            from: setup.staging, changed: ["a.html", "items/new/index.html"],
            removed: ["items/old/index.html", "gone-by-hand.html"], manifest: next, previous: setup.manifest
        )
        let after = try TestSupport.tree(setup.output)
        #expect(after["a.html"] == Data("new a".utf8))
        #expect(after["b.html"] == Data("old b".utf8))
        #expect(after["items/new/index.html"] == Data("new page".utf8))
        #expect(after["items/old/index.html"] == nil)
        #expect(!FileManager.default.fileExists(atPath: setup.output.appendingPathComponent("items/old").path), "emptied folders go")
        #expect(after[BuildManifest.fileName] == next.data)
    }
}
