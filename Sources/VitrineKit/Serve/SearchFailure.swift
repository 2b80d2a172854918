import Foundation
import HTTPTypes
import Hummingbird

/// A search that did not answer, as JSON with a person's message: what failed and what to do.
/// `{"ok": false, "error": "no-key", "message": "…", "variable": "GIPHY_API_KEY"}`.
struct SearchFailure: Encodable, Error {
    enum Kind: String, Encodable {
        case badRequest = "bad-request"
        /// Host, Origin or token wrong.
        case refused
        case noKey = "no-key"
        /// The API refused the key (401, 403).
        case unauthorized
        /// 429: wait, until `retryAt` when the API said.
        case rateLimited = "rate-limited"
        case offline
        case busy
        case failed

        var status: HTTPTypes.HTTPResponse.Status {
            switch self {
            case .badRequest: .badRequest
            case .refused: .forbidden
            case .noKey, .offline, .busy: .serviceUnavailable
            case .unauthorized, .failed: .badGateway
            case .rateLimited: .tooManyRequests
            }
        }
    }

    var ok = false
    var error: Kind
    var message: String
    /// The environment variable to set (no key, a refused key).
    var variable: String?
    /// When the API said to try again (RFC 3339).
    var retryAt: String?

    init(_ error: Kind, _ message: String, variable: String? = nil, retryAt: String? = nil) {
        self.error = error
        self.message = message
        self.variable = variable
        self.retryAt = retryAt
    }

    func response() -> Response {
        var headers: HTTPFields = [:]
        if let retryAt, let date = RFC3339.date(from: retryAt) {
            headers[.retryAfter] = String(max(1, Int(date.timeIntervalSinceNow.rounded(.up))))
        }
        return SearchEndpoint.json(error.status, self, scrubbing: [], headers: headers)
    }

    /// A client's error said as what to do. The clients' messages carry the HTTP status
    /// (`HTTP 401 from api.giphy.com: Unauthorized`) or the transport's words (`cannot resolve
    /// api.giphy.com`); no key is `GIPHY_API_KEY is not set`. Every key is scrubbed out.
    static func classify(_ error: VitrineError, source: Source?, credentials: APICredentials) -> SearchFailure {
        let said = Secrets.scrub(error.message, credentials.all)
        let label = source?.label ?? "The API"
        let variable = source?.keyVariable
        if error.kind == .usage, said.hasSuffix(" is not set") {
            let name = variable ?? String(said.prefix { $0 != " " })
            return SearchFailure(
                .noKey, "No \(source?.label ?? "API") key: set \(name) in the environment of vitrine serve, then restart it.", variable: name)
        }
        let status = httpStatus(in: said)
        switch status {
        case 401?, 403?:
            let others = source?.descriptor?.keyVariables.dropFirst() ?? []
            let alternative = others.isEmpty ? "the key" : "or " + others.joined(separator: " or ")
            let check = variable.map { "check \($0) (\(alternative)), then restart vitrine serve" }
            return SearchFailure(
                .unauthorized, "\(label) refused the key (HTTP \(status!)): \(check ?? "check the key"). \(said)", variable: variable)
        case 429?:
            if let until = retryTime(in: said) {
                return SearchFailure(.rateLimited, "\(label)'s rate limit is reached: wait until \(until), then search again.", retryAt: until)
            }
            return SearchFailure(.rateLimited, "\(label)'s rate limit is reached (HTTP 429): wait a few minutes, then search again.")
        default:
            break
        }
        if status == nil, ["cannot resolve", "cannot connect", "no connection to", "no secure connection"].contains(where: { said.hasPrefix($0) }) {
            return SearchFailure(.offline, "\(label) cannot be reached — are you offline? (\(said)) Check the connection and search again.")
        }
        if error.kind == .usage || error.kind == .invalidInput { return SearchFailure(.badRequest, said) }
        return SearchFailure(.failed, "\(label) search failed: \(said)")
    }

    /// `HTTP 429 from api.giphy.com…` → 429.
    static func httpStatus(in message: String) -> Int? {
        guard let range = message.range(of: #"HTTP [0-9]{3} from "#, options: .regularExpression) else { return nil }
        return Int(message[range].dropFirst(5).prefix(3))
    }

    /// `… asks to wait until 2026-11-27T15:00:00Z, longer …` → the time.
    static func retryTime(in message: String) -> String? {
        guard let range = message.range(of: #"wait until [0-9T:Z+.-]+"#, options: .regularExpression) else { return nil }
        return String(message[range].dropFirst("wait until ".count))
    }

    /// Why a request may not use the search: the favorites endpoint's rules. Reads need
    /// this server's Host and token (and no cross-site fetch); writes also a same-origin
    /// `Origin` and a JSON body.
    static func refusal(_ request: Request, hosts: Set<String>, token: String, write: Bool) -> SearchFailure? {
        let authority = request.head.authority ?? ""
        guard hosts.contains(FavoritesEndpoint.hostName(of: authority)) else {
            return SearchFailure(.refused, "refused: unknown Host '\(authority)'")
        }
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!], site != "same-origin" {
            return SearchFailure(.refused, "refused: cross-site request (\(site))")
        }
        if write {
            guard let origin = request.headers[.origin], origin == "http://\(authority)" else {
                return SearchFailure(.refused, "refused: Origin must be http://\(authority)")
            }
            guard request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true else {
                return SearchFailure(.badRequest, "refused: Content-Type must be application/json")
            }
        }
        guard let sent = request.headers[FavoritesEndpoint.tokenHeader], FavoritesEndpoint.constantTimeEqual(sent, token) else {
            return SearchFailure(.refused, "refused: missing or wrong \(FavoritesEndpoint.tokenHeader.canonicalName); reload the page")
        }
        return nil
    }
}
