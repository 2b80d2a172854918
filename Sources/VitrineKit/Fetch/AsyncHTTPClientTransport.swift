import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix

/// The production transport: one AsyncHTTPClient for a build, with a connect timeout and a
/// deadline for each whole exchange.
final class AsyncHTTPClientTransport: HTTPTransport {
    /// Largest body accepted (API pages are a few hundred KB).
    static let maxBodyBytes = 32 * 1024 * 1024
    static let maxRedirects = 3
    /// How many times its compressed size a response may expand to.
    static let maxCompressionRatio = 50

    private let client: HTTPClient
    private let timeouts: HTTPTimeouts

    init(timeouts: HTTPTimeouts = HTTPTimeouts()) {
        self.timeouts = timeouts
        var configuration = HTTPClient.Configuration(
            timeout: .init(connect: .nanoseconds(timeouts.connect.nanoseconds), read: .nanoseconds(timeouts.total.nanoseconds))
        )
        configuration.redirectConfiguration = .follow(max: Self.maxRedirects, allowCycles: false)
        configuration.decompression = .enabled(limit: .ratio(Self.maxCompressionRatio))
        // A refused connection fails at once (our retry policy decides what follows), instead
        // of the pool trying again and again until the connect timeout.
        configuration.connectionPool.retryConnectionEstablishment = false
        self.client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }

