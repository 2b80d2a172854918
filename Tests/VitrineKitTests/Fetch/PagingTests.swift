import Foundation
import Testing

@testable import VitrineKit

/// Each API paged within its documented limits, against a real HTTP stub server.
@Suite("live searches: paging")
struct PagingTests {
    /// GIPHY: limit ≤ 50 a request; offsets advance by what arrived; trending stops at offset 499.
    @Test func giphySearchSplitsTheLimitIntoRequestsOf50() async throws {
        let server = try await StubServer.start { request in
            let offset = Int(request.query["offset"] ?? "") ?? -1
            let limit = Int(request.query["limit"] ?? "") ?? -1
            return .json(StubBodies.giphy(offset: offset, count: limit, total: 3148))
        }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  - name: cats\n    source: giphy\n    query: cats & dogs+1\n    limit: 120\n")
        try await site.build(site.options())
        let requests = await server.received()
        #expect(requests.map(\.path) == ["/v1/gifs/search", "/v1/gifs/search", "/v1/gifs/search"])
        #expect(requests.map { $0.query["limit"] } == ["50", "50", "20"])
        #expect(requests.map { $0.query["offset"] } == ["0", "50", "100"])
        #expect(requests.allSatisfy { $0.query["q"] == "cats & dogs+1" && $0.query["api_key"] == FetchTestSite.giphyKey })
        let snapshot = try site.snapshot("cats")
        #expect(snapshot.items.count == 120)
        #expect(snapshot.totalResults == 3148)
        #expect(snapshot.query == "cats & dogs+1")
    }

    @Test func giphyTrendingNeverAsksPastOffset499() async throws {
        let server = try await StubServer.start { request in
            let offset = Int(request.query["offset"] ?? "") ?? -1
            let limit = Int(request.query["limit"] ?? "") ?? -1
            return .json(StubBodies.giphy(offset: offset, count: limit, total: 100_000))
        }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  - name: hot\n    source: giphy\n    limit: 900\n")
        try await site.build(site.options())
        let offsets = await server.received().compactMap { Int($0.query["offset"] ?? "") }
        #expect(await server.received().allSatisfy { $0.path == "/v1/gifs/trending" })
        #expect(offsets.max() == 450)
        #expect(offsets.allSatisfy { $0 <= 499 })
        #expect(try site.snapshot("hot").items.count == 500)
    }

    @Test func giphyStopsAtTheTotalAndOnAShortPage() async throws {
        let server = try await StubServer.start { request in
            let offset = Int(request.query["offset"] ?? "") ?? 0
            return .json(StubBodies.giphy(offset: offset, count: max(0, min(50, 70 - offset)), total: 70))
        }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  - name: cats\n    source: giphy\n    query: cats\n    limit: 200\n")
        try await site.build(site.options())
        #expect(await server.received().count == 2)
        #expect(try site.snapshot("cats").items.count == 70)
    }

    /// TMDB: 20 a page, pages from 1, never past `total_pages` nor 500; one configuration request.
    @Test func tmdbPagesStopAtTotalPagesAndShareOneConfiguration() async throws {
        let server = try await StubServer.start { request in
            if request.path == "/3/configuration" {
                return .json(StubBodies.tmdbConfiguration(base: URL(string: "http://127.0.0.1")!))
            }
            let page = Int(request.query["page"] ?? "") ?? 0
            return .json(StubBodies.tmdbList(page: page, count: 20, totalPages: 2, totalResults: 40))
        }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(
            server: server,
            galleries: """
                  - name: popular
                    source: tmdb
                    list: popular
                    limit: 100
                  - name: top
                    source: tmdb
                    list: top_rated
                    limit: 30

                """)
        try await site.build(site.options())
        let requests = await server.received()
        #expect(requests.filter { $0.path == "/3/configuration" }.count == 1)
        #expect(requests.filter { $0.path == "/3/movie/popular" }.compactMap { $0.query["page"] }.sorted() == ["1", "2"])
        #expect(requests.filter { $0.path == "/3/movie/top_rated" }.compactMap { $0.query["page"] }.sorted() == ["1", "2"])
        #expect(requests.allSatisfy { $0.query["api_key"] == FetchTestSite.tmdbKey })
        let popular = try site.snapshot("popular")
        #expect(popular.items.count == 40)
        #expect(try site.snapshot("top").items.count == 30)
        // Poster URLs come from the configuration, not a hard-coded host.
        #expect(popular.items[0].image?.url == "http://127.0.0.1/t/p/w342/p100.jpg")
    }

