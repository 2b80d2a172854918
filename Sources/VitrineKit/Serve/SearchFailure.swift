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

    /// A client's error said as what to do, by its `APIError`: no key (`GIPHY_API_KEY is not
    /// set`), a refused key (401, 403), a rate limit (429, until when the API said), no
    /// connection; the line itself is only quoted. Every key is scrubbed out.
    static func classify(_ error: VitrineError, source: Source?, credentials: APICredentials) -> SearchFailure {
        let said = Secrets.scrub(error.message, credentials.all)
        let label = source?.label ?? "The API"
        let variable = source?.keyVariable
        switch error.apiError?.problem {
        case .noKey(let name)?:
            let name = variable ?? name
            return SearchFailure(
                .noKey, "No \(source?.label ?? "API") key: set \(name) in the environment of vitrine serve, then restart it.", variable: name)
        case .status(let status, _)? where status == 401 || status == 403:
            let others = source?.descriptor?.keyVariables.dropFirst() ?? []
            let alternative = others.isEmpty ? "the key" : "or " + others.joined(separator: " or ")
            let check = variable.map { "check \($0) (\(alternative)), then restart vitrine serve" }
            return SearchFailure(.unauthorized, "\(label) refused the key (HTTP \(status)): \(check ?? "check the key"). \(said)", variable: variable)
        case .status(429, let retryAt?)?:
            return SearchFailure(.rateLimited, "\(label)'s rate limit is reached: wait until \(retryAt), then search again.", retryAt: retryAt)
        case .status(429, nil)?:
            return SearchFailure(.rateLimited, "\(label)'s rate limit is reached (HTTP 429): wait a few minutes, then search again.")
        case .unreachable?:
            return SearchFailure(.offline, "\(label) cannot be reached — are you offline? (\(said)) Check the connection and search again.")
        case .status?, .answer?, .request?, nil:
            break
        }
        if error.kind == .usage || error.kind == .invalidInput { return SearchFailure(.badRequest, said) }
        return SearchFailure(.failed, "\(label) search failed: \(said)")
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
