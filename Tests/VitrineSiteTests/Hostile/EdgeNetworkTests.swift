import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// Keys, by-id answers, the HTTP cache, what is retried, and ids that differ only in their
/// bytes: the network edges of issue 33 (items 5, 6, 12, 19 and the ids of 20).
@Suite("edges: keys, lookups, cache, retries, ids")
struct EdgeNetworkTests {
    static let cats = FaultTests.cats
    static let faults = FaultTests()

    // MARK: 5. Keys

    @Test(arguments: [
        ("TMDB_ACCESS_TOKEN", "p1SECRET\np2SECRET", "has a line break"),
        ("GIPHY_API_KEY", "e", "is 1 character long, too short to be a key"),
        ("GIPHY_API_KEY", "abcSECRET defSECRET", "has a space"),
        ("GOOGLE_BOOKS_API_KEY", "k\u{1B}[31mSECRETSECRET", "has a control character"),
        ("TMDB_API_KEY", "clé-SECRET-SECRET", "has a character that is not ASCII"),
    ])
    func anImplausibleKeyIsOneLineAndExit64(variable: String, key: String, problem: String) async throws {
        let server = try await StubServer.start { _ in .json(StubBodies.giphy(offset: 0, count: 1, total: 1)) }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  - name: cats\n    source: giphy\n    query: cats\n  - name: movies\n    source: tmdb\n")
        let folder = site.folder.deletingLastPathComponent()
        let environment = [
            "VITRINE_GIPHY_URL": server.baseURL.absoluteString, "VITRINE_TMDB_URL": server.baseURL.absoluteString,
            "GIPHY_API_KEY": "giphy-plausible-key", "TMDB_API_KEY": "tmdb-plausible-key",
        ].merging([variable: key]) { $1 }
        let run = try await LiveCLITests().run(["build", "site", "--refresh", "--report", "report.json"], in: folder, environment: environment)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.hasPrefix("error: \(variable) is not a usable key: it \(problem) ("), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        #expect(!run.stderr.contains("SECRET") && !run.stdout.contains("SECRET"), "the key is never shown")
        #expect(!run.stderr.contains("***"), "nothing had to be scrubbed")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.json").path))
        #expect(!FileManager.default.fileExists(atPath: site.output.path), "nothing was built")
        #expect(await server.received().isEmpty, "no request was made")
    }

    @Test func aPlausibleKeyIsAccepted() throws {
        let credentials = try APICredentials.checked(["GIPHY_API_KEY": " abcdefgh12345678\n", "TMDB_ACCESS_TOKEN": "eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiIxMjMifQ.c2lnbmF0dXJl"])
        #expect(credentials.giphyKey == "abcdefgh12345678")
        #expect(credentials.tmdbToken == "eyJhbGciOiJIUzI1NiJ9.eyJhdWQiOiIxMjMifQ.c2lnbmF0dXJl")
        #expect(credentials.tmdbKey == nil && credentials.googleBooksKey == nil)
    }

