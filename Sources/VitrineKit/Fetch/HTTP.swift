import Foundation

/// A GET request to a catalog API.
///
/// `secretQueryItems` and `secretHeaders` carry credentials: they are sent, but never part
/// of a cache key, a log line, an error message or a file name (`redactedURL`).
public struct HTTPRequest: Sendable, Hashable {
    public var url: URL
    public var headers: [String: String]
    public var secretQueryItems: [URLQueryItem]
    public var secretHeaders: [String: String]

    public init(url: URL, headers: [String: String] = [:], secretQueryItems: [URLQueryItem] = [], secretHeaders: [String: String] = [:]) {
        self.url = url
        self.headers = headers
        self.secretQueryItems = secretQueryItems
        self.secretHeaders = secretHeaders
    }

    /// The URL without credentials: what logs, errors and cache keys see.
    public var redactedURL: String { url.absoluteString }

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

public struct HTTPResponse: Sendable, Equatable {
    public var status: Int
    /// Header names lower-cased.
    public var headers: [String: String]
    public var body: Data

    public init(status: Int, headers: [String: String] = [:], body: Data) {
        self.status = status
        self.headers = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { first, _ in first })
        self.body = body
    }

    public var isSuccess: Bool { (200..<300).contains(status) }
}

/// Sends one request; the seam tests and other HTTP stacks plug into. Timeouts are the
/// transport's own configuration; a timeout or connection failure throws `TransportError`.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse
    /// Releases connections; called once when a build's fetching is over.
    func shutdown() async
}

public struct HTTPTimeouts: Sendable, Equatable {
    public var connect: Duration
    /// From sending the request to the last byte of the body.
    public var total: Duration

    public init(connect: Duration = .seconds(10), total: Duration = .seconds(30)) {
        self.connect = connect
        self.total = total
    }
}

/// A transport failure that is not an HTTP status: refused, reset, timed out.
public struct TransportError: Error, Sendable, CustomStringConvertible {
    public enum Kind: Sendable { case timeout, connection }
    public var kind: Kind
    public var description: String
}
