import Foundation
import Testing

@testable import VitrineKit

/// Issue 34 renamed Swift names only (a favorite's "snapshot" became its stored item, the
/// catalog file's types say catalog, …): the files and reports users keep are unchanged.
@Suite("names changed, formats not")
struct NamesTests {
    /// favorites.json as the previous version wrote it: an entry with a stored item (its
    /// fetch stamp inside) and an owner's note, an id-only entry, vitrine's own layout.
    static let previousFavorites = """
        {
          "favorites" : [
            {
              "addedAt" : "2026-11-20T09:12:00Z",
              "id" : "giphy:g1",
              "item" : {
                "cacheMaxAge" : 3600,
                "fetchedAt" : "2026-11-20T09:11:59Z",
                "gif" : {
                  "animated" : {
                    "height" : 175,
                    "url" : "https://media4.giphy.com/media/g1/200w.gif",
                    "width" : 200
                  },
                  "rating" : "g"
                },
                "id" : "giphy:g1",
                "image" : {
                  "height" : 175,
                  "url" : "https://media4.giphy.com/media/g1/200w.gif",
                  "width" : 200
                },
                "link" : "https://giphy.com/gifs/g1",
                "title" : "Grumpy Mood GIF"
              },
              "note" : "the best one"
            },
            {
              "addedAt" : "2026-11-21T10:00:00Z",
              "id" : "giphy:g2"
            }
          ]
        }
        """

    @Test func favoritesWrittenByThePreviousVersionReadAndRoundTripByteIdentically() throws {
        let data = Data((Self.previousFavorites + "\n").utf8)
        let file = try FavoritesFile.parse(data, file: "favorites.json", jobs: 2)
        #expect(file.warnings.isEmpty)
        let stored = try #require(file.favorites.first { $0.id.description == "giphy:g1" })
        #expect(stored.item?.title == "Grumpy Mood GIF", "the stored item is read from `item`")
        #expect(stored.stamp == FetchStamp(fetchedAt: "2026-11-20T09:11:59Z", cacheMaxAge: 3600))
        #expect(file.unresolvedIDs.map(\.description) == ["giphy:g2"])
        let written = try file.encoded()
        #expect(written == data, "byte-identical:\n\(String(decoding: written, as: UTF8.self))")
    }

    /// `--report`'s keys, as CI scripts read them.
    @Test func buildReportKeysAreUnchanged() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let report = try TestSupport.temporaryDirectory("names-report").appendingPathComponent("report.json")
        let output = try TestSupport.temporaryDirectory("names-output").appendingPathComponent("public")
        try await SiteBuilder().build(BuildOptions(site: site, siteLabel: "site", output: output, jobs: 2, report: report))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let keys = [
            "bytes", "cacheHits", "failures", "favorites", "files", "galleries", "items", "pages", "requests", "seconds", "warnings",
        ]
        #expect(object.keys.sorted() == keys)
        let galleries = try #require(object["galleries"] as? [[String: Any]])
        #expect(!galleries.isEmpty)
        let galleryKeys = ["added", "invalidIDs", "items", "name", "origin", "removed", "source", "totalResults"]
        for gallery in galleries { #expect(gallery.keys.sorted() == galleryKeys) }
        #expect(galleries.allSatisfy { ["snapshot", "catalog"].contains($0["origin"] as? String) }, "origins keep their spelling")
    }

    /// `favorites`, `search`, `diff` and `check` take a `SiteLocation`; `build` holds one.
    @Test func aSiteLocationNamesFilesAsTheUserTypedTheFolder() {
        #expect(SiteLocation(path: ".").label("site.yml") == "site.yml")
        #expect(SiteLocation(path: "Site").label("site.yml") == "Site/site.yml")
        #expect(SiteLocation(path: "Site/").label("site.yml") == "Site/site.yml")
        let options = BuildOptions(location: SiteLocation(path: "Site"))
        #expect(options.site == URL(fileURLWithPath: "Site", isDirectory: true))
        #expect(options.siteLabel == "Site")
        #expect(options.outputName == "Site/public")
    }

    /// A GIF's page of origin is `postURL` in Swift and `sourceURL` in every stored file.
    @Test func gifPostKeepsItsStoredKeys() throws {
        let json = #"{"rating":"g","sourceDomain":"example.com","sourceURL":"https://example.com/post/1"}"#
        let details = try JSONDecoder().decode(GIFDetails.self, from: Data(json.utf8))
        #expect(details.postURL == "https://example.com/post/1")
        #expect(details.postDomain == "example.com")
        let written = try JSONEncoder.sorted.encode(details)
        #expect(String(decoding: written, as: UTF8.self) == json)
    }
}

extension JSONEncoder {
    /// Compact, sorted keys, slashes as written: one spelling to compare against.
    fileprivate static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
