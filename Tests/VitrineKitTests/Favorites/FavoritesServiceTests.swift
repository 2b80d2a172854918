import Foundation
import Testing

@testable import VitrineKit

@Suite("favorites workflow")
struct FavoritesServiceTests {
    /// A site with one gallery snapshot holding giphy:g0…g(n-1), and `limit` favorites at most.
    static func site(limit: Int = 20, favorites: [String] = [], galleryItems: Int = 30) throws -> URL {
        let site = try TestSupport.temporaryDirectory("vitrine-fav").appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("data"), withIntermediateDirectories: true)
        try Data("title: Favs\nfavorites:\n  limit: \(limit)\ngalleries:\n  - name: cats\n    source: giphy\n    query: cats\n".utf8)
            .write(to: site.appendingPathComponent("site.yml"))
        let items = (0..<galleryItems).map { Item(id: ItemID(source: .giphy, value: "g\($0)"), title: "Cat \($0)") }
        try VitrineJSON.encode(Snapshot(gallery: "cats", source: .giphy, query: "cats", totalResults: galleryItems, items: items))
            .write(to: site.appendingPathComponent("data/cats.json"))
        let entries = favorites.enumerated().map { #"{"id": "\#($1)", "addedAt": "2026-11-2\#($0 % 9)T10:00:00Z"}"# }
        try Data(#"{"favorites": [\#(entries.joined(separator: ","))]}"#.utf8).write(to: site.appendingPathComponent("favorites.json"))
        return site
    }

    func service(_ site: URL, fetch: FetchOptions = FetchOptions(mode: .offline)) -> FavoritesService {
        var service = FavoritesService(options: BuildOptions(site: site, siteLabel: "site", fetch: fetch))
        service.now = { Date(timeIntervalSince1970: 1_795_300_000) }
        return service
    }

    @Test func addStoresASnapshotAndTheTime() async throws {
        let site = try Self.site()
        #expect(try await service(site).add("giphy:g3") == .added(title: "Cat 3", count: 1, limit: 20))
        let file = try FavoritesStore(url: site.appendingPathComponent("favorites.json"), label: "f", jobs: 2).read()
        #expect(file.favorites.map(\.id.description) == ["giphy:g3"])
        #expect(file.favorites[0].item?.title == "Cat 3")
        #expect(file.favorites[0].addedAtText == "2026-11-21T22:26:40Z")
    }

    @Test func addingTwiceIsANoOpThatSaysSo() async throws {
        let site = try Self.site(favorites: ["giphy:g1"])
        let before = try Data(contentsOf: site.appendingPathComponent("favorites.json"))
        #expect(try await service(site).add("giphy:g1") == .alreadyThere(count: 1, limit: 20))
        #expect(try Data(contentsOf: site.appendingPathComponent("favorites.json")) == before)
    }

    @Test func addRefusesPastTheLimitAndChangesNothing() async throws {
        let site = try Self.site(limit: 3, favorites: ["giphy:g1", "giphy:g2", "giphy:g3"])
        let before = try Data(contentsOf: site.appendingPathComponent("favorites.json"))
        await #expect(throws: VitrineError("favorites are full (3/3): remove one first", kind: .refused)) { try await service(site).add("giphy:g4") }
        #expect(try Data(contentsOf: site.appendingPathComponent("favorites.json")) == before)
    }

    @Test func removeTakesOneOutAndRefusesAnUnknownID() throws {
        let site = try Self.site(favorites: ["giphy:g1", "giphy:g2"])
        let removed = try service(site).remove("giphy:g1")
        #expect(removed.count == 1)
        #expect(try service(site).list().map(\.id) == ["giphy:g2"])
        #expect(throws: VitrineError("'giphy:g9' is not in site/favorites.json", kind: .refused)) { try service(site).remove("giphy:g9") }
    }

    @Test func listShowsPositionKindTitleAndAddedInDisplayOrder() throws {
        let site = try Self.site(favorites: ["giphy:g1", "giphy:g2", "tmdb:550"])
        let rows = try service(site).list()
        #expect(rows.map(\.id) == ["tmdb:550", "giphy:g2", "giphy:g1"])
        #expect(rows[1] == FavoritesService.Row(position: 2, id: "giphy:g2", kind: "gif", title: "Cat 2", added: "2026-11-21T10:00:00Z"))
        #expect(rows[0].title == "(not looked up yet)")
    }

    @Test func aMalformedFileIsReportedAndNeverOverwritten() async throws {
        let site = try Self.site()
        let broken = Data("{\"favorites\": [\n  {\"id\": \"giphy:g1\", \"addedAt\": \"2026-11-20T09:12:00Z\"},\n  oops\n]}".utf8)
        try broken.write(to: site.appendingPathComponent("favorites.json"))
        await #expect(throws: VitrineError("site/favorites.json:3:3: invalid JSON (Invalid value)")) { try await service(site).add("giphy:g2") }
        #expect(throws: VitrineError.self) { try service(site).remove("giphy:g1") }
        #expect(try Data(contentsOf: site.appendingPathComponent("favorites.json")) == broken)
    }

    @Test func addLooksUpAnItemNoGalleryHoldsByID() async throws {
        let server = try await StubServer.start { request in
            request.path == "/v1/gifs/zzz"
                ? .json(#"{"data":{"type":"gif","id":"zzz","title":"Looked up","images":{}},"meta":{"status":200,"msg":"OK","response_id":"x"}}"#)
                : .json(#"{"data":[],"meta":{"status":404,"msg":"Not Found","response_id":"x"}}"#, status: 404)
        }
        defer { Task { await server.stop() } }
        let site = try Self.site()
        let base = server.baseURL
        let fetch = FetchOptions(
            mode: .snapshotsFirst, endpoints: APIEndpoints(giphy: base, tmdb: base, googleBooks: base, itunes: base),
            credentials: APICredentials(giphyKey: "test-giphy-key"), cacheDirectory: site.appendingPathComponent("cache")
        )
        #expect(try await service(site, fetch: fetch).add("giphy:zzz") == .added(title: "Looked up", count: 1, limit: 20))
        await #expect(throws: VitrineError("cannot add 'giphy:nope': HTTP 404 from 127.0.0.1:\(server.port): Not Found (status 404)", kind: .remote)) {
            try await service(site, fetch: fetch).add("giphy:nope")
        }
        #expect(await server.received().map(\.path) == ["/v1/gifs/zzz", "/v1/gifs/nope"])
    }

    @Test func aBuildSnapshotsIDOnlyFavoritesItLookedUpSoLaterBuildsNeedNoRequest() async throws {
        let server = try await StubServer.start { request in
            // Id-only favorites are looked up in one batch (`/v1/gifs?ids=`).
            request.path == "/v1/gifs"
                ? .json(#"{"data":[{"type":"gif","id":"far","title":"Far away","images":{}}],"meta":{"status":200,"msg":"OK","response_id":"x"}}"#)
                : .json(#"{"data":{"type":"gif","id":"far","title":"Far away","images":{}},"meta":{"status":200,"msg":"OK","response_id":"x"}}"#)
        }
        defer { Task { await server.stop() } }
        let site = try Self.site(favorites: ["giphy:far", "giphy:g1"])
        let base = server.baseURL
        var fetch = FetchOptions(
            mode: .snapshotsFirst, endpoints: APIEndpoints(giphy: base, tmdb: base, googleBooks: base, itunes: base),
            credentials: APICredentials(giphyKey: "test-giphy-key"), cacheDirectory: site.appendingPathComponent("cache"), cacheMaxAge: .zero
        )
        let options = BuildOptions(site: site, siteLabel: "site", output: site.appendingPathComponent("public"), fetch: fetch)
        try await SiteBuilder().build(options)
        let file = try FavoritesStore(url: site.appendingPathComponent("favorites.json"), label: "f", jobs: 2).read()
        #expect(file.favorites.first { $0.id.value == "far" }?.item?.title == "Far away")
        #expect(file.favorites.first { $0.id.value == "g1" }?.item == nil, "gallery-resolved entries need no snapshot")
        fetch.mode = .offline
        try await SiteBuilder().build(BuildOptions(site: site, siteLabel: "site", output: site.appendingPathComponent("public"), fetch: fetch))
        #expect(await server.received().count == 1)
    }
}
