import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import NIOHTTP1

@testable import VitrineKit

/// `SiteServer` running in-process on 127.0.0.1, port 0, over a temporary copy of a site,
/// with a real HTTP client. `stop()` cancels it and waits until it has ended.
final class ServedSite: Sendable {
    struct Reply: Sendable {
        var status: Int
        var headers: HTTPHeaders
        var body: String
    }

    /// Follows no redirects, so tests see them.
    static let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))

    let site: URL
    /// The site's URL, at baseURL's path: `http://127.0.0.1:PORT/fixture/`.
    let url: URL
    private let task: Task<Void, any Error>

    var origin: String { "http://127.0.0.1:\(url.port!)" }
    var favoritesFile: URL { site.appendingPathComponent("favorites.json") }

    private init(site: URL, url: URL, task: Task<Void, any Error>) {
        self.site = site
        self.url = url
        self.task = task
    }

    static func start(_ source: URL = TestSupport.fixtureSite, configure: (inout ServeOptions) -> Void = { _ in }) async throws -> ServedSite {
        let site = try TestSupport.copySite(source)
        var options = ServeOptions(
            build: BuildOptions(site: site, siteLabel: "site", jobs: 2), port: 0,
            pollInterval: .milliseconds(100), debounce: .milliseconds(50)
        )
        configure(&options)
        let (stream, continuation) = AsyncStream.makeStream(of: URL.self)
        let task = Task {
            defer { continuation.finish() }
            var logger = Logger(label: "serve-test")
            logger.logLevel = .critical
            try await SiteServer(options: options, logger: logger).run { continuation.yield($0) }
        }
        var iterator = stream.makeAsyncIterator()
        guard let url = await iterator.next() else {
            try await task.value  // the error that stopped it
            throw VitrineError("the server ended before it was ready")
        }
        return ServedSite(site: site, url: url, task: task)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// A GET (or any method) of a path relative to the site's URL, or absolute from `/`.
    func request(
        _ path: String, method: HTTPMethod = .GET, headers: [(String, String)] = [], body: String? = nil, timeout: TimeAmount = .seconds(20)
    ) async throws -> Reply {
        let target = path.hasPrefix("/") ? origin + path : url.absoluteString + path
        var request = HTTPClientRequest(url: target)
        request.method = method
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await ServedSite.client.execute(request, timeout: timeout)
        let bytes = try await response.body.collect(upTo: 16 * 1024 * 1024)
        return Reply(status: Int(response.status.code), headers: response.headers, body: String(buffer: bytes))
    }

    /// The token that served pages carry for the star.
    func token() async throws -> String {
        let page = try await request("").body
        guard let range = page.range(of: #"data-vitrine-token="([0-9a-f]+)""#, options: .regularExpression) else {
            throw VitrineError("no token in the served home page")
        }
        return String(page[range].dropFirst("data-vitrine-token=\"".count).dropLast())
    }

    /// A star click as the live script sends it; `headers` replace the browser-like defaults.
    func star(_ id: String, _ favorite: Bool, headers overrides: [String: String?] = [:]) async throws -> Reply {
        var fields: [String: String?] = [
            "Origin": origin, "Content-Type": "application/json", "X-Vitrine-Token": try await token(),
            "Sec-Fetch-Site": "same-origin",
        ]
        fields.merge(overrides) { $1 }
        return try await request(
            "/_vitrine/favorites", method: .POST, headers: fields.compactMap { name, value in value.map { (name, $0) } },
            body: #"{"id": "\#(id)", "favorite": \#(favorite)}"#
        )
    }

    func favoriteIDs() throws -> [String] {
        try FavoritesStore(url: favoritesFile, label: "favorites.json", jobs: 2).read().favorites.map(\.id.description)
    }

    /// The event stream, read as it arrives (until the server ends it).
    func events() async throws -> EventLines {
        let response = try await ServedSite.client.execute(HTTPClientRequest(url: origin + "/_vitrine/events"), timeout: .seconds(60))
        let lines = EventLines()
        Task {
            var pending = ""
            for try await chunk in response.body {
                pending += String(buffer: chunk)
                while let newline = pending.firstIndex(of: "\n") {
                    await lines.append(String(pending[..<newline]))
                    pending = String(pending[pending.index(after: newline)...])
                }
            }
        }
        return lines
    }
}

/// Lines of an event stream as they arrived; `next(where:)` reads on from the last match.
actor EventLines {
    private var lines: [String] = []
    private var cursor = 0

    func append(_ line: String) {
        lines.append(line)
    }

    /// The next line after the previous match that starts with `prefix`, waiting up to `seconds`.
    func next(startingWith prefix: String, within seconds: Double = 10) async throws -> String? {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while true {
            while cursor < lines.count {
                let line = lines[cursor]
                cursor += 1
                if line.hasPrefix(prefix) { return line }
            }
            guard ContinuousClock.now < deadline else { return nil }
            try await Task.sleep(for: .milliseconds(20))
        }
    }
}

/// Waits up to `seconds` for `condition`, checking every 50 ms.
func eventually(_ seconds: Double = 10, _ condition: () async throws -> Bool) async throws -> Bool {
    let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
    while ContinuousClock.now < deadline {
        if try await condition() { return true }
        try await Task.sleep(for: .milliseconds(50))
    }
    return try await condition()
}

/// Runs `body` against a freshly started server over a copy of the fixture site, and stops
/// the server afterwards whatever happened.
func serving(configure: (inout ServeOptions) -> Void = { _ in }, _ body: (ServedSite) async throws -> Void) async throws {
    let served = try await ServedSite.start(configure: configure)
    do {
        try await body(served)
    } catch {
        await served.stop()
        throw error
    }
    await served.stop()
}
