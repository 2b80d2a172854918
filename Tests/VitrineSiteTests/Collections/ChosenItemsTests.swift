import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// `ids:` on every API source (issue 35, item 1): chosen items in the order given, looked up
/// by id, and ids the API does not know (a warning each, `--strict` fatal), for galleries and
/// id-only favorites alike.
@Suite("Collections: chosen items")
struct ChosenItemsTests {
    static let notFoundTMDB = #"{"status_code":34,"status_message":"The resource you requested could not be found.","success":false}"#
    static let notFoundBooks =
        #"{"error":{"code":404,"message":"The volume ID could not be found.","errors":[{"message":"The volume ID could not be found.","domain":"global","reason":"notFound"}]}}"#

    /// Answers every source's by-id endpoints; GIPHY knows `g…` ids, TMDB ids below 900,
    /// Google Books ids starting with `b`.
    static func server() async throws -> StubServer {
        try await StubServer.start { request in
            switch request.path {
            case "/v1/gifs":
                let asked = (request.query["ids"] ?? "").split(separator: ",").map(String.init)
                return .json(StubBodies.gifs(asked.filter { $0.hasPrefix("g") }))
            case "/3/configuration":
                return .json(StubBodies.tmdbConfiguration(base: URL(string: "http://127.0.0.1")!))
            case let path where path.hasPrefix("/3/movie/"):
                guard let id = Int(path.dropFirst("/3/movie/".count)), id < 900 else { return .json(notFoundTMDB, status: 404) }
                return .json(StubBodies.tmdbMovie(id: id))
            case let path where path.hasPrefix("/books/v1/volumes/"):
                let id = String(path.dropFirst("/books/v1/volumes/".count))
                // Google sends `cache-control: private, max-age=86400` with a volume.
                return id.hasPrefix("b") ? .json(StubBodies.volume(id), headers: ["Cache-Control": "private, max-age=86400"]) : .json(notFoundBooks, status: 404)
            default:
                return .json(#"{"error":"unexpected"}"#, status: 500)
            }
        }
    }

    static let galleries = """
          - name: gifs
            source: giphy
            ids: [g3, "giphy-g1", "https://giphy.com/gifs/funny-cat-g2"]
          - name: movies
            source: tmdb
            ids: [551, "https://www.themoviedb.org/movie/550-fight-club", "tmdb:13"]
          - name: books
            source: google-books
            ids: [b2, "https://books.google.com/books?id=b1"]

        """

    @Test func anIDsGalleryOfEverySourceShowsItsItemsInTheOrderGiven() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.galleries)
        let summary = try await site.build(site.options())
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")
        #expect(try site.snapshot("gifs").items.map(\.id.description) == ["giphy:g3", "giphy:g1", "giphy:g2"])
        #expect(try site.snapshot("movies").items.map(\.id.description) == ["tmdb:551", "tmdb:550", "tmdb:13"])
        #expect(try site.snapshot("books").items.map(\.id.description) == ["books:b2", "books:b1"])
        #expect(try site.snapshot("movies").query == "551,550,13")

        let requests = await server.received()
        // GIPHY is asked once for all three; TMDB and Google Books once per id.
        let giphy = requests.filter { $0.path == "/v1/gifs" }
        #expect(Set(giphy.map { $0.query["ids"] }) == ["g3,g1,g2"])
        #expect(Set(requests.filter { $0.path.hasPrefix("/3/movie/") }.map(\.path)) == ["/3/movie/551", "/3/movie/550", "/3/movie/13"])
        #expect(Set(requests.filter { $0.path.hasPrefix("/books/") }.map(\.path)) == ["/books/v1/volumes/b2", "/books/v1/volumes/b1"])
        // The gallery page shows them in that order.
        let page = try String(contentsOf: site.output.appendingPathComponent("movies/index.html"), encoding: .utf8)
        let positions = ["Movie 551", "Movie 550", "Movie 13"].compactMap { page.range(of: $0)?.lowerBound }
        #expect(positions.count == 3 && positions == positions.sorted())

