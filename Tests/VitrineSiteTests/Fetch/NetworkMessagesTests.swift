import Foundation
import NIOCore
import NIOPosix
import Synchronization
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// What the binary says about the network (issue 38 item 5): one line per gallery naming
/// gallery, source, server and cause; retry lines that name the gallery and the attempt;
/// nothing retried that cannot succeed (a failed TLS handshake); an answer of the HTTP
/// cache said as such, with its age; Ctrl-C says only `interrupted`; `--offline` over a
/// changed query says so once. Every server is on 127.0.0.1; no name is resolved.
@Suite("network messages a person understands")
struct NetworkMessagesTests {
    /// The binary with `environment`, on a thread of its own: waiting for it on the
    /// cooperative pool would starve the stub server that answers it.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String]) async throws -> TestSupport.Run {
        try await LiveCLITests().run(arguments, in: folder, environment: environment)
    }

    /// A site in a temporary folder whose GIPHY galleries ask `url`; the folder to run in.
    static func site(_ server: StubServer, galleries: [String]) throws -> FetchTestSite {
        let text = galleries.map { "  - name: \($0)\n    source: giphy\n    query: \($0)\n    limit: 3\n" }.joined()
        return try FetchTestSite(server: server, galleries: text)
    }

    static func environment(_ url: URL, key: String = "giphy-plausible-key") -> [String: String] {
        ["VITRINE_GIPHY_URL": url.absoluteString, "GIPHY_API_KEY": key]
    }

    /// `vitrine build site --refresh` of a site whose one gallery asks GIPHY at `url`.
    static func refresh(asking url: URL) async throws -> TestSupport.Run {
        let folder = try TestSupport.temporaryDirectory("vitrine-network")
        let site = folder.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        let yml = "title: Network test\nbaseURL: https://example.org/\ngalleries:\n  - name: cats\n    source: giphy\n    query: cats\n"
        try Data(yml.utf8).write(to: site.appendingPathComponent("site.yml"))
        return try await run(["build", "site", "--refresh"], in: folder, environment: environment(url))
    }

    static func lines(_ text: String) -> [String] {
        text.split(separator: "\n").map(String.init)
    }

    /// No library's own words (`SocketAddressError…`, `CancellationError()`,
    /// `HTTPClientError.…`, `NIOSSLError…`) in what a person reads.
    static func expectNoRawErrors(_ run: TestSupport.Run, sourceLocation: SourceLocation = #_sourceLocation) {
        for raw in ["Error(", "Error.", "Error:", "error -", "NIO", "BoringSSL", "()"] {
            #expect(!run.stderr.contains(raw), "'\(raw)' in: \(run.stderr)", sourceLocation: sourceLocation)
        }
    }

    // MARK: Retry lines name the gallery and the attempt

    @Test func retryLinesNameTheGalleryTheCauseAndTheAttempt() async throws {
        let counts = Mutex<[String: Int]>([:])
        let server = try await StubServer.start { request in
            let query = request.query["q"] ?? ""
            let seen = counts.withLock { counts in
                defer { counts[query, default: 0] += 1 }
                return counts[query, default: 0]
            }
            switch (query, seen) {
            case ("cats", 0): return .json(#"{"message":"API rate limit exceeded"}"#, status: 429, headers: ["Retry-After": "1"])
            case ("birds", _): return .json(#"{"message":"upstream down"}"#, status: 503, headers: ["Retry-After": "0"])
            default: return .json(StubBodies.giphy(offset: 0, count: 3, total: 3))
            }
        }
        defer { Task { await server.stop() } }
        let site = try Self.site(server, galleries: ["cats", "dogs", "birds"])
        let run = try await Self.run(["build", "site", "--refresh"], in: site.folder.deletingLastPathComponent(), environment: Self.environment(server.baseURL))
        let lines = Self.lines(run.stderr)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(lines.contains("fetch 'cats' (giphy): HTTP 429, retrying in 1 s (2 of 3)"), "\(run.stderr)")
        #expect(lines.contains("fetch 'birds' (giphy): HTTP 503, retrying in 0 s (2 of 3)"), "\(run.stderr)")
        #expect(lines.contains("fetch 'birds' (giphy): HTTP 503, retrying in 0 s (3 of 3)"), "\(run.stderr)")
        #expect(lines.filter { $0.contains("retrying") }.count == 3, "one line a retry: \(run.stderr)")
        #expect(lines.contains("fetch: 'cats' 3 items from GIPHY") && lines.contains("fetch: 'dogs' 3 items from GIPHY"), "\(run.stderr)")
        #expect(
            lines.last == "error: fetch 'birds' (giphy): HTTP 503 from 127.0.0.1:\(server.port) after 3 attempts: upstream down; no snapshot to fall back on",
            "gallery, source, server and cause: \(run.stderr)")
        Self.expectNoRawErrors(run)
    }

    // MARK: What cannot succeed is not retried

    /// A server that speaks no TLS, asked over https: one line, one connection.
    @Test func aFailedTLSHandshakeIsOneLineAndNotRetried() async throws {
        let server = try await RawServer.start(reply: Data("HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".utf8))
        defer { Task { await server.stop() } }
        let run = try await Self.refresh(asking: URL(string: "https://127.0.0.1:\(server.port)")!)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(
            Self.lines(run.stderr) == [
                "error: fetch 'cats' (giphy): cannot connect securely to 127.0.0.1:\(server.port) (the server does not speak TLS on that port; an http:// URL?); no snapshot to fall back on"
            ], "\(run.stderr)")
        #expect(server.connections == 1, "a failed handshake is not tried again")
        Self.expectNoRawErrors(run)
    }

    /// A connection closed before any answer is worth another try, said in words.
    @Test func aClosedConnectionIsSaidInWordsAndRetried() async throws {
        let server = try await RawServer.start(reply: nil)
        defer { Task { await server.stop() } }
        let run = try await Self.refresh(asking: URL(string: "http://127.0.0.1:\(server.port)")!)
        #expect(run.status == 1, "\(run.stderr)")
        let lines = Self.lines(run.stderr)
        let cause = "127.0.0.1:\(server.port) closed the connection before its answer was complete"
        #expect(lines.count == 3, "\(run.stderr)")
        #expect(lines.first?.hasPrefix("fetch 'cats' (giphy): \(cause), retrying in ") == true, "\(run.stderr)")
        #expect(lines.first?.hasSuffix(" (2 of 3)") == true, "\(run.stderr)")
        #expect(lines.last == "error: fetch 'cats' (giphy): \(cause) after 3 attempts; no snapshot to fall back on", "\(run.stderr)")
        #expect(server.connections == 3)
        Self.expectNoRawErrors(run)
    }

    // MARK: An answer from the HTTP cache says so, and its age

    @Test func anAnswerFromTheHTTPCacheSaysSoAndItsAge() async throws {
        let server = try await StubServer.start { request in
            // The real GIPHY would refuse the second key; the cache answers before it is asked.
            request.query["api_key"] == "giphy-good-key-123"
                ? .json(StubBodies.giphy(offset: 0, count: 3, total: 3))
                : .json(#"{"data":[],"meta":{"status":401,"msg":"Unauthorized","response_id":""}}"#, status: 401)
        }
        defer { Task { await server.stop() } }
        let site = try Self.site(server, galleries: ["cats"])
        let folder = site.folder.deletingLastPathComponent()
        let arguments = ["build", "site", "--refresh", "--cache-dir", "cache"]
        let first = try await Self.run(arguments, in: folder, environment: Self.environment(server.baseURL, key: "giphy-good-key-123"))
        #expect(first.status == 0, "\(first.stderr)")
        #expect(Self.lines(first.stderr).contains("fetch: 'cats' 3 items from GIPHY"), "\(first.stderr)")

        // The cached answer made 12 minutes older.
        let cache = folder.appendingPathComponent("cache")
        let entries = try #require(FileManager.default.subpaths(atPath: cache.path)?.filter { $0.hasSuffix(".json") })
        #expect(entries.count == 1)
        for entry in entries {
            let file = cache.appendingPathComponent(entry)
            var metadata = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
            metadata["storedAt"] = Date().timeIntervalSince1970 - 12 * 60 - 30
            try JSONSerialization.data(withJSONObject: metadata).write(to: file)
        }

        let second = try await Self.run(arguments, in: folder, environment: Self.environment(server.baseURL, key: "giphy-wrong-key-456"))
        #expect(second.status == 0, "\(second.stderr)")
        #expect(
            Self.lines(second.stderr).contains("fetch: 'cats' 3 items from the HTTP cache, 12 min old (GIPHY was not asked again; --cache-max-age 0 asks it)"),
            "\(second.stderr)")
        #expect(!second.stderr.contains("items from GIPHY"), "not as if fetched: \(second.stderr)")
        #expect(await server.received().count == 1)
    }

    @Test(arguments: [(0, "0 s"), (59, "59 s"), (60, "1 min"), (3599, "59 min"), (7200, "2 h"), (86_400 * 3 + 5, "3 d")])
    func anAgeIsSaidInWholeUnits(seconds: Int64, said: String) {
        #expect(FetchScope.age(.seconds(seconds)) == said)
    }

    @Test func aGalleryPartlyAnsweredByTheCacheSaysHowMuch() {
        let answers = FetchScope.Answers(network: 1, cached: 2, oldestCached: .seconds(300))
        #expect(
            FetchScope.line(gallery: "cats", items: 80, source: "GIPHY", answers: answers)
                == "fetch: 'cats' 80 items from GIPHY, 2 of 3 answers from the HTTP cache (up to 5 min old)")
    }

    // MARK: Ctrl-C during a fetch

    @Test func ctrlCDuringAFetchPrintsOnlyTheInterruptedLine() async throws {
        let server = try await StubServer.start { _ in .json(StubBodies.giphy(offset: 0, count: 3, total: 3), delay: .seconds(20)) }
        defer { Task { await server.stop() } }
        let site = try Self.site(server, galleries: ["cats", "dogs"])
        let process = Process()
        process.executableURL = TestSupport.binary
        process.arguments = ["build", "site", "--refresh"]
        process.currentDirectoryURL = site.folder.deletingLastPathComponent()
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": site.folder.path].merging(Self.environment(server.baseURL)) { $1 }
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        // Both searches are waiting for their answers: that is when the user presses Ctrl-C.
        var polls = 0
        while await server.received().count < 2, polls < 1500 {
            polls += 1
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(await server.received().count == 2)
        process.interrupt()
        let stderr = try await TestSupport.offPool {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        #expect(process.terminationStatus == 130)
        #expect(Self.lines(stderr).count == 1, "\(stderr)")
        #expect(stderr.hasPrefix("interrupted (SIGINT): "), "\(stderr)")
        #expect(await server.received().count == 2, "nothing retried")
        #expect(!FileManager.default.fileExists(atPath: site.folder.appendingPathComponent("data/cats.json").path))
    }

    /// TMDB's configuration is fetched once, in a task of its own, for every gallery that
    /// waits: Ctrl-C reaches it through them (else it would go on, and retry, after Ctrl-C).
    @Test func ctrlCReachesTheSharedTMDBConfigurationFetch() async throws {
        let once = TMDBClient.ImagesOnce()
        let started = AsyncStream.makeStream(of: Void.self)
        let waiting = Task {
            try await once.get { () throws(VitrineError) in
                started.continuation.yield()
                try? await Task.sleep(for: .seconds(60))
                if Task.isCancelled { throw VitrineError.interrupted }
                return TMDBImages.documentedFallback
            }
        }
        for await _ in started.stream { break }
        waiting.cancel()
        await #expect(throws: VitrineError.interrupted) { try await waiting.value }
    }

    // MARK: --offline over a changed query

    @Test func offlineWithAChangedQuerySaysSoOnceAndBuildsFromTheOldSnapshot() async throws {
        let failing = Mutex(false)
        let server = try await StubServer.start { _ in
            failing.withLock { $0 } ? .json(#"{"message":"no such search"}"#, status: 404) : .json(StubBodies.giphy(offset: 0, count: 3, total: 3))
        }
        defer { Task { await server.stop() } }
        let site = try Self.site(server, galleries: ["cats"])
        let folder = site.folder.deletingLastPathComponent()
        #expect(try await Self.run(["build", "site", "--quiet"], in: folder, environment: Self.environment(server.baseURL)).status == 0)
        let yml = site.folder.appendingPathComponent("site.yml")
        try Data(try String(contentsOf: yml, encoding: .utf8).replacingOccurrences(of: "query: cats", with: "query: kittens").utf8).write(to: yml)

        let run = try await Self.run(["build", "site", "--offline"], in: folder, environment: [:])
        #expect(run.status == 0, "\(run.stderr)")
        let said = "warning: 'cats': the query changed since the snapshot; --offline builds from the old snapshot"
        #expect(Self.lines(run.stderr).filter { $0.contains("query changed") } == [said], "\(run.stderr)")
        #expect(!run.stderr.contains("replaced") && !run.stderr.contains("forbids"), "\(run.stderr)")
        #expect(try site.snapshot("cats").query == "cats", "the snapshot is as it was")
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("index.html").path))
        #expect(await server.received().count == 1)

        // Without --offline, the search runs again; failing, it says what --offline would do.
        failing.withLock { $0 = true }
        let failed = try await Self.run(["build", "site"], in: folder, environment: Self.environment(server.baseURL))
        #expect(failed.status == 1, "\(failed.stderr)")
        #expect(
            Self.lines(failed.stderr).last
                == "error: fetch 'cats' (giphy): HTTP 404 from 127.0.0.1:\(server.port): no such search; the snapshot answers the old query (--offline builds from it)",
            "\(failed.stderr)")
        #expect(try site.snapshot("cats").query == "cats")

        // Answering, it replaces the snapshot.
        failing.withLock { $0 = false }
        let again = try await Self.run(["build", "site"], in: folder, environment: Self.environment(server.baseURL))
        #expect(again.status == 0, "\(again.stderr)")
        #expect(Self.lines(again.stderr).contains("fetch: 'cats': the query changed since the snapshot; searching again"), "\(again.stderr)")
        #expect(try site.snapshot("cats").query == "kittens")
    }
}

