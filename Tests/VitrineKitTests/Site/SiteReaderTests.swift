import Foundation
import Synchronization
import Testing

@testable import VitrineKit

/// The site has one reader, behind a file-system seam: a build reads and decodes each
/// input once, and the read phase runs on files that exist only in memory.
@Suite("the site reader")
struct SiteReaderTests {
    /// Counts the reads that reach the disk.
    final class CountingFolder: SiteFolder {
        let disk: DiskSiteFolder
        let reads = Mutex<[String: Int]>([:])

        init(_ disk: DiskSiteFolder) { self.disk = disk }

        var exists: Bool { disk.exists }
        func read(_ relative: String) throws(VitrineError) -> Data? {
            reads.withLock { $0[relative, default: 0] += 1 }
            return try disk.read(relative)
        }
        func names(in relative: String) throws(VitrineError) -> [String]? { try disk.names(in: relative) }
        func modified(_ relative: String) -> Date? { disk.modified(relative) }
    }

    /// Files in memory, by path relative to the site.
    struct MemoryFolder: SiteFolder {
        var files: [String: String]

        var exists: Bool { true }
        func read(_ relative: String) throws(VitrineError) -> Data? { files[relative].map { Data($0.utf8) } }
        func names(in relative: String) throws(VitrineError) -> [String]? {
            let names = files.keys.filter { $0.hasPrefix(relative + "/") }.map { String($0.dropFirst(relative.count + 1)) }
            return names.isEmpty ? nil : names.sorted()
        }
        func modified(_ relative: String) -> Date? { nil }
    }

    @Test("a build reads each input once, though the fetch stage, the favorites lookup and the read phase all need the snapshots")
    func aBuildReadsEachInputOnce() async throws {
        // The fixture's favorites name giphy:g1 and tmdb:550 by id only: they are looked up in
        // the gallery snapshots before the read phase reads those snapshots for the pages.
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        var options = BuildOptions(site: site, siteLabel: "site", output: site.appendingPathComponent("public"), jobs: 2)
        let folder = CountingFolder(DiskSiteFolder(root: site, label: { "site/" + $0 }))
        options.siteFolder = folder
        let summary = try await SiteBuilder(logger: .init(label: "test")).build(options)
        #expect(summary.pages > 0)
        let reads = folder.reads.withLock { $0 }
        #expect(reads["data/gifs.json"] == 1 && reads["data/popular.json"] == 1 && reads["favorites.json"] == 1 && reads["site.yml"] == 1)
        #expect(reads.filter { $0.value != 1 }.isEmpty, "read more than once: \(reads.filter { $0.value != 1 })")
    }