    func shutdown() async {
        do {
            try await client.shutdown()
        } catch {
            // Already shut down: nothing is left to release.
        }
    }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        var outgoing = HTTPClientRequest(url: request.sentURL.absoluteString)
        outgoing.method = .GET
        outgoing.headers.add(name: "User-Agent", value: "vitrine/\(VitrineVersion.current) (static site generator)")
        outgoing.headers.add(name: "Accept", value: "application/json")
        for (name, value) in request.sentHeaders.sorted(by: { $0.key < $1.key }) {
            outgoing.headers.replaceOrAdd(name: name, value: value)
        }
        do {
            let deadline = NIODeadline.now() + .nanoseconds(timeouts.total.nanoseconds)
            let response = try await client.execute(outgoing, deadline: deadline)
            let body = try await response.body.collect(upTo: Self.maxBodyBytes)
            var headers: [String: String] = [:]
            for header in response.headers { headers[header.name.lowercased()] = header.value }
            return HTTPResponse(status: Int(response.status.code), headers: headers, body: Data(body.readableBytesView))
        } catch {
            throw Self.describe(error, request, timeouts: timeouts)
        }
    }

    /// A failure in words that name the server, with what another attempt can change: a
    /// name that does not resolve, a failed TLS handshake and the size, compression and
    /// redirect limits are final; a refused or reset connection and a timeout may pass.
    /// No library's own description reaches a message (it is kept for `--verbose`).
    static func describe(_ error: any Error, _ request: HTTPRequest, timeouts: HTTPTimeouts) -> TransportError {
        let server = request.server
        let detail = "\(error)"
        switch error {
        case let error as TransportError:
            return error
        case is CancellationError:
            return TransportError(kind: .cancelled, description: "interrupted")
        case is NIOTooManyBytesError:
            return TransportError(
                kind: .refused, description: "the response from \(server) is larger than \(maxBodyBytes / 1_048_576) MB, far more than an API page; refused")
        case let error as NIOConnectionError:
            return describe(error)
        case is SocketAddressError:
            return TransportError(kind: .unresolved, description: "cannot resolve \(request.url.host ?? "the server")", detail: detail)
        case let error as IOError:
            return TransportError(kind: .connection, description: "cannot connect to \(request.hostAndPort) (\(reason(error.errnoCode)))", detail: detail, unreachable: true)
        case let error as HTTPClientError:
            return describe(error, request, timeouts: timeouts)
        default:
            let type = String(describing: Swift.type(of: error))
            if type == "DecompressionError" {
                // NIOHTTPCompression's, reached through AsyncHTTPClient (not a dependency of ours).
                return TransportError(kind: .refused, description: "the compressed response from \(server) expands more than \(maxCompressionRatio) times; refused")
            }
            if type.hasPrefix("NIOSSL") || type.hasPrefix("BoringSSL") {
                // NIOSSL's, likewise: named by type, read by their descriptions.
                return describeTLS(detail, request)
            }
            return TransportError(kind: .connection, description: "the request to \(server) failed", detail: detail)
        }
    }

    static func describe(_ error: HTTPClientError, _ request: HTTPRequest, timeouts: HTTPTimeouts) -> TransportError {
        let server = request.server
        switch error {
        case .cancelled:
            return TransportError(kind: .cancelled, description: "interrupted")
        case .redirectLimitReached, .redirectCycleDetected:
            return TransportError(kind: .refused, description: "more than \(maxRedirects) redirects from \(server), or a redirect loop; refused")
        case .connectTimeout:
            return TransportError(kind: .timeout, description: "no connection to \(server) within \(seconds(timeouts.connect))", unreachable: true)
        case .tlsHandshakeTimeout:
            return TransportError(kind: .timeout, description: "no secure connection to \(server) within \(seconds(timeouts.connect))", unreachable: true)
        case .deadlineExceeded, .readTimeout:
            return TransportError(kind: .timeout, description: "no complete answer from \(server) within \(seconds(timeouts.total))")
        case .remoteConnectionClosed, .uncleanShutdown:
            return TransportError(kind: .connection, description: "\(server) closed the connection before its answer was complete", detail: "\(error)")
        default:
            return TransportError(kind: .connection, description: "the request to \(server) failed (\(error.shortDescription.lowercased()))", detail: "\(error)")
        }
    }

    /// A TLS failure from NIOSSL's description: a handshake that failed is final (asking
    /// again meets the same certificate); a connection closed mid-answer may pass.
    static func describeTLS(_ description: String, _ request: HTTPRequest) -> TransportError {
        let endpoint = request.hostAndPort
        if description.contains("uncleanShutdown") {
            return TransportError(kind: .connection, description: "\(request.server) closed the connection before its answer was complete", detail: description)
        }
        let reason: String
        if description.contains("CERTIFICATE_VERIFY_FAILED") {
            reason = "its certificate is not trusted"
        } else if description.contains("failedToValidateHostname") || description.contains("serverHostnameImpossibleToMatch") {
            reason = "its certificate is not for \(request.url.host ?? "that name")"
        } else if description.contains("WRONG_VERSION_NUMBER") || description.contains("HTTP_REQUEST") || description.contains("PACKET_LENGTH_TOO_LONG") {
            reason = "the server does not speak TLS on that port; an http:// URL?"
        } else {
            reason = "the TLS handshake failed"
        }
        return TransportError(kind: .tls, description: "cannot connect securely to \(endpoint) (\(reason))", detail: description)
    }

    /// A name that does not resolve is said as such (and never retried); refused or
    /// unreachable addresses are connection failures.
    static func describe(_ error: NIOConnectionError) -> TransportError {
        if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
            return TransportError(kind: .unresolved, description: "cannot resolve \(error.host)", detail: "\(error)")
        }
        let reasons = error.connectionErrors.map { failure in (failure.error as? IOError).map { reason($0.errnoCode) } ?? "unreachable" }
        let said = reasons.isEmpty ? "no address to connect to" : Array(Set(reasons)).sorted().joined(separator: ", ")
        return TransportError(kind: .connection, description: "cannot connect to \(error.host):\(error.port) (\(said))", detail: "\(error)", unreachable: true)
    }

    /// `connection refused`.
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }

    static func seconds(_ duration: Duration) -> String {
        let value = duration.inSeconds
        return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}

extension Duration {
    var nanoseconds: Int64 {
        components.seconds * 1_000_000_000 + components.attoseconds / 1_000_000_000
    }
}
