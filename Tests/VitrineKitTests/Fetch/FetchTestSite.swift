import Foundation
import Logging
import Synchronization

@testable import VitrineKit

/// A site in a temporary folder whose galleries fetch from a stub server.
struct FetchTestSite {
    static let giphyKey = "giphy-SECRET-key-123"
    static let tmdbKey = "tmdb-SECRET-key-456"
    static let booksKey = "books-SECRET-key-789"

    let folder: URL
    let cache: URL
    let server: StubServer

    init(server: StubServer, galleries: String, favorites: String? = nil) throws {
        self.server = server
        let base = try TestSupport.temporaryDirectory("vitrine-fetch")
        folder = base.appendingPathComponent("site")
        cache = base.appendingPathComponent("cache")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("title: Fetch test\nbaseURL: https://example.org/\ngalleries:\n\(galleries)".utf8).write(to: folder.appendingPathComponent("site.yml"))
        if let favorites {
            try Data(favorites.utf8).write(to: folder.appendingPathComponent("favorites.json"))
        }
    }

    var output: URL { folder.appendingPathComponent("public") }

    func options(
        _ mode: FetchOptions.Mode = .snapshotsFirst, strict: Bool = false, credentials: APICredentials? = nil,
        timeout: Duration = .seconds(5), sleeps: SleepLog = SleepLog(), cacheMaxAge: Duration = .seconds(3600)
    ) -> BuildOptions {
        let base = server.baseURL
        var fetch = FetchOptions(
            mode: mode, strict: strict,
            endpoints: APIEndpoints(giphy: base, tmdb: base, googleBooks: base, itunes: base),
            credentials: credentials ?? APICredentials(giphyKey: Self.giphyKey, tmdbKey: Self.tmdbKey, googleBooksKey: Self.booksKey),
            cacheDirectory: cache, cacheMaxAge: cacheMaxAge,
            timeouts: HTTPTimeouts(connect: .seconds(2), total: timeout)
        )
        fetch.retry = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(100), maxDelay: .seconds(30))
        fetch.sleep = { duration in await sleeps.record(duration) }
        return BuildOptions(site: folder, siteLabel: "site", output: output, jobs: 2, fetch: fetch, report: folder.appendingPathComponent("report.json"))
    }

    @discardableResult
    func build(_ options: BuildOptions, logs: LogCapture? = nil) async throws -> BuildSummary {
        let capture = logs ?? LogCapture()
        var logger = Logger(label: "test") { _ in LogCapture.Handler(capture: capture) }
        logger.logLevel = .debug
        return try await SiteBuilder(logger: logger).build(options)
    }

    func snapshot(_ gallery: String) throws -> Snapshot {
        try JSONDecoder().decode(Snapshot.self, from: Data(contentsOf: folder.appendingPathComponent("data/\(gallery).json")))
    }
}

/// Waits the fetch client asked for (the test's sleep does not really wait).
actor SleepLog {
    var durations: [Duration] = []
    func record(_ duration: Duration) { durations.append(duration) }
}

/// Every log line a build wrote, to prove what it says and what it never says.
final class LogCapture: Sendable {
    private let lines = Mutex<[String]>([])

    var all: [String] { lines.withLock { $0 } }

    func append(_ line: String) { lines.withLock { $0.append(line) } }

    struct Handler: LogHandler {
        let capture: LogCapture
        var metadata: Logger.Metadata = [:]
        var logLevel: Logger.Level = .trace

        subscript(metadataKey key: String) -> Logger.Metadata.Value? {
            get { metadata[key] }
            set { metadata[key] = newValue }
        }

        func log(event: LogEvent) {
            capture.append("\(event.level): \(event.message)")
        }
    }
}
