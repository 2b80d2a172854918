import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// Issue 35's "Done when": what a person does, start to end, with the binary against the
/// in-process stub API — a reading list from Google Books and a watchlist from TMDB, found
/// with `vitrine search`, added with the owner's fields, split into tag galleries (each with
/// its own Atom feed), built; then the pages are read back.
@Suite("reading list and watchlist, end to end")
struct ReadingListEndToEndTests {
    /// Search and by-id endpoints of Google Books and TMDB. Google Books knows `b…` ids and
    /// zyTCAlFPjgYC; TMDB knows ids below 900.
    static func server() async throws -> StubServer {
        try await StubServer.start { request in
            switch request.path {
            case "/books/v1/volumes":
                return .json(StubBodies.books(start: Int(request.query["startIndex"] ?? "") ?? 0, count: 2, total: 2))
            case let path where path.hasPrefix("/books/v1/volumes/"):
                let id = String(path.dropFirst("/books/v1/volumes/".count))
                guard id.hasPrefix("b") || id == "zyTCAlFPjgYC" else { return .json(ChosenItemsTests.notFoundBooks, status: 404) }
                let title = id == "zyTCAlFPjgYC" ? "The Google Story" : "Book \(id)"
                return .json(#"{"kind":"books#volume","id":"\#(id)","volumeInfo":{"title":"\#(title)","authors":["A. Writer"]}}"#)
            case "/3/configuration":
                return .json(StubBodies.tmdbConfiguration(base: URL(string: "http://127.0.0.1")!))
            case "/3/search/movie":
                return .json(StubBodies.tmdbList(page: 1, count: 3, totalPages: 1, totalResults: 3))
            case let path where path.hasPrefix("/3/movie/"):
                guard let id = Int(path.dropFirst("/3/movie/".count)), id < 900 else { return .json(ChosenItemsTests.notFoundTMDB, status: 404) }
                return .json(StubBodies.tmdbMovie(id: id))
            default:
                return .json(#"{"error":"unexpected"}"#, status: 500)
            }
        }
    }

    /// The person's shell: the binary in `folder` (HOME too), pointed at the stub.
    struct Shell {
        let folder: URL
        let environment: [String: String]

        init(_ server: StubServer) throws {
            folder = try TestSupport.temporaryDirectory()
            let base = server.baseURL.absoluteString
            environment = ["VITRINE_GOOGLE_BOOKS_URL": base, "VITRINE_TMDB_URL": base, "TMDB_API_KEY": "e2e-SECRET-key"]
        }

        func run(_ arguments: [String]) async throws -> TestSupport.Run {
            let run = try await LiveCLITests.spawn(arguments, in: folder, environment: environment)
            #expect(!(run.stdout + run.stderr).contains("SECRET"), "\(arguments)")
            return run
        }

        /// `vitrine new SITE --source SOURCE` (published at example.org), then `vitrine search
        /// SOURCE QUERY --json`: the first result's id.
        func newSite(_ site: String, source: String, thenSearch query: String) async throws -> String {
            #expect(try await run(["new", site, "--source", source, "--base-url", "https://example.org/"]).status == 0)
            let search = try await run(["search", source, query, "--json", "--site", site])
            #expect(search.status == 0, "\(search.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(search.stdout.utf8)) as? [String: Any])
            let results = try #require(object["results"] as? [[String: Any]])
            return try #require(results.first?["id"] as? String)
        }

        func append(_ text: String, to path: String) throws {
            let file = folder.appendingPathComponent(path)
            try Data((try String(contentsOf: file, encoding: .utf8) + text).utf8).write(to: file)
        }

        /// Each favorite's `addedAt`, a minute apart in file order: adds within one second
        /// would tie, and the feeds' order is by `addedAt`.
        func spaceAddedTimes(site: String) throws {
            let file = folder.appendingPathComponent("\(site)/favorites.json")
            var text = try String(contentsOf: file, encoding: .utf8)
            var minute = 0
            while let match = text.firstMatch(of: /"addedAt"(\s*):(\s*)"20[^"]*Z"/) {
                text.replaceSubrange(match.range, with: #""addedAt"\#(match.1):\#(match.2)"2026-11-20T09:0\#(minute):00z""#)
                minute += 1
            }
            try Data(text.replacingOccurrences(of: ":00z\"", with: ":00Z\"").utf8).write(to: file)
        }

        func page(_ path: String) throws -> String {
            try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
        }

        func exists(_ path: String) -> Bool {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(path).path)
        }
    }

    /// The ids of the cells on a gallery page, in order.
    static func ids(_ html: String) -> [String] {
        html.components(separatedBy: "data-cell data-kind=\"").dropFirst().map { cell in
            String(cell.components(separatedBy: "data-id=\"").dropFirst().first?.prefix { $0 != "\"" } ?? "")
        }
    }

    @Test func aReadingListFromGoogleBooks() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let shell = try Shell(server)
        let found = try await shell.newSite("books", source: "google-books", thenSearch: "google story")
        #expect(found == "books:b0")
        let add = try await shell.run([
            "favorites", "add", "https://books.google.com/books?id=zyTCAlFPjgYC", "books", "--tag", "read", "--rating", "4.5",
            "--note", "Read it *twice*. Q&A", "--date", "2026-11-01",
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("added books:zyTCAlFPjgYC “The Google Story”"), "\(add.stdout)")
        #expect(try await shell.run(["favorites", "add", found, "books", "--tag", "read", "--rating", "5"]).status == 0)
        #expect(try await shell.run(["favorites", "add", "books:b1", "books", "--tag", "want-to-read"]).status == 0)
        try shell.spaceAddedTimes(site: "books")
        try shell.append(
            """
              - name: read
                title: Read
                source: favorites
                tags: [read]
                order: manual
              - name: best
                title: Best read
                source: favorites
                tags: [read]
                order: rating
              - name: next
                title: Want to read
                source: favorites
                tags: [want-to-read]

            """, to: "books/site.yml")
        let build = try await shell.run(["build", "books", "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")

        // The galleries, in manual and rating order; the owner's stars and tags on cells.
        let read = try shell.page("books/public/read/index.html")
        #expect(Self.ids(read) == ["books:zyTCAlFPjgYC", "books:b0"], "manual: the order in the file")
        #expect(Self.ids(try shell.page("books/public/best/index.html")) == ["books:b0", "books:zyTCAlFPjgYC"], "rating: 5 before 4.5")
        #expect(Self.ids(try shell.page("books/public/next/index.html")) == ["books:b1"])
        #expect(read.contains(#"<span aria-hidden="true">★★★★½</span><span class="visually-hidden">Rated 4.5 of 5 by me</span>"#))
        #expect(read.contains(#"<span class="tag">read</span>"#))
        // The note as HTML, and the date, on the item's page.
        let item = try shell.page("books/public/items/books-zyTCAlFPjgYC/index.html")
        #expect(item.contains("Read it <em>twice</em>. Q&amp;A"), "the note, as HTML")
        #expect(item.contains(#"<time datetime="2026-11-01">"#) && item.contains("Rated 4.5 of 5 by me"))

        // Each tag gallery's own feed: its entries, newest added first whatever the order.
        for gallery in ["read", "best"] {
            let xml = try shell.page("books/public/\(gallery)/feed.xml")
            let feed = try #require(AtomCheck(xml), "\(gallery)/feed.xml is not well-formed XML")
            #expect(feed.problems == [], "\(xml)")
            #expect(feed.selfLink == "https://example.org/\(gallery)/feed.xml")
            #expect(feed.entryIDs == ["https://example.org/items/books-b0/", "https://example.org/items/books-zyTCAlFPjgYC/"], "\(xml)")
            #expect(xml.firstMatch(of: /<updated>([^<]*)</)?.1 == "2026-11-20T09:01:00Z", "the feed's updated is its newest entry's: \(xml)")
            #expect(
                try shell.page("books/public/\(gallery)/index.html").contains(
                    #"<link rel="alternate" type="application/atom+xml" href="../\#(gallery)/feed.xml" title="\#(gallery == "read" ? "Read" : "Best read")">"#))
        }
        #expect(try #require(AtomCheck(try shell.page("books/public/next/feed.xml"))).entryIDs == ["https://example.org/items/books-b1/"])
        #expect(try #require(AtomCheck(try shell.page("books/public/feed.xml"))).entryIDs.count == 3, "the favorites feed keeps every favorite")
        let first = try shell.page("books/public/read/feed.xml")

        // Deterministic: the same bytes from a second build; no feed (and no link) without a baseURL.
        #expect(try await shell.run(["build", "books", "--offline", "--quiet"]).status == 0)
        #expect(try shell.page("books/public/read/feed.xml") == first)
        let config = shell.folder.appendingPathComponent("books/site.yml")
        let yaml = try String(contentsOf: config, encoding: .utf8)
        try Data(yaml.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("baseURL:") }.joined(separator: "\n").utf8).write(to: config)
        #expect(try await shell.run(["build", "books", "--offline", "--quiet"]).status == 0)
        #expect(!shell.exists("books/public/read/feed.xml"))
        #expect(!(try shell.page("books/public/read/index.html")).contains("application/atom+xml"))
    }

    @Test func aWatchlistFromTMDB() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let shell = try Shell(server)
        let found = try await shell.newSite("movies", source: "tmdb", thenSearch: "fight club")
        #expect(found == "tmdb:100")
        try shell.append("  - name: picks\n    title: Picks\n    source: tmdb\n    ids: [550, \(found), 999]\n", to: "movies/site.yml")
        let watched = try await shell.run([
            "favorites", "add", found, "movies", "--tag", "watched", "--rating", "4", "--date", "2026-10-31", "--note", "See it **again**.",
        ])
        #expect(watched.status == 0, "\(watched.stderr)")
        #expect(try await shell.run(["favorites", "add", "tmdb:13", "movies", "--tag", "watched", "--rating", "2.5"]).status == 0)
        #expect(try await shell.run(["favorites", "add", "https://www.themoviedb.org/movie/550-fight-club", "movies", "--tag", "watchlist"]).status == 0)
        #expect(try await shell.run(["favorites", "add", "tmdb:551", "movies", "--tag", "watchlist"]).status == 0)
        try shell.spaceAddedTimes(site: "movies")
        try shell.append(
            """
              - name: watchlist
                title: Watchlist
                source: favorites
                tags: [watchlist]
                order: manual
              - name: watched
                title: Watched
                source: favorites
                tags: [watched]
                order: rating

            """, to: "movies/site.yml")

        // The unknown id is a warning naming it; the site is built without it; exit 0.
        let build = try await shell.run(["build", "movies"])
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("gallery 'picks' (tmdb): id 999 not found"), "\(build.stderr)")
        #expect(Self.ids(try shell.page("movies/public/picks/index.html")) == ["tmdb:550", "tmdb:100"], "the order given, without 999")
        #expect(Self.ids(try shell.page("movies/public/watchlist/index.html")) == ["tmdb:550", "tmdb:551"])
        let watchedPage = try shell.page("movies/public/watched/index.html")
        #expect(Self.ids(watchedPage) == ["tmdb:100", "tmdb:13"], "rating: 4 before 2.5")
        #expect(watchedPage.contains(#"<span aria-hidden="true">★★★★☆</span><span class="visually-hidden">Rated 4 of 5 by me</span>"#), "\(watchedPage)")
        #expect(watchedPage.contains(#"<span class="tag">watched</span>"#))
        let item = try shell.page("movies/public/items/tmdb-100/index.html")
        #expect(item.contains("See it <strong>again</strong>.") && item.contains(#"<time datetime="2026-10-31">"#))
        let feed = try #require(AtomCheck(try shell.page("movies/public/watchlist/feed.xml")))
        #expect(feed.problems == [] && feed.entryIDs == ["https://example.org/items/tmdb-551/", "https://example.org/items/tmdb-550/"])

        // --strict: the unknown id is fatal, named; the published site stays as it was.
        let before = try shell.page("movies/public/picks/index.html")
        let strict = try await shell.run(["build", "movies", "--strict"])
        #expect(strict.status == 1, "\(strict.stderr)")
        #expect(strict.stderr.contains("999"), "\(strict.stderr)")
        #expect(try shell.page("movies/public/picks/index.html") == before)
    }
}