/// A TCP server on 127.0.0.1 that answers whatever it is sent with the same bytes (or
/// closes the connection at the first byte) and counts connections: what no HTTP server does.
final class RawServer: Sendable {
    let port: Int
    private let channel: any Channel
    private let count: Counter

    final class Counter: Sendable {
        let value = Mutex(0)
    }

    var connections: Int { count.value.withLock { $0 } }

    private init(port: Int, channel: any Channel, count: Counter) {
        self.port = port
        self.channel = channel
        self.count = count
    }

    final class Handler: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let reply: Data?
        let count: Counter

        init(reply: Data?, count: Counter) {
            self.reply = reply
            self.count = count
        }

        func channelActive(context: ChannelHandlerContext) {
            count.value.withLock { $0 += 1 }
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            guard let reply else {
                context.close(promise: nil)
                return
            }
            // Left open: the client hangs up once it has read what it did not expect.
            context.writeAndFlush(NIOAny(context.channel.allocator.buffer(bytes: reply)), promise: nil)
        }
    }

    static func start(reply: Data?) async throws -> RawServer {
        let count = Counter()
        let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            .childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(Handler(reply: reply, count: count)) }
            }
            .bind(host: "127.0.0.1", port: 0).get()
        return RawServer(port: channel.localAddress?.port ?? 0, channel: channel, count: count)
    }

    func stop() async {
        try? await channel.close()
    }
}
