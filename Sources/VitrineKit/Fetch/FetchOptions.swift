import Foundation

/// How a build treats the network. Filled in by the executable (which reads the environment).
public struct FetchOptions: Sendable {
    public enum Mode: Sendable, Equatable {
        /// Use a gallery's snapshot when it exists and matches the gallery; search otherwise.
        case snapshotsFirst
        /// Search every gallery again (`--refresh`).
        case refresh
        /// Never touch the network (`--offline`); a missing snapshot is an error.
        case offline
    }

    public var mode: Mode
    /// Any failed search fails the build (`--strict`), instead of keeping its snapshot.
    public var strict: Bool
    public var endpoints: APIEndpoints
    public var credentials: APICredentials
    /// Raw HTTP responses; default `SITE/.vitrine-cache/http` (outside the output).
    public var cacheDirectory: URL?
    public var cacheMaxAge: Duration
    public var timeouts: HTTPTimeouts
    public var retry: RetryPolicy
    /// Searches running at once.
    public var concurrency: Int
    /// Test seams: another transport, and a sleep that does not wait.
    public var transport: (any HTTPTransport)?
    public var sleep: (@Sendable (Duration) async throws -> Void)?

    public init(
        mode: Mode = .snapshotsFirst, strict: Bool = false, endpoints: APIEndpoints = .production,
        credentials: APICredentials = APICredentials(), cacheDirectory: URL? = nil, cacheMaxAge: Duration = .seconds(3600),
        timeouts: HTTPTimeouts = HTTPTimeouts(), retry: RetryPolicy = RetryPolicy(), concurrency: Int = 4,
        transport: (any HTTPTransport)? = nil, sleep: (@Sendable (Duration) async throws -> Void)? = nil
    ) {
        self.mode = mode
        self.strict = strict
        self.endpoints = endpoints
        self.credentials = credentials
        self.cacheDirectory = cacheDirectory
        self.cacheMaxAge = cacheMaxAge
        self.timeouts = timeouts
        self.retry = retry
        self.concurrency = concurrency
        self.transport = transport
        self.sleep = sleep
    }
}
