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
        // Every byte but the unreserved ones encoded: a key's `+` must not arrive as a space.
        let secrets = secretQueryItems.map { "\(Secrets.encoded($0.name))=\(Secrets.encoded($0.value ?? ""))" }
        components.percentEncodedQuery = ([components.percentEncodedQuery].compactMap { $0 } + secrets).joined(separator: "&")
        return components.url ?? url
    }

    var sentHeaders: [String: String] {
        headers.merging(secretHeaders) { _, secret in secret }
    }

    /// Every secret value, for scrubbing any text that might echo one.
    var secrets: [String] {
        secretQueryItems.compactMap(\.value).filter { !$0.isEmpty } + secretHeaders.values.filter { !$0.isEmpty }
    }

    /// The server as messages name it: `api.giphy.com`, or `127.0.0.1:8080` when the URL
    /// gives a port.
    var server: String {
        let host = url.host ?? "the server"
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// The host and the port connected to: `api.giphy.com:443`.
    var hostAndPort: String {
        "\(url.host ?? "the server"):\(url.port ?? (url.scheme?.lowercased() == "https" ? 443 : 80))"
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

/// A transport failure that is not an HTTP status: refused, reset, timed out, a name that
/// does not resolve, a TLS handshake that failed, an answer refused for its size or its
/// redirects, or the request cancelled (Ctrl-C).
struct TransportError: Error, Sendable, CustomStringConvertible {
    enum Kind: Sendable {
        /// No connection or no complete answer in time; may succeed on retry.
        case timeout
        /// Refused or reset; may succeed on retry.
        case connection
        /// The host name does not resolve: asking again gives the same answer.
        case unresolved
        /// The TLS handshake failed (an untrusted certificate, one for another name, a
        /// server that does not speak TLS): asking again gives the same answer.
        case tls
        /// An answer refused for what it is (too large, a decompression bomb, too many
        /// redirects): asking again gives the same answer.
        case refused
        /// The build was interrupted: nothing to say, nothing to retry.
        case cancelled
    }
    var kind: Kind
    /// One line in words, naming the server; never a library's own description.
    var description: String
    /// The library's own description, for `--verbose` only.
    var detail: String?
    /// No connection was made (a name that does not resolve, a refused or timed-out
    /// connection, a failed handshake): the search page says "are you offline?".
    var unreachable: Bool

    init(kind: Kind, description: String, detail: String? = nil, unreachable: Bool? = nil) {
        self.kind = kind
        self.description = description
        self.detail = detail
        self.unreachable = unreachable ?? (kind == .unresolved || kind == .tls)
    }

    /// Whether another attempt can succeed.
    var isTransient: Bool { kind == .timeout || kind == .connection }
}

enum Secrets {
    /// `text` with every secret replaced by `***`, as given and as a URL would carry it
    /// (percent-encoded), so no echo of a key survives in a message.
    static func scrub(_ text: String, _ secrets: [String]) -> String {
        var forms: [String] = []
        for secret in secrets where !secret.isEmpty {
            forms.append(secret)
            for encoded in [encoded(secret), secret.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed) ?? secret] where encoded != secret {
                forms.append(encoded)
            }
        }
        // Longest first: a key inside another key's encoding must not leave a tail behind.
        return forms.sorted { $0.count > $1.count }.reduce(text) { $0.replacingOccurrences(of: $1, with: "***") }
    }

    /// Whether `body` holds any secret in a form `scrub` replaces, or with its `/` escaped as
    /// JSON may write it (`\/`).
    static func appear(in body: Data, _ secrets: [String]) -> Bool {
        let text = String(decoding: body, as: UTF8.self)
        for secret in secrets where !secret.isEmpty {
            let forms = [secret, encoded(secret), secret.replacingOccurrences(of: "/", with: "\\/")]
            if forms.contains(where: { text.contains($0) }) { return true }
        }
        return false
    }

    /// `text` with every byte but ASCII letters, digits and `-._~` percent-encoded.
    static func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
