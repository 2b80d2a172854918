import Foundation

/// A request to a catalog API that failed, as facts a caller acts on: which API, and what
/// happened. It travels as the `cause` of the `VitrineError` whose line a user reads, so no
/// one reads the line back (the search page's advice, a client's message about the request).
struct APIError: Error, Sendable, Equatable {
    /// The API; nil where the layer that failed does not know it (a request's transport).
    var source: Source?
    var problem: Problem

    enum Problem: Sendable, Equatable {
        /// The API's own error message, or what is wrong with its answer (`Unauthorized
        /// (status 401)`, `expected 'data' to be a list of GIFs`).
        case answer(String)
        /// No key is set in `variable`.
        case noKey(variable: String)
        /// The server answered with `status` (after retries); `retryAt` when it asked to be
        /// asked again later than vitrine waits (RFC 3339).
        case status(Int, retryAt: String?)
        /// No connection was made: a name that does not resolve, a refused connection.
        case unreachable
        /// Another failure of the request (a timeout, an answer refused for its size).
        case request
    }

    /// The error a decoder throws about `source`'s answer: `giphy: expected 'data' to be a list
    /// of GIFs` — the API named, as a decoder's message is read on its own.
    static func answer(_ source: Source, _ said: String) -> VitrineError {
        var error = VitrineError("\(source.rawValue): \(said)", kind: .remote)
        error.cause = APIError(source: source, problem: .answer(said))
        return error
    }

    /// What the API said, without its name, when `error` is an answer of it; nil otherwise.
    static func said(in error: VitrineError) -> String? {
        guard let api = error.cause as? APIError, case .answer(let said) = api.problem else { return nil }
        return said
    }
}

extension VitrineError {
    /// The API failure behind this error, if it is one.
    var apiError: APIError? { cause as? APIError }

    /// This error with `cause` recorded.
    func caused(by cause: APIError) -> VitrineError {
        var error = self
        error.cause = cause
        return error
    }
}
