import Foundation

/// A GET request to a catalog API.
///
/// `secretQueryItems` and `secretHeaders` carry credentials: they are sent, but never part
/// of a cache key, a log line, an error message or a file name (`redactedURL`).
struct HTTPRequest: Sendable, Hashable {
    var url: URL
    var headers: [String: String]
    var secretQueryItems: [URLQueryItem]
    var secretHeaders: [String: String]

    init(url: URL, headers: [String: String] = [:], secretQueryItems: [URLQueryItem] = [], secretHeaders: [String: String] = [:]) {
        self.url = url
        self.headers = headers
        self.secretQueryItems = secretQueryItems
        self.secretHeaders = secretHeaders
    }

    /// The URL without credentials: what logs, errors and cache keys see.
    var redactedURL: String { url.absoluteString }

    /// The URL actually sent, credentials included.
    var sentURL: URL {
        guard !secretQueryItems.isEmpty, var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        components.queryItems = (components.queryItems ?? []) + secretQueryItems
        return components.url ?? url
    }

    var sentHeaders: [String: String] {
        headers.merging(secretHeaders) { _, secret in secret }
    }

    /// Every secret value, for scrubbing any text that might echo one.
    var secrets: [String] {
        secretQueryItems.compactMap(\.value).filter { !$0.isEmpty } + secretHeaders.values.filter { !$0.isEmpty }
    }
}

struct HTTPResponse: Sendable, Equatable {
    var status: Int
    /// Header names lower-cased.
    var headers: [String: String]
    var body: Data

    init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    var isSuccess: Bool { (200..<300).contains(status) }
}

/// Sends one request; the seam tests and other HTTP stacks plug into. Timeouts are the
/// transport's own configuration; a timeout or connection failure throws `TransportError`.
protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
    /// Releases connections; called once when a build's fetching is over.
    func shutdown() async
}

/// How long a request may take (`--timeout`).
public struct HTTPTimeouts: Sendable, Equatable {
    /// Until the connection is made.
    public var connect: Duration
    /// From sending the request to the last byte of the body.
    public var total: Duration

    /// Ten seconds to connect and thirty for the whole request, unless told otherwise.
    public init(connect: Duration = .seconds(10), total: Duration = .seconds(30)) {
        self.connect = connect
        self.total = total
    }
}

/// A transport failure that is not an HTTP status: refused, reset, timed out.
struct TransportError: Error, Sendable, CustomStringConvertible {
    enum Kind: Sendable { case timeout, connection }
    var kind: Kind
    var description: String
}