    /// An API that echoes the query string it got carries the key percent-encoded.
    @Test func aKeyEchoedPercentEncodedIsScrubbed() async throws {
        let key = "abc+def/ghi=SECRET"
        let server = try await StubServer.start { request in
            .json(#"{"message":"bad request: \#(request.rawQuery)"}"#, status: 403)
        }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        let options = site.options(credentials: APICredentials(giphyKey: key))
        do {
            try await site.build(options)
            Issue.record("the build should fail")
        } catch let error as VitrineError {
            #expect(error.message.contains("bad request: "), "\(error.message)")
            #expect(error.message.contains("api_key=***"), "\(error.message)")
            #expect(!error.message.contains("SECRET"), "\(error.message)")
        }
        if let report = FileManager.default.contents(atPath: site.folder.appendingPathComponent("report.json").path) {
            #expect(!String(decoding: report, as: UTF8.self).contains("SECRET"))
        }
    }

    /// Everything under `folder`, as text: where a key must never be.
    static func everything(under folder: URL) -> String {
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        return files.compactMap { FileManager.default.contents(atPath: $0.path) }.map { String(decoding: $0, as: UTF8.self) }.joined()
    }

    @Test func anAnswerThatEchoesTheKeyIsRefusedAndStoredNowhere() async throws {
        let key = "abc/def+SECRET"
        // An API that copies the request into a field: the key, as given or percent-encoded.
        let server = try await StubServer.start { request in
            if request.path == "/3/configuration" { return .json(StubBodies.tmdbConfiguration(base: URL(string: "http://127.0.0.1")!)) }
            if request.path.hasPrefix("/3/movie/") {
                return .json(StubBodies.tmdbMovie(id: 550).replacingOccurrences(of: "\"overview\":\"", with: "\"overview\":\"\(request.rawQuery) "))
            }
            let echoed = Secrets.encoded(request.query["api_key"] ?? "")
            return .json(StubBodies.giphy(offset: 0, count: 3, total: 3).replacingOccurrences(of: #""username":"""#, with: #""username":"\#(echoed)""#))
        }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        let credentials = APICredentials(giphyKey: key, tmdbKey: key)
        do {
            try await site.build(site.options(credentials: credentials))
            Issue.record("a gallery whose only answer carries the key has nothing to show")
        } catch let error as VitrineError {
            #expect(error.message.contains("contains the API key; refused, nothing was stored"), "\(error.message)")
            #expect(!error.message.contains("SECRET"), "\(error.message)")
        }
        // By id (favorites add) the same: nothing stored, the file as it was.
        let file = site.folder.appendingPathComponent("favorites.json")
        let before = try? Data(contentsOf: file)
        let service = FavoritesService(options: site.options(credentials: credentials))
        await #expect(throws: VitrineError.self) { try await service.add("tmdb:550") }
        #expect((try? Data(contentsOf: file)) == before)
        #expect(!Self.everything(under: site.folder.deletingLastPathComponent()).contains("SECRET"))
    }

    // MARK: 6. A by-id lookup that answers with another id

    static func tmdbServer(answering id: Int) async throws -> StubServer {
        try await StubServer.start { request in
            if request.path == "/3/configuration" { return .json(StubBodies.tmdbConfiguration(base: URL(string: "http://127.0.0.1")!)) }
            return .json(StubBodies.tmdbMovie(id: id))
        }
    }

    @Test func aBuildRefusesALookupAnsweredWithAnotherID() async throws {
        let server = try await Self.tmdbServer(answering: 551)
        defer { Task { await server.stop() } }
        let favorites = #"{"favorites": [{"id": "tmdb:550", "addedAt": "2026-11-21T21:45:00+09:00"}]}"#
        let site = try FetchTestSite(server: server, galleries: "  []\n", favorites: favorites)
        let file = site.folder.appendingPathComponent("favorites.json")
        let logs = LogCapture()
        await #expect(throws: VitrineError.self) { try await site.build(site.options(), logs: logs) }
        #expect(logs.all.contains { $0.contains("favorite 'tmdb:550': TMDB answered with another item, 'tmdb:551'; nothing was stored") }, "\(logs.all)")
        #expect(try String(contentsOf: file, encoding: .utf8) == favorites, "the favorites file is unchanged")
        // Every later command can still read it, and change it.
        let service = FavoritesService(options: site.options(.offline))
        #expect(try service.list().map(\.id) == ["tmdb:550"])
        #expect(try service.remove("tmdb:550").count == 0)
    }

    @Test func addingRefusesALookupAnsweredWithAnotherID() async throws {
        let server = try await Self.tmdbServer(answering: 551)
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  []\n", favorites: #"{"favorites": []}"#)
        let file = site.folder.appendingPathComponent("favorites.json")
        let service = FavoritesService(options: site.options())
        await #expect(throws: VitrineError("cannot add 'tmdb:550': TMDB answered with another item, 'tmdb:551'; nothing was stored", kind: .remote)) {
            try await service.add("tmdb:550")
        }
        #expect(try String(contentsOf: file, encoding: .utf8) == #"{"favorites": []}"#)
        #expect(try service.list().isEmpty)
        // The wrong answer is not kept in the HTTP cache (it would be replayed until it expired).
        let cached = try TestSupport.tree(site.cache).keys.filter { $0.hasSuffix(".json") }
        #expect(cached.count == 1, "TMDB's image configuration only: \(cached.sorted())")
    }

    // MARK: 12. Only answers that decoded are cached

    @Test(arguments: [
        ("text/html", "<html><body>Service temporarily unavailable</body></html>"),
        ("application/json", ""),
        ("application/json", #"{"data":[],"meta":{"status":200,"msg":"OK","response_id":""}}"#),
    ])
    func aFailedAnswerWithStatus200IsNotCached(contentType: String, body: String) async throws {
        let server = try await FaultTests.scripted([
            StubServer.Reply(headers: ["Content-Type": contentType], body: Data(body.utf8)),
            .json(StubBodies.giphy(offset: 0, count: 3, total: 3)),
        ])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        await #expect(throws: VitrineError.self) { try await site.build(site.options()) }
        let cached = try TestSupport.tree(site.cache)
        #expect(cached.isEmpty, "nothing is cached: \(cached.keys.sorted())")
        let summary = try await site.build(site.options())
        #expect(summary.requests == 1 && summary.cacheHits == 0, "asked again, not replayed")
        #expect(try site.snapshot("cats").items.count == 3)
        #expect(await server.received().count == 2)
        // What decoded is cached as before.
        #expect(try await site.build(site.options(.refresh)).cacheHits == 1)
    }

    // MARK: 19. Retry only what can succeed on retry

    @Test func aRefusedConnectionFailsAtOnceSayingSo() async throws {
        let closed = try await StubServer.start { _ in .json("{}") }
        await closed.stop()  // its port now refuses connections
        let site = try FetchTestSite(server: closed, galleries: Self.cats)
        let sleeps = SleepLog()
        await Self.faults.expectFailure(
            site, "fetch 'cats' (giphy): cannot connect to 127.0.0.1:\(closed.port) (connection refused) after 3 attempts; no snapshot to fall back on",
            options: site.options(sleeps: sleeps))
        #expect(await sleeps.durations.count == 2, "refused is retried, with backoff")
    }

    @Test func aBodyOver32MBIsRefusedOnce() async throws {
        let server = try await FaultTests.scripted([StubServer.Reply(body: Data(count: AsyncHTTPClientTransport.maxBodyBytes + 1024))])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        await Self.faults.expectFailure(
            site, "fetch 'cats' (giphy): the response from 127.0.0.1:\(server.port) is larger than 32 MB, far more than an API page; refused; no snapshot to fall back on")
        #expect(await server.received().count == 1)
    }

    /// 400 KB of spaces, gzipped to 439 bytes: over 900 times smaller.
    static let gzipBomb = Data(
        base64Encoded: [
            "H4sIAAAAAAACA+3BMQ0AIAwAMCtkMrCycCxBAh+Zd1xwtb2x61TMHAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
            "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAPDB6gc6",
            "qVxvixoGAA==",
        ].joined()
    )!

    @Test func aDecompressionBombIsRefusedOnce() async throws {
        let server = try await FaultTests.scripted([
            StubServer.Reply(headers: ["Content-Type": "application/json", "Content-Encoding": "gzip"], body: Self.gzipBomb)
        ])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        await Self.faults.expectFailure(
            site, "fetch 'cats' (giphy): the compressed response from 127.0.0.1:\(server.port) expands more than 50 times; refused; no snapshot to fall back on")
        #expect(await server.received().count == 1)
    }

    @Test func endlessRedirectsAreRefusedOnce() async throws {
        let counter = FaultTests.Counter()
        let server = try await StubServer.start { _ in
            StubServer.Reply(status: 302, headers: ["Location": "/v1/gifs/search?hop=\(await counter.next())"], body: Data())
        }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        // A whole minute for the four answers: on a loaded machine a 5 s limit can end the
        // first attempt before the redirect limit does, and a timeout is retried.
        await Self.faults.expectFailure(
            site, "fetch 'cats' (giphy): more than 3 redirects from 127.0.0.1:\(server.port), or a redirect loop; refused; no snapshot to fall back on",
            options: site.options(timeout: .seconds(60)))
        #expect(await server.received().count == 4, "the request and its 3 redirects, once")
    }

    @Test func aRetryAfterBeyondTheCapGivesUpAtOnceSayingWhen() async throws {
        let server = try await FaultTests.scripted([
            .json(#"{"message":"API rate limit exceeded"}"#, status: 429, headers: ["Retry-After": "315360000"])  // ten years
        ])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        let sleeps = SleepLog()
        do {
            try await site.build(site.options(sleeps: sleeps))
            Issue.record("the build should fail")
        } catch let error as VitrineError {
            let year = Calendar(identifier: .gregorian).component(.year, from: Date()) + 10
            #expect(error.message.hasPrefix("fetch 'cats' (giphy): HTTP 429 from 127.0.0.1:\(server.port); the server asks to wait until \(year)-"), "\(error.message)")
            #expect(error.message.hasSuffix("longer than 30 s: try again then: API rate limit exceeded; no snapshot to fall back on"), "\(error.message)")
        }
        #expect(await sleeps.durations.isEmpty, "no wait")
        #expect(await server.received().count == 1)
    }

    /// The transport's answer for a name that does not resolve, without asking a resolver.
    struct UnresolvedTransport: HTTPTransport {
        let attempts = FaultTests.Counter()
        func send(_ request: HTTPRequest) async throws -> HTTPResponse {
            _ = await attempts.next()
            throw TransportError(kind: .unresolved, description: "cannot resolve \(request.url.host ?? "")")
        }
        func shutdown() async {}
    }

    @Test func aNameThatDoesNotResolveIsOneLineAndNoRetry() async throws {
        let server = try await StubServer.start { _ in .json("{}") }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        var options = site.options()
        let transport = UnresolvedTransport()
        options.fetch.transport = transport
        options.fetch.endpoints.giphy = URL(string: "https://api.giphy.com")!
        await Self.faults.expectFailure(
            site, "fetch 'cats' (giphy): cannot resolve api.giphy.com: offline? --offline builds from the snapshots; no snapshot to fall back on",
            options: options)
        #expect(await transport.attempts.value == 1)
    }

    // MARK: 20. Ids compare by their bytes

    @Test(arguments: [("caf\u{E9}", "cafe\u{301}"), ("\u{C5}", "\u{212B}"), ("\u{C5}", "A\u{30A}")])
    func canonicallyEquivalentIDsStayApart(_ first: String, _ second: String) {
        #expect(first == second, "Swift's String == merges them")
        let a = ItemID(source: .giphy, value: first)
        let b = ItemID(source: .giphy, value: second)
        #expect(a != b)
        #expect(Set([a, b]).count == 2)
        let items: [ItemID: String] = [a: "first"]
        #expect(items[b] == nil, "a favorite of one never shows the other")
        #expect((a < b) != (b < a), "a total order")
        #expect(a.pathSegment != b.pathSegment)
    }

    @Test func aSearchKeepsBothOfTwoCanonicallyEquivalentIDs() async throws {
        let body = StubBodies.giphy(offset: 0, count: 2, total: 2)
            .replacingOccurrences(of: #""id":"g0""#, with: "\"id\":\"caf\u{E9}\"")
            .replacingOccurrences(of: #""id":"g1""#, with: "\"id\":\"cafe\u{301}\"")
        let server = try await FaultTests.scripted([.json(body)])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        try await site.build(site.options())
        #expect(try site.snapshot("cats").items.map { Array($0.id.value.utf8) } == [Array("caf\u{E9}".utf8), Array("cafe\u{301}".utf8)])
        for folder in ["giphy-caf~C3~A9", "giphy-cafe~CC~81"] {
            #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("items/\(folder)/index.html").path), "\(folder)")
        }
    }
}
