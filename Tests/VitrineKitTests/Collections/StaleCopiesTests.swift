import Foundation
import Testing

@testable import VitrineKit

/// Snapshots within the APIs' terms (issue 35, item 6): stored copies record when they were
/// fetched; TMDB copies older than 180 days and Google Books copies past their cache header
/// are a warning each (`--strict` fails), and `--refresh-stale` fetches just those again.
@Suite("Collections: stale copies")
struct StaleCopiesTests {
    static let day: TimeInterval = 86_400

    static func server(booksHeaders: [String: String] = ["Cache-Control": "private, max-age=86400"]) async throws -> StubServer {
        try await StubServer.start { request in
            switch request.path {
            case "/3/configuration":
                return .json(StubBodies.tmdbConfiguration(base: URL(string: "http://127.0.0.1")!))
            case let path where path.hasPrefix("/3/movie/"):
                return .json(StubBodies.tmdbMovie(id: Int(path.dropFirst("/3/movie/".count)) ?? 0))
            case let path where path.hasPrefix("/books/v1/volumes/"):
                return .json(StubBodies.volume(String(path.dropFirst("/books/v1/volumes/".count))), headers: booksHeaders)
            case "/v1/gifs":
                return .json(StubBodies.gifs((request.query["ids"] ?? "").split(separator: ",").map(String.init)))
            default:
                return .json("{}", status: 500)
            }
        }
    }

    static let galleries = """
          - name: movies
            source: tmdb
            ids: [550]
          - name: books
            source: google-books
            ids: [b1]
          - name: gifs
            source: giphy
            ids: [g1]

        """

    func options(_ site: FetchTestSite, _ mode: FetchOptions.Mode = .snapshotsFirst, strict: Bool = false, at date: Date) -> BuildOptions {
        var options = site.options(mode, strict: strict, cacheMaxAge: .zero)
        options.now = { date }
        return options
    }

    @Test func snapshotsRecordWhenAndHowLongAndOldOnesWarnOnceEach() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.galleries)
        let fetched = Date(timeIntervalSince1970: 1_780_000_000)  // 2026-05-28
        let first = try await site.build(options(site, at: fetched))
        #expect(first.warnings.isEmpty, "\(first.warnings)")
        #expect(try site.snapshot("movies").fetchedAt == RFC3339.string(from: fetched))
        #expect(try site.snapshot("books").cacheMaxAge == 86_400)
        #expect(try site.snapshot("movies").cacheMaxAge == nil, "TMDB's stub sends no cache header")

        // Two days on: the Google Books copy is past its header's day; TMDB's is within 180 days.
        let later = try await site.build(options(site, .offline, at: fetched.addingTimeInterval(2 * Self.day)))
        #expect(later.warnings.count == 1, "\(later.warnings)")
        #expect(later.warnings.first?.hasPrefix("site/data/books.json: Google Books data fetched ") == true, "\(later.warnings)")
        #expect(later.warnings.first?.contains("older than the 1 day its cache header allowed keeping it; vitrine build --refresh-stale fetches it again") == true)

        // 181 days on: both; --strict fails naming both.
        let old = fetched.addingTimeInterval(181 * Self.day)
        let warned = try await site.build(options(site, .offline, at: old))
        #expect(warned.warnings.contains { $0.hasPrefix("site/data/movies.json: TMDB data fetched ") && $0.contains("the 180 days TMDB's terms allow") }, "\(warned.warnings)")
        await #expect(
            throws: VitrineError(
                "2 stored copies are older than their APIs' terms allow (--strict): site/data/movies.json, site/data/books.json; vitrine build --refresh-stale fetches them again")
        ) {
            try await site.build(options(site, .offline, strict: true, at: old))
        }

        // --refresh-stale fetches just those two again.
        let before = await server.received().count
        var refresh = options(site, at: old)
        refresh.fetch.refreshStale = true
        let refreshed = try await site.build(refresh)
        #expect(refreshed.warnings.isEmpty, "\(refreshed.warnings)")
        let asked = await server.received().dropFirst(before).map(\.path)
        #expect(asked.contains("/3/movie/550") && asked.contains("/books/v1/volumes/b1") && !asked.contains("/v1/gifs"), "\(asked)")
        #expect(try site.snapshot("movies").fetchedAt == RFC3339.string(from: old))
    }

    /// No header, or one that tells HTTP caches not to keep the answer (Google's APIs send
    /// `max-age=0` with many): no period is stated, said once, never "stale" at once.
    @Test(arguments: [[:], ["Cache-Control": "private, max-age=0, must-revalidate"], ["Cache-Control": "no-cache"]])
    func aGoogleBooksAnswerWithoutACachePeriodIsSaidOnce(headers: [String: String]) async throws {
        let server = try await Self.server(booksHeaders: headers)
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  - name: a\n    source: google-books\n    ids: [b1]\n  - name: b\n    source: google-books\n    ids: [b2]\n")
        let summary = try await site.build(options(site, at: Date()))
        #expect(summary.warnings.count == 1, "\(summary.warnings)")
        let said = "2 Google Books copies (site/data/a.json, site/data/b.json) came without a period in their cache header"
        #expect(summary.warnings.first?.hasPrefix(said) == true, "\(summary.warnings)")
    }

    static func favorites(fetchedAt: String?) -> String {
        let stamp = fetchedAt.map { #", "fetchedAt": "\#($0)""# } ?? ""
        return #"{"favorites": [{"id": "tmdb:550", "addedAt": "2026-01-01T00:00:00Z", "note": "keep me", "item": {"id": "tmdb:550", "title": "Old copy"\#(stamp)}}]}"#
    }

    @Test func aStoredFavoriteOlderThanTheTermsIsWarnedAboutAndRefreshedOnlyWhenAsked() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  []\n", favorites: Self.favorites(fetchedAt: "2026-01-01T00:00:00Z"))
        let file = site.folder.appendingPathComponent("favorites.json")
        let now = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18
        let summary = try await site.build(options(site, .offline, at: now))
        #expect(
            summary.warnings == [
                "site/favorites.json: 'tmdb:550': TMDB data fetched 2026-01-01T00:00:00Z is older than the 180 days TMDB's terms allow keeping it; vitrine build --refresh-stale fetches it again"
            ])
        #expect(try String(contentsOf: file, encoding: .utf8) == Self.favorites(fetchedAt: "2026-01-01T00:00:00Z"), "a build never rewrites it to add or check a date")
        let check = SiteCheck(options: options(site, .offline, at: now)).run()
        #expect(check.problems.isEmpty && check.warnings == summary.warnings, "\(check)")

        var refresh = options(site, at: now)
        refresh.fetch.refreshStale = true
        let refreshed = try await site.build(refresh)
        #expect(refreshed.warnings.isEmpty, "\(refreshed.warnings)")
        let stored = try FavoritesStore(url: file, label: "f", jobs: 2).read().favorites[0]
        #expect(stored.item?.title == "Movie 550")
        #expect(stored.stamp?.fetchedAt == RFC3339.string(from: now))
        #expect(stored.otherKeys["note"] == .string("keep me"))
    }

    @Test func copiesStoredBeforeFetchTimesWereRecordedStayReadableAndQuiet() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  []\n", favorites: Self.favorites(fetchedAt: nil))
        let summary = try await site.build(options(site, .offline, at: Date()))
        #expect(summary.warnings.isEmpty)
        #expect(try String(contentsOf: site.folder.appendingPathComponent("favorites.json"), encoding: .utf8) == Self.favorites(fetchedAt: nil))
    }
}
