import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// One rule for what a gallery holds (issue 35, item 5): a favorite that names only an id is
/// found in any gallery's snapshot, whatever the gallery's `limit`, by `build`, `check`,
/// `favorites list` and `favorites add` alike; and `check` fails where `build --offline` does.
@Suite("Collections: what a gallery holds")
struct GalleryHoldsTests {
    /// A site whose `cats` gallery shows 10 of the 20 items its snapshot holds.
    static func site(favorites: [String]) throws -> URL {
        let site = try TestSupport.temporaryDirectory("vitrine-holds").appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("data"), withIntermediateDirectories: true)
        try Data("title: Holds\nbaseURL: https://example.org/\ngalleries:\n  - name: cats\n    source: giphy\n    query: cats\n    limit: 10\n".utf8)
            .write(to: site.appendingPathComponent("site.yml"))
        let items = (1...20).map { #"{"id": "giphy:g\#($0)", "title": "Cat \#($0)", "link": "https://giphy.com/gifs/g\#($0)"}"# }
        let snapshot =
            #"{"format": "vitrine-snapshot/1", "gallery": "cats", "source": "giphy", "query": "cats", "totalResults": 20, "invalidIDs": [], "items": [\#(items.joined(separator: ",\n"))]}"#
        try Data(snapshot.utf8).write(to: site.appendingPathComponent("data/cats.json"))
        let entries = favorites.map { #"{"id": "\#($0)", "addedAt": "2026-11-20T09:00:00Z"}"# }
        try Data(#"{"favorites": [\#(entries.joined(separator: ", "))]}"#.utf8).write(to: site.appendingPathComponent("favorites.json"))
        return site
    }

    @Test func aFavoriteBeyondTheLimitIsFoundByBuildCheckAndList() async throws {
        let site = try Self.site(favorites: ["giphy:g20"])
        let folder = site.deletingLastPathComponent()
        let build = try await TestSupport.spawn(["build", "site", "--offline"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        let favorites = try String(contentsOf: site.appendingPathComponent("public/favorites/index.html"), encoding: .utf8)
        #expect(favorites.contains("Cat 20"))
        let gallery = try String(contentsOf: site.appendingPathComponent("public/cats/index.html"), encoding: .utf8)
        #expect(gallery.contains("Cat 10") && !gallery.contains("Cat 20"), "the gallery still shows its limit")
        let check = try await TestSupport.spawn(["check", "site"], in: folder)
        #expect(check.status == 0, "\(check.stderr)")
        let list = try FavoritesService(options: BuildOptions(site: site, siteLabel: "site")).list()
        #expect(list.map(\.title) == ["Cat 20"])
    }

    @Test func checkFailsWhereAnOfflineBuildFailsNamingEveryFavorite() async throws {
        let site = try Self.site(favorites: ["giphy:g20", "giphy:nowhere1", "giphy:nowhere2"])
        let folder = site.deletingLastPathComponent()
        let build = try await TestSupport.spawn(["build", "site", "--offline"], in: folder)
        #expect(build.status != 0)
        let line = #"site/favorites.json: 'giphy:nowhere1', 'giphy:nowhere2' have no "item" snapshot, no gallery snapshot holds them, and they could not be looked up"#
        #expect(build.stderr.contains(line), "\(build.stderr)")
        let check = try await TestSupport.spawn(["check", "site"], in: folder)
        #expect(check.status == 1)
        #expect(check.stderr.contains(line), "\(check.stderr)")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public/index.html").path))
    }
}
