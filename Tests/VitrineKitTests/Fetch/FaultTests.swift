import Foundation
import Testing

@testable import VitrineKit

/// What a user sees when the network or an API misbehaves.
@Suite("live searches: faults")
struct FaultTests {
    static let cats = "  - name: cats\n    source: giphy\n    query: cats\n"

    /// A scripted server: the n-th request gets replies[n] (the last one repeats).
    static func scripted(_ replies: [StubServer.Reply]) async throws -> StubServer {
        let counter = Counter()
        return try await StubServer.start { _ in
            let index = await counter.next()
            return replies[min(index, replies.count - 1)]
        }
    }

    actor Counter {
        var value = 0
        func next() -> Int {
            defer { value += 1 }
            return value
        }
    }

    func expectFailure(_ site: FetchTestSite, _ message: String, kind: VitrineError.Kind = .remote, options: BuildOptions? = nil) async {
        await #expect(throws: VitrineError(message, kind: kind)) { try await site.build(options ?? site.options()) }
        #expect(!FileManager.default.fileExists(atPath: site.output.path), "a failed build must not publish")
    }

    @Test func unauthorizedIsReportedWithTheAPIMessage() async throws {
        let server = try await Self.scripted([.json(#"{"data":[],"meta":{"status":401,"msg":"Unauthorized","response_id":""}}"#, status: 401)])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        await expectFailure(site, "fetch 'cats' (giphy): HTTP 401 from 127.0.0.1:\(server.port): Unauthorized (status 401); no snapshot to fall back on")
        #expect(await server.received().count == 1, "401 is not retried")
    }

    @Test func aGatewayErrorWithoutMetaKeepsThePreviousSnapshot() async throws {
        let server = try await Self.scripted([
            .json(StubBodies.giphy(offset: 0, count: 5, total: 5)),
            .json(#"{"message":"Invalid authentication credentials"}"#, status: 403),
        ])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        try await site.build(site.options())
        let before = try site.snapshot("cats")
        let logs = LogCapture()
        let summary = try await site.build(site.options(.refresh, cacheMaxAge: .zero), logs: logs)
        let today = String(RFC3339.string(from: Date()).prefix(10))
        let line = "fetch 'cats' (giphy): HTTP 403 from 127.0.0.1:\(server.port): Invalid authentication credentials; kept snapshot of \(today)"
        #expect(summary.fetchFailures == [line])
        #expect(logs.all.contains("warning: \(line)"))
        #expect(try site.snapshot("cats") == before)
        let report = try String(contentsOf: site.folder.appendingPathComponent("report.json"), encoding: .utf8)
        #expect(report.contains(#""origin" : "kept-snapshot""#))
    }

    @Test func strictMakesAnyFailedSearchFatal() async throws {
        let server = try await Self.scripted([.json(StubBodies.giphy(offset: 0, count: 5, total: 5)), .json("{}", status: 500)])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        try await site.build(site.options())
        let built = try TestSupport.tree(site.output)
        await #expect(throws: VitrineError("fetch 'cats' (giphy): HTTP 500 from 127.0.0.1:\(server.port) after 3 attempts; --strict", kind: .remote)) {
            try await site.build(site.options(.refresh, strict: true, cacheMaxAge: .zero))
        }
        #expect(try TestSupport.tree(site.output) == built, "the previous site stays")
    }

    @Test func tooManyRequestsHonoursRetryAfterThenSucceeds() async throws {
        let server = try await Self.scripted([
            .json(#"{"message":"API rate limit exceeded"}"#, status: 429, headers: ["Retry-After": "7"]),
            .json(StubBodies.giphy(offset: 0, count: 24, total: 24)),
        ])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        let sleeps = SleepLog()
        try await site.build(site.options(sleeps: sleeps))
        #expect(await server.received().count == 2)
        #expect(await sleeps.durations == [.seconds(7)])
        #expect(try site.snapshot("cats").items.count == 24)
    }

    @Test func serviceUnavailableOnceThenSuccessBacksOff() async throws {
        let server = try await Self.scripted([.json("", status: 503), .json(StubBodies.giphy(offset: 0, count: 3, total: 3))])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        let sleeps = SleepLog()
        try await site.build(site.options(sleeps: sleeps))
        #expect(await server.received().count == 2)
        let waited = try #require(await sleeps.durations.first)
        #expect(waited >= .milliseconds(50) && waited <= .milliseconds(100), "backoff is base/2…base with jitter")
    }

    @Test func serverErrorAlwaysGivesUpAfterThreeAttempts() async throws {
        let server = try await Self.scripted([.json(#"{"message":"boom"}"#, status: 500)])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        let sleeps = SleepLog()
        await expectFailure(
            site, "fetch 'cats' (giphy): HTTP 500 from 127.0.0.1:\(server.port) after 3 attempts: boom; no snapshot to fall back on", options: site.options(sleeps: sleeps))
        #expect(await server.received().count == 3)
        let waits = await sleeps.durations
        #expect(waits.count == 2)
        #expect(waits[1] >= .milliseconds(100), "the second wait doubles")
    }

    @Test func truncatedJSONIsAnErrorWithLineAndColumn() async throws {
        let server = try await Self.scripted([.json(#"{"data":[{"type":"gif","id":"a""#)])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        await expectFailure(site, "fetch 'cats' (giphy): giphy response:1:32: invalid JSON (Unexpected end of file during JSON parse); no snapshot to fall back on")
    }

    @Test func aSlowReplyTimesOutAndIsRetried() async throws {
        let server = try await Self.scripted([.json(StubBodies.giphy(offset: 0, count: 1, total: 1), delay: .seconds(3))])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        let clock = ContinuousClock()
        let start = clock.now
        await expectFailure(
            site, "fetch 'cats' (giphy): no complete answer from 127.0.0.1:\(server.port) within 0.3 s after 3 attempts; no snapshot to fall back on",
            options: site.options(timeout: .milliseconds(300)))
        // Three full slow replies would take 9 s; timed-out attempts take about 1 s (slack for a busy CI machine).
        #expect(clock.now - start < .milliseconds(8_500), "each attempt stops at the timeout")
        #expect(await server.received().count == 3)
    }

    @Test func giphysSyntheticResponseIsAnError() async throws {
        let server = try await Self.scripted([.json(#"{"data":[],"meta":{"status":200,"msg":"OK","response_id":""}}"#)])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        await expectFailure(
            site, "fetch 'cats' (giphy): synthetic response (status 200, empty response_id, no data): GIPHY had trouble upstream; try again later; no snapshot to fall back on")
    }

    @Test func aMissingKeyNamesTheVariableAndTheGallery() async throws {
        let server = try await Self.scripted([.json("{}")])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        await expectFailure(site, "fetch 'cats' (giphy): GIPHY_API_KEY is not set; no snapshot to fall back on", options: site.options(credentials: APICredentials()))
        #expect(await server.received().isEmpty)
    }

    @Test func aSecondRefreshWithinTheMaxAgeMakesNoRequest() async throws {
        let server = try await StubServer.start { request in
            .json(StubBodies.giphy(offset: Int(request.query["offset"] ?? "") ?? 0, count: Int(request.query["limit"] ?? "") ?? 0, total: 500))
        }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  - name: cats\n    source: giphy\n    query: cats\n    limit: 80\n")
        let first = try await site.build(site.options(.refresh))
        #expect(first.requests == 2)
        let second = try await site.build(site.options(.refresh))
        #expect(second.requests == 0)
        #expect(second.cacheHits == 2)
        #expect(await server.received().count == 2)
    }

    @Test func offlineUsesSnapshotsAndNeverTheNetwork() async throws {
        let server = try await Self.scripted([.json(StubBodies.giphy(offset: 0, count: 4, total: 4))])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        await expectFailure(
            site, "gallery 'cats' (giphy): no snapshot at site/data/cats.json answering 'cats', and --offline forbids fetching", kind: .missingInput,
            options: site.options(.offline))
        #expect(await server.received().isEmpty)
        try await site.build(site.options())
        try await site.build(site.options(.offline))
        #expect(await server.received().count == 1)
    }

    @Test func aChangedQueryMakesTheSnapshotStale() async throws {
        let server = try await StubServer.start { _ in .json(StubBodies.giphy(offset: 0, count: 2, total: 2)) }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        try await site.build(site.options())
        let yml = site.folder.appendingPathComponent("site.yml")
        try Data(try String(contentsOf: yml, encoding: .utf8).replacingOccurrences(of: "query: cats", with: "query: dogs").utf8).write(to: yml)
        try await site.build(site.options())
        #expect(await server.received().map { $0.query["q"] } == ["cats", "dogs"])
        #expect(try site.snapshot("cats").query == "dogs")
    }

    @Test func keysNeverAppearInAnyFileOrLogLine() async throws {
        let booksCalls = Counter()
        let server = try await StubServer.start { request in
            switch request.path {
            case "/3/configuration": return .json(StubBodies.tmdbConfiguration(base: URL(string: "http://127.0.0.1")!))
            case "/3/movie/popular": return .json(StubBodies.tmdbList(page: 1, count: 2, totalPages: 1, totalResults: 2))
            case "/books/v1/volumes":
                // The first answer echoes the key back, as a careless API might.
                if await booksCalls.next() == 0 {
                    return .json(#"{"error":{"code":400,"message":"API key not valid: \#(FetchTestSite.booksKey)","errors":[]}}"#, status: 400)
                }
                return .json(StubBodies.books(start: 0, count: 3, total: 3))
            default: return .json(StubBodies.giphy(offset: 0, count: 2, total: 2))
            }
        }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(
            server: server,
            galleries: """
                  - name: cats
                    source: giphy
                    query: cats
                  - name: movies
                    source: tmdb
                  - name: books
                    source: google-books
                    query: swift

                """)
        let logs = LogCapture()
        do {
            try await site.build(site.options(), logs: logs)
            Issue.record("the first build should fail: books has no snapshot")
        } catch {
            #expect(
                (error as? VitrineError)?.message
                    == "fetch 'books' (google-books): HTTP 400 from 127.0.0.1:\(server.port): API key not valid: *** (code 400); no snapshot to fall back on")
        }
        try await site.build(site.options(), logs: logs)
        let secrets = [FetchTestSite.giphyKey, FetchTestSite.tmdbKey, FetchTestSite.booksKey]
        var files = try TestSupport.tree(site.folder).map { ("site/\($0.key)", $0.value) }
        files += try TestSupport.tree(site.cache).map { ("cache/\($0.key)", $0.value) }
        #expect(files.contains { $0.0.hasPrefix("cache/") } && files.contains { $0.0 == "site/report.json" } && files.contains { $0.0 == "site/data/books.json" })
        for (path, data) in files {
            let text = String(decoding: data, as: UTF8.self)
            for secret in secrets {
                #expect(!text.contains(secret) && !path.contains(secret), "\(path) holds a key")
            }
        }
        #expect(logs.all.contains { $0.contains("GET http://127.0.0.1") }, "requests are logged at debug level")
        for line in logs.all {
            for secret in secrets { #expect(!line.contains(secret), "log line holds a key: \(line)") }
        }
    }
}
