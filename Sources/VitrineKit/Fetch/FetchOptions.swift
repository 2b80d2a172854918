import Foundation

/// How a build treats the network. Filled in by the executable (which reads the environment).
public struct FetchOptions: Sendable {
    /// Whether a build may search, and whether it must.
    public enum Mode: Sendable, Equatable {
        /// Use a gallery's snapshot when it exists and matches the gallery; search otherwise.
        case snapshotsFirst
        /// Search every gallery again (`--refresh`).
        case refresh
        /// Never touch the network (`--offline`); a missing snapshot is an error.
        case offline
    }

    /// Snapshots first, `--refresh` or `--offline`.
    public var mode: Mode
    /// Any failed search fails the build (`--strict`), instead of keeping its snapshot.
    public var strict: Bool
    /// `--refresh-stale`: fetch again just the snapshots and favorites' stored items older
    /// than their API's terms allow (`StoredCopyAge`).
    public var refreshStale = false
    /// Where each API is reached.
    public var endpoints: APIEndpoints
    /// The API keys.
    public var credentials: APICredentials
    /// Raw HTTP responses; default `SITE/.vitrine-cache/http` (outside the output).
    public var cacheDirectory: URL?
    /// Keep answers on disk (`cacheDirectory`); false for a command outside any site, which
    /// has no folder of its own to keep them in (`vitrine search` elsewhere).
    public var diskCache = true
    /// How long a cached response is used without asking again.
    public var cacheMaxAge: Duration
    /// Connect and whole-request time limits.
    public var timeouts: HTTPTimeouts
    /// Retries of a failed request: three attempts, backing off from 0.5 s.
    var retry = RetryPolicy()
    /// Searches running at once.
    var concurrency = 4
    /// Test seams: another transport, and a sleep that does not wait.
    var transport: (any HTTPTransport)?
    var sleep: (@Sendable (Duration) async throws -> Void)?

    /// Options as the command line gives them; the defaults are those of a plain `vitrine build`.
    public init(
        mode: Mode = .snapshotsFirst, strict: Bool = false, endpoints: APIEndpoints = .production,
        credentials: APICredentials = APICredentials(), cacheDirectory: URL? = nil, cacheMaxAge: Duration = .seconds(3600),
        timeouts: HTTPTimeouts = HTTPTimeouts()
    ) {
        self.mode = mode
        self.strict = strict
        self.endpoints = endpoints
        self.credentials = credentials
        self.cacheDirectory = cacheDirectory
        self.cacheMaxAge = cacheMaxAge
        self.timeouts = timeouts
    }
}
