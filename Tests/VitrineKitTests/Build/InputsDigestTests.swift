import Foundation
import Testing

@testable import VitrineKit

/// A rebuild after a large catalog was edited reads that catalog once: the bytes hashed to
/// learn that it changed are the bytes the build parses.
@Suite("inputs digest")
struct InputsDigestTests {
    /// Items enough for a catalog of just over a megabyte (`InputRecorder.hashedAside`),
    /// each with a long description: few pages to build.
    static let count = 1_100

    /// A site whose catalog is large enough to be read whole when it is hashed; no item
    /// has a problem, so the build's manifest carries the inputs digest a rebuild compares.
    static func largeSite(title: @escaping (Int) -> String = { "Item \($0)" }) throws -> (site: URL, catalog: Data) {
        let catalog = Self.catalog(title: title)
        let site = try FileSourceTests.site(catalog: catalog, perPage: 60)
        return (site, catalog)
    }

    static func catalog(title: (Int) -> String = { "Item \($0)" }) -> Data {
        let items = (0..<count).map { index -> [String: Any] in
            [
                "id": String(format: "it%06d", index), "title": title(index), "rating": 7.25 + Double(index % 3),
                "image": ["url": "https://media.example.org/\(index)/200w.gif", "width": 480, "height": 270],
                "description": "Plain *text* \(index). " + String(repeating: "More words. ", count: 80), "source": "https://example.org/items/\(index)",
            ]
        }
        return try! JSONSerialization.data(withJSONObject: ["format": "vitrine-bench-catalog/1", "items": items], options: [.sortedKeys])
    }

    static func inputsDigest(_ site: URL) throws -> InputsDigest {
        let options = BuildOptions(site: site, siteLabel: "site")
        let config = try SiteReader(options: options).config()
        let theme = try Theme.Files.read(defaults: Theme.defaultDirectory, overrides: site.appendingPathComponent("templates"), overridesLabel: "templates")
        return InputsDigest(options: options, config: config, theme: theme, staticFiles: try StaticFolder.files(site: site, label: options.label))
    }

    @Test func aLargeFileReadToCompareIsHandedOnAndASmallOrRecordedOneIsNot() async throws {
        let (site, catalog) = try Self.largeSite()
        try #require(catalog.count >= InputRecorder.hashedAside)
        let inputs = try Self.inputsDigest(site)
        try await Task.sleep(for: .milliseconds(30))

        let first = inputs.current(site: site, settle: .zero)
        #expect(first.digest != nil)
        #expect(Array(first.read.keys) == ["catalog.json"], "site.yml is small: hashed as it is read, not kept")
        #expect(first.read["catalog.json"]?.bytes == catalog)
        #expect(first.read["catalog.json"]?.digest == catalog.withUnsafeBytes { StableHasher.digest($0) })

        // Recorded now: the next comparison reads nothing, and finds the same digest.
        let second = inputs.current(site: site, settle: .zero)
        #expect(second.digest == first.digest)
        #expect(second.read.isEmpty)
    }

    @Test func theReaderParsesWhatItWasOfferedOnceAndRecordsItsDigest() throws {
        let (site, _) = try Self.largeSite()
        let offered = Self.catalog(title: { "Offered \($0)" })
        let digest = offered.withUnsafeBytes { StableHasher.digest($0) }
        let recorder = InputRecorder()
        let reader = SiteReader(options: BuildOptions(site: site, siteLabel: "site"), recorder: recorder)
        let config = try reader.config()
        reader.offer(["catalog.json": InputsDigest.Read(bytes: offered, digest: digest)])
        let loaded = try reader.read(config: config, favorites: try reader.favorites(config), logger: .init(label: "test"))
        #expect(loaded.items.first?.title == "Offered 0")
        #expect(recorder.waitForDigests()["catalog.json"] == digest)

        // Taken once: a second reader of the same offer would read the disk again.
        let again = try SiteReader(options: BuildOptions(site: site, siteLabel: "site")).read(config: config, favorites: FavoritesFile(favorites: []), logger: .init(label: "test"))
        #expect(again.items.first?.title == "Item 0")
    }

    /// A catalog the reader holds decoded already (searched for a favorite before the
    /// fetch) is not read again: an offer of it would only be held in memory for the whole
    /// build, and the site is made from the bytes read first.
    @Test func anOfferOfACatalogHeldDecodedIsNotKept() throws {
        let (site, catalog) = try Self.largeSite()
        let recorder = InputRecorder()
        let reader = SiteReader(options: BuildOptions(site: site, siteLabel: "site"), recorder: recorder)
        let config = try reader.config()
        #expect(try reader.knownItems(config).count == Self.count)
        let offered = Self.catalog(title: { "Offered \($0)" })
        reader.offer(["catalog.json": InputsDigest.Read(bytes: offered, digest: offered.withUnsafeBytes { StableHasher.digest($0) })])
        #expect(reader.offeredPaths.isEmpty)
        let loaded = try reader.read(config: config, favorites: try reader.favorites(config), logger: .init(label: "test"))
        #expect(loaded.items.first?.title == "Item 0")
        #expect(recorder.waitForDigests()["catalog.json"] == catalog.withUnsafeBytes { StableHasher.digest($0) })

        let fresh = SiteReader(options: BuildOptions(site: site, siteLabel: "site"), recorder: InputRecorder())
        fresh.offer(["catalog.json": InputsDigest.Read(bytes: offered, digest: offered.withUnsafeBytes { StableHasher.digest($0) })])
        #expect(fresh.offeredPaths == ["catalog.json"])
    }

