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
        outgoing.headers.add(name: "User-Agent", value: "vitrine/0.1 (static site generator)")
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
        } catch is NIOTooManyBytesError {
            throw TransportError(kind: .refused, description: "the response is larger than \(Self.maxBodyBytes / 1_048_576) MB, far more than an API page; refused")
        } catch let error as NIOConnectionError {
            throw Self.describe(error)
        } catch is SocketAddressError {
            throw TransportError(kind: .unresolved, description: "cannot resolve \(request.url.host ?? "the server")")
        } catch let error as HTTPClientError where error == .redirectLimitReached || error == .redirectCycleDetected {
            throw TransportError(kind: .refused, description: "more than \(Self.maxRedirects) redirects, or a redirect loop; refused")
        } catch let error where String(describing: type(of: error)) == "DecompressionError" {
            // NIOHTTPCompression's, reached through AsyncHTTPClient (not a dependency of ours).
            throw TransportError(kind: .refused, description: "the compressed response expands more than \(Self.maxCompressionRatio) times; refused")
        } catch let error as IOError {
            let url = request.url
            let port = url.port ?? (url.scheme == "https" ? 443 : 80)
            throw TransportError(kind: .connection, description: "cannot connect to \(url.host ?? "the server"):\(port) (\(Self.reason(error.errnoCode)))")
        } catch let error as HTTPClientError where error == .connectTimeout {
            throw TransportError(kind: .timeout, description: "no connection within \(Self.seconds(timeouts.connect))")
        } catch let error as HTTPClientError where error == .deadlineExceeded || error == .readTimeout {
            throw TransportError(kind: .timeout, description: "no complete answer within \(Self.seconds(timeouts.total))")
        } catch let error as HTTPClientError {
            throw TransportError(kind: .connection, description: "connection failed (\(error))")
        } catch let error as TransportError {
            throw error
        } catch {
            throw TransportError(kind: .connection, description: "connection failed (\(error))")
        }
    }

    /// A name that does not resolve is said as such (and never retried); refused or
    /// unreachable addresses are connection failures.
    static func describe(_ error: NIOConnectionError) -> TransportError {
        if error.connectionErrors.isEmpty, error.dnsAError != nil || error.dnsAAAAError != nil {
            return TransportError(kind: .unresolved, description: "cannot resolve \(error.host)")
        }
        let reasons = error.connectionErrors.map { failure in (failure.error as? IOError).map { Self.reason($0.errnoCode) } ?? "\(failure.error)" }
        let reason = reasons.isEmpty ? "no address to connect to" : Array(Set(reasons)).sorted().joined(separator: ", ")
        return TransportError(kind: .connection, description: "cannot connect to \(error.host):\(error.port) (\(reason))")
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