        // A second build builds from the snapshots: no request.
        _ = try await site.build(site.options(.offline))
        #expect(await server.received().count == requests.count)
    }

    static let unknownFavorites = #"""
        {"favorites": [
          {"id": "tmdb:998", "addedAt": "2026-11-20T09:00:00Z"},
          {"id": "tmdb:550", "addedAt": "2026-11-20T09:01:00Z"},
          {"id": "books:zz1", "addedAt": "2026-11-20T09:02:00Z"},
          {"id": "tmdb:997", "addedAt": "2026-11-20T09:03:00Z"},
          {"id": "giphy:x9", "addedAt": "2026-11-20T09:04:00Z"}
        ]}
        """#

    @Test func everyUnknownIDIsOneWarningAndTheSiteIsBuiltWithoutIt() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let galleries = """
              - name: gifs
                source: giphy
                ids: [g1, x1, g2, x2]
              - name: movies
                source: tmdb
                ids: [550, 999]

            """
        let site = try FetchTestSite(server: server, galleries: galleries, favorites: Self.unknownFavorites)
        let summary = try await site.build(site.options())
        for id in ["x1", "x2"] {
            #expect(summary.warnings.contains("gallery 'gifs' (giphy): id \(id) not found"), "\(summary.warnings)")
        }
        #expect(summary.warnings.contains("gallery 'movies' (tmdb): id 999 not found"), "\(summary.warnings)")
        for id in ["tmdb:998", "books:zz1", "tmdb:997", "giphy:x9"] {
            #expect(summary.warnings.contains { $0.contains("'\(id)': ") && $0.contains("does not know this id") }, "\(id): \(summary.warnings)")
        }
        #expect(try site.snapshot("gifs").items.map(\.id.value) == ["g1", "g2"])
        let favorites = try String(contentsOf: site.output.appendingPathComponent("favorites/index.html"), encoding: .utf8)
        #expect(favorites.contains("Movie 550"))
        #expect(!favorites.contains("Movie 998"))
        // The one favorite found is stored; the unknown ones are left as they were.
        let stored = try String(contentsOf: site.folder.appendingPathComponent("favorites.json"), encoding: .utf8)
        #expect(stored.contains("tmdb:998") && stored.contains("Movie 550"))

        // --strict: the same ids are fatal, every one named; the site is not replaced.
        let strictSite = try FetchTestSite(server: server, galleries: "  []\n", favorites: Self.unknownFavorites)
        do {
            try await strictSite.build(strictSite.options(strict: true))
            Issue.record("--strict should fail")
        } catch let error as VitrineError {
            for id in ["tmdb:998", "books:zz1", "tmdb:997", "giphy:x9"] { #expect(error.message.contains("'\(id)'"), "\(error.message)") }
        }
        #expect(!FileManager.default.fileExists(atPath: strictSite.output.appendingPathComponent("index.html").path))
    }

    @Test func theCommandLineExitsZeroWithWarningsAndOneUnderStrict() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  - name: movies\n    source: tmdb\n    ids: [550, 999, 998]\n")
        let folder = site.folder.deletingLastPathComponent()
        let environment = ["VITRINE_TMDB_URL": server.baseURL.absoluteString, "TMDB_API_KEY": "cli-SECRET-key"]
        let run = try await LiveCLITests.spawn(["build", "site", "--cache-dir", "cache"], in: folder, environment: environment)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("id 999 not found") && run.stderr.contains("id 998 not found"), "\(run.stderr)")
        let strict = try await LiveCLITests.spawn(["build", "site", "--strict", "--cache-dir", "cache"], in: folder, environment: environment)
        #expect(strict.status == 1, "\(strict.stderr)")
        #expect(strict.stderr.contains("'movies' 999") && strict.stderr.contains("'movies' 998"), "\(strict.stderr)")
        for output in [run.stdout, run.stderr, strict.stdout, strict.stderr] { #expect(!output.contains("cli-SECRET")) }
    }

    @Test(arguments: [
        (
            "  - name: m\n    source: tmdb\n    query: fight\n    ids: [550]\n",
            "site.yml:5:12: 'query' and 'ids' together in galleries[0]: a gallery is a search or chosen items, not both"
        ),
        ("  - name: m\n    source: tmdb\n    ids: [550, abc]\n", "site.yml:5:16: TMDB ids are numbers (the 550 of themoviedb.org/movie/550); 'abc' in galleries[0] is not"),
        ("  - name: m\n    source: tmdb\n    ids: [550, 550]\n", "site.yml:5:16: id '550' is listed twice in galleries[0].ids"),
        (
            "  - name: g\n    source: giphy\n    ids:\n      - tmdb:550\n",
            "site.yml:6:9: 'tmdb:550' in galleries[0] is TMDB item tmdb:550, not one of GIPHY"
        ),
        (
            "  - name: b\n    source: google-books\n    ids: [\"a/b\"]\n",
            "site.yml:5:11: Google Books ids are letters, digits, '-' and '_' (the id=… of a books.google.com address); 'a/b' in galleries[0] is not"
        ),
    ])
    func idsAreCheckedWhereTheyAreWritten(galleries: String, message: String) throws {
        let yaml = "title: T\ngalleries:\n" + galleries
        #expect(throws: VitrineError(message)) { try SiteConfig.parse(yaml, file: "site.yml") }
    }

    @Test func aCatalogGalleryShowsTheEntriesItNamesInThatOrder() async throws {
        let site = try FileSourceTests.site(catalog: FileSourceTests.catalog(5), perPage: 10)
        let yaml = try String(contentsOf: site.appendingPathComponent("site.yml"), encoding: .utf8)
        try Data((yaml + "    ids: [it000003, \"file:it000001\", gone]\n").utf8).write(to: site.appendingPathComponent("site.yml"))
        let output = site.appendingPathComponent("public")
        let summary = try await TestSupport.build(site, output: output)
        #expect(summary.warnings == ["gallery 'things' (file): id gone is not in site/catalog.json"])
        let page = try String(contentsOf: output.appendingPathComponent("things/index.html"), encoding: .utf8)
        let three = try #require(page.range(of: "Item 3")?.lowerBound)
        let one = try #require(page.range(of: "Item 1")?.lowerBound)
        #expect(three < one)
        #expect(!page.contains("Item 2") && !page.contains("Item 4"))
    }

    @Test func aGalleryMayNameItsItemsByAddressOrPageFolder() throws {
        let yaml = "title: T\ngalleries:\n" + Self.galleries
        let config = try SiteConfig.parse(yaml, file: "site.yml")
        #expect(config.galleries.map(\.ids) == [["g3", "g1", "g2"], ["551", "550", "13"], ["b2", "b1"]])
        #expect(config.galleries.map(\.limit) == [3, 3, 2])
        #expect(config.galleries[1].list == nil)
    }
}