    @Test func tmdbClampsTotalPagesTo500() async throws {
        let server = try await StubServer.start { request in
            if request.path == "/3/configuration" { return .json(StubBodies.tmdbConfiguration(base: URL(string: "http://127.0.0.1")!)) }
            let page = Int(request.query["page"] ?? "") ?? 0
            if page > 500 { return .json(#"{"errors":["page must be less than or equal to 500"]}"#, status: 422) }
            return .json(StubBodies.tmdbList(page: page, count: 1, totalPages: 581, totalResults: 11602))
        }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  - name: top\n    source: tmdb\n    list: top_rated\n    limit: 600\n")
        try await site.build(site.options())
        let pages = await server.received().compactMap { Int($0.query["page"] ?? "") }
        #expect(pages.max() == 500)
        #expect(try site.snapshot("top").totalResults == 11602)
    }

    @Test func tmdbBearerTokenGoesInAHeaderNotTheURL() async throws {
        let server = try await StubServer.start { request in
            if request.path == "/3/configuration" { return .json(StubBodies.tmdbConfiguration(base: URL(string: "http://127.0.0.1")!)) }
            return .json(StubBodies.tmdbList(page: 1, count: 3, totalPages: 1, totalResults: 3))
        }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  - name: m\n    source: tmdb\n    query: alien\n")
        try await site.build(site.options(credentials: APICredentials(tmdbToken: "v4-TOKEN-abc")))
        let requests = await server.received()
        #expect(requests.allSatisfy { $0.headers["authorization"] == "Bearer v4-TOKEN-abc" && $0.query["api_key"] == nil })
        #expect(requests.last?.path == "/3/search/movie")
        #expect(requests.last?.query["query"] == "alien")
    }

    /// Google Books: maxResults ≤ 40, startIndex from 0; zero results have no `items` key.
    @Test func googleBooksPagesBy40() async throws {
        let server = try await StubServer.start { request in
            let start = Int(request.query["startIndex"] ?? "") ?? -1
            let count = Int(request.query["maxResults"] ?? "") ?? -1
            return .json(StubBodies.books(start: start, count: count, total: 1812))
        }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  - name: books\n    source: google-books\n    query: \"intitle:swift\"\n    limit: 100\n")
        try await site.build(site.options())
        let requests = await server.received()
        #expect(requests.map { $0.query["startIndex"] } == ["0", "40", "80"])
        #expect(requests.map { $0.query["maxResults"] } == ["40", "40", "20"])
        #expect(requests.allSatisfy { $0.path == "/books/v1/volumes" && $0.query["q"] == "intitle:swift" && $0.query["key"] == FetchTestSite.booksKey })
        let snapshot = try site.snapshot("books")
        #expect(snapshot.items.count == 100)
        // http covers on Google hosts become https.
        #expect(snapshot.items[0].image?.url.hasPrefix("https://books.google.com/") == true)
    }

    @Test func zeroResultsGiveAnEmptyGalleryNotAnError() async throws {
        let server = try await StubServer.start { _ in .json(StubBodies.books(start: 0, count: 0, total: 0)) }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  - name: none\n    source: google-books\n    query: zzzzqqq\n")
        try await site.build(site.options())
        #expect(await server.received().count == 1)
        #expect(try site.snapshot("none").items.isEmpty)
        let page = try String(contentsOf: site.output.appendingPathComponent("none/index.html"), encoding: .utf8)
        #expect(page.contains("No results"))
    }

    /// App Store: ids in one lookup, display in configured order, unknown ids reported by id.
    @Test func appStoreLooksUpIDsInOneRequestAndNamesTheInvalidOne() async throws {
        let server = try await StubServer.start { request in
            let ids = (request.query["id"] ?? "").split(separator: ",").map(String.init).filter { $0 != "999" }
            return .json(StubBodies.itunes(ids: ids.reversed()))
        }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  - name: apps\n    source: app-store\n    ids: [362057947, 999, 872469884]\n    country: kr\n")
        let summary = try await site.build(site.options(credentials: APICredentials()))
        let requests = await server.received()
        #expect(requests.count == 1)
        #expect(requests[0].query["id"] == "362057947,999,872469884")
        #expect(requests[0].query["country"] == "kr")
        let snapshot = try site.snapshot("apps")
        #expect(snapshot.items.map(\.id.value) == ["362057947", "872469884"])
        #expect(snapshot.invalidIDs == ["999"])
        #expect(summary.warnings == ["gallery 'apps' (app-store): id 999 not found in the kr store"])
    }

    @Test func anIDOnlyFavoriteIsLookedUpByID() async throws {
        let server = try await StubServer.start { request in
            if request.path == "/3/configuration" { return .json(StubBodies.tmdbConfiguration(base: URL(string: "http://127.0.0.1")!)) }
            if request.path == "/3/movie/550" { return .json(StubBodies.tmdbMovie(id: 550)) }
            return .json(#"{"status_code":34,"status_message":"The resource you requested could not be found."}"#, status: 404)
        }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(
            server: server, galleries: "  []\n",
            favorites: #"{"favorites": [{"id": "tmdb:550", "addedAt": "2026-11-21T21:45:00+09:00"}]}"#)
        try await site.build(site.options())
        #expect(await server.received().map(\.path) == ["/3/configuration", "/3/movie/550"])
        let page = try String(contentsOf: site.output.appendingPathComponent("items/tmdb-550/index.html"), encoding: .utf8)
        #expect(page.contains("Looked up by id."))
    }
}