    @Test("the read phase runs on files in memory: galleries, favorites found in them, content; errors name the file")
    func theReadPhaseRunsOnFilesInMemory() throws {
        let snapshot = """
            {"format": "vitrine-snapshot/1", "gallery": "gifs", "source": "giphy", "query": "cats", "fetchedAt": "2026-11-20T00:00:00Z",
             "totalResults": 2, "invalidIDs": [], "items": [
               {"id": "giphy:a", "title": "First", "gif": {"rating": "g"}},
               {"id": "giphy:b", "title": "Second", "movie": {"overview": "not a GIF's"}}]}
            """
        var folder = MemoryFolder(files: [
            "site.yml": "title: In memory\ngalleries:\n  - name: gifs\n    source: giphy\n    query: cats\n",
            "data/gifs.json": snapshot,
            "favorites.json": #"{"favorites": [{"id": "giphy:b", "addedAt": "2026-11-20T09:12:00Z"}]}"#,
            "content/index.md": "Hello *there*.\n",
        ])
        let options = BuildOptions(site: URL(fileURLWithPath: "/nowhere/at/all"), siteLabel: "mem")
        var reader = SiteReader(options: options, folder: folder)
        let config = try reader.config()
        let site = try reader.read(config: config, favorites: try reader.favorites(config), logger: .init(label: "test"))
        #expect(site.galleries.map(\.items.count) == [2])
        #expect(site.items.map(\.title) == ["First", "Second"])
        #expect(site.items[0].details == .gif(GIFDetails(rating: "g")))
        #expect(site.items[1].details == nil, "a GIF's item keeps no movie details")
        #expect(site.favorites.map(\.item.id.description) == ["giphy:b"])
        #expect(site.home?.name == "index")

        folder.files["data/gifs.json"] =
            #"{"format": "vitrine-snapshot/1", "gallery": "gifs", "source": "tmdb", "query": "cats", "fetchedAt": "2026-11-20T00:00:00Z", "totalResults": 0, "invalidIDs": [], "items": []}"#
        reader = SiteReader(options: options, folder: folder)
        #expect {
            try reader.read(config: config, favorites: FavoritesFile(favorites: []), logger: .init(label: "test"))
        } throws: { error in
            (error as? VitrineError)?.location?.file == "mem/data/gifs.json"
        }
    }

    @Test("the first bad input in reading order is the one reported: content by name, then galleries in config order")
    func theFirstBadInputIsReported() throws {
        let config = try SiteConfig.parse(
            "title: Order\ngalleries:\n  - name: first\n    source: file\n    path: first.json\n  - name: second\n    source: file\n    path: second.json\n",
            file: "site.yml")
        let options = BuildOptions(site: URL(fileURLWithPath: "/nowhere/at/all"), siteLabel: "mem")
        func error(_ files: [String: String]) -> VitrineError? {
            let reader = SiteReader(options: options, folder: MemoryFolder(files: files))
            do {
                _ = try reader.read(config: config, favorites: FavoritesFile(favorites: []), logger: .init(label: "test"))
                return nil
            } catch {
                return error
            }
        }
        // A page name that cannot be a folder, before a later file that does not parse.
        let content = error(["content/Bad Name.md": "Text\n", "content/zz.md": "---\ntitle: [\n---\n", "first.json": "{", "second.json": "{"])
        #expect(content?.location?.file == "mem/content/Bad Name.md")
        // The first gallery's missing catalog, before the second's broken one.
        let gallery = error(["second.json": "{"])
        #expect(gallery?.kind == .missingInput && gallery?.message.contains("'first'") == true)
    }

    @Test("a snapshot's item keeps its JSON shape: the details under their kind's key")
    func itemDetailsKeepTheirJSONShape() throws {
        let item = Item(
            id: try ItemID(parsing: "tmdb:550"), title: "Fight Club", image: Picture(url: "https://image.tmdb.org/t/p/w342/a.jpg"),
            details: .movie(MovieDetails(voteAverage: 8.4)))
        let json = try #require(String(data: try VitrineJSON.encode(item), encoding: .utf8))
        #expect(json.contains(#""movie" : {"#) && json.contains(#""voteAverage" : 8.4"#))
        #expect(!json.contains("details"))
        #expect(try JSONDecoder().decode(Item.self, from: Data(json.utf8)) == item)
    }

    @Test("galleries keep each id once, up to their limit; an item listed in two galleries has one page, homed in the first")
    func galleriesKeepEachIDOnce() throws {
        func snapshot(_ gallery: String, _ ids: [String]) -> String {
            let items = ids.map { #"{"id": "giphy:\#($0)", "title": "\#($0)"}"# }.joined(separator: ", ")
            return
                #"{"format": "vitrine-snapshot/1", "gallery": "\#(gallery)", "source": "giphy", "query": "q", "fetchedAt": "2026-11-20T00:00:00Z", "totalResults": 9, "invalidIDs": [], "items": [\#(items)]}"#
        }
        let folder = MemoryFolder(files: [
            "site.yml": "title: Twice\ngalleries:\n  - name: one\n    source: giphy\n    query: q\n    limit: 3\n  - name: two\n    source: giphy\n    query: q\n",
            "data/one.json": snapshot("one", ["a", "b", "a", "c", "d"]),
            "data/two.json": snapshot("two", ["c", "e", "c", "b", "e", "f"]),
        ])
        let reader = SiteReader(options: BuildOptions(site: URL(fileURLWithPath: "/nowhere/at/all"), siteLabel: "mem"), folder: folder)
        let config = try reader.config()
        let site = try reader.read(config: config, favorites: FavoritesFile(favorites: []), logger: .init(label: "test"))
        #expect(site.galleries.map { $0.items.map(\.title) } == [["a", "b", "c"], ["c", "e", "b", "f"]])
        #expect(site.items.map(\.title) == ["a", "b", "c", "e", "f"])
        let homes = site.items.map { site.homeOf[$0.id].map { "\($0.gallery ?? -1):\($0.index)" } ?? "none" }
        #expect(homes == ["0:0", "0:1", "0:2", "1:1", "1:3"])
    }
}