    @Test func anOfferIsIgnoredWhenTheSiteIsNotReadFromItsFolder() throws {
        let (site, catalog) = try Self.largeSite()
        var options = BuildOptions(site: site, siteLabel: "site")
        options.siteFolder = CountingFolder(root: site)
        let reader = SiteReader(options: options)
        let config = try reader.config()
        let offered = Self.catalog(title: { "Offered \($0)" })
        reader.offer(["catalog.json": InputsDigest.Read(bytes: offered, digest: offered.withUnsafeBytes { StableHasher.digest($0) })])
        let loaded = try reader.read(config: config, favorites: FavoritesFile(favorites: []), logger: .init(label: "test"))
        #expect(loaded.items.first?.title == "Item 0")
        #expect(catalog.count > 0)
    }

    /// An edited large catalog, rebuilt over the previous output: the site a fresh build of
    /// the edited catalog makes, byte for byte.
    @Test func aRebuildAfterALargeCatalogWasEditedIsTheFreshBuild() async throws {
        let (site, catalog) = try Self.largeSite()
        try #require(catalog.count >= InputRecorder.hashedAside)
        let output = site.deletingLastPathComponent().appendingPathComponent("public")
        let options = BuildOptions(site: site, siteLabel: "site", output: output, jobs: 2)
        _ = try await SiteBuilder().build(options)
        #expect(BuildManifest.bytes(in: output).flatMap(BuildManifest.Summary.init)?.inputs != nil, "the rebuild compares its inputs")
        try await Task.sleep(for: .milliseconds(20))
        try Self.catalog(title: { $0 == 17 ? "Edited 17" : "Item \($0)" }).write(to: site.appendingPathComponent("catalog.json"))
        let summary = try await SiteBuilder().build(options)
        #expect(summary.inputsUnchanged == false)
        #expect(summary.files < 10, "the item, its gallery page, the filter index and the pages that list everything")

        let fresh = try TestSupport.temporaryDirectory("vitrine-fresh").appendingPathComponent("public")
        _ = try await SiteBuilder().build(BuildOptions(site: site, siteLabel: "site", output: fresh, jobs: 2))
        #expect(try TestSupport.tree(output) == TestSupport.tree(fresh))
        #expect(try String(contentsOf: output.appendingPathComponent("items/file-it000017/index.html"), encoding: .utf8).contains("Edited 17"))
    }
}

extension InputsDigestTests {
    /// A catalog written again with the same bytes (a generator run again, an editor's save):
    /// read and hashed, found unchanged, and nothing is rebuilt or left behind; the next
    /// real edit is built as usual.
    @Test func aCatalogRewrittenWithTheSameBytesIsAnUnchangedRebuild() async throws {
        let (site, _) = try Self.largeSite()
        let output = site.deletingLastPathComponent().appendingPathComponent("public")
        let options = BuildOptions(site: site, siteLabel: "site", output: output, jobs: 2)
        _ = try await SiteBuilder().build(options)
        let built = try TestSupport.tree(output)
        let catalog = site.appendingPathComponent("catalog.json")
        try Data(contentsOf: catalog).write(to: catalog)

        let rewritten = try await SiteBuilder().build(options)
        #expect(rewritten.inputsUnchanged)
        #expect(try TestSupport.tree(output) == built)
        let sidecar = output.deletingLastPathComponent().appendingPathComponent(".public.vitrine")
        let beside = try FileManager.default.contentsOfDirectory(atPath: sidecar.path).sorted()
        // The folders' record may be there too, written once the first build's listing ended.
        #expect(Set(beside).isSubset(of: ["filter", "folders", "lock"]), "no temporary file, no spare: nothing was staged: \(beside)")

        try Self.catalog(title: { $0 == 3 ? "Edited 3" : "Item \($0)" }).write(to: catalog)
        let edited = try await SiteBuilder().build(options)
        #expect(!edited.inputsUnchanged)
        #expect(try String(contentsOf: output.appendingPathComponent("items/file-it000003/index.html"), encoding: .utf8).contains("Edited 3"))
    }
}

/// The site folder on disk behind another `SiteFolder`: what a test or `serve` might use.
private struct CountingFolder: SiteFolder {
    let disk: DiskSiteFolder
    init(root: URL) { disk = DiskSiteFolder(root: root, label: { $0 }) }
    var exists: Bool { disk.exists }
    func read(_ relative: String) throws(VitrineError) -> Data? { try disk.read(relative) }
    func names(in relative: String) throws(VitrineError) -> [String]? { try disk.names(in: relative) }
    func modified(_ relative: String) -> Date? { disk.modified(relative) }
}
