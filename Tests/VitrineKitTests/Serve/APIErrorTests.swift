import Foundation
import Testing

@testable import VitrineKit

/// API failures travel as typed facts (`APIError`, the `cause` of the line a user reads):
/// the source and the case, never a name stripped off a message or a status read back from it.
@Suite("Typed API errors")
struct APIErrorTests {
    @Test("a decoder's error names its API in the line and carries the source and what it said")
    func decoderErrorIsTyped() {
        let body = Data(#"{"meta": {"status": 401, "msg": "Unauthorized"}}"#.utf8)
        do {
            _ = try GiphyDecoder.decodeList(body)
            Issue.record("no error")
        } catch {
            #expect(error.message == "giphy: Unauthorized (status 401)")
            #expect(error.apiError == APIError(source: .giphy, problem: .answer("Unauthorized (status 401)")))
            #expect(APIError.said(in: error) == "Unauthorized (status 401)")
        }
    }

    @Test("a missing key is the case no-key, with the descriptor's variable")
    func missingKeyIsTyped() {
        let context = ClientContext(fetch: FetchClient(transport: NoTransport(), cache: nil), endpoints: .production, credentials: APICredentials())
        let error = context.missingKey(.giphy)
        #expect(error.message == "GIPHY_API_KEY is not set")
        #expect(error.apiError == APIError(source: .giphy, problem: .noKey(variable: "GIPHY_API_KEY")))
        #expect(SearchFailure.classify(error, source: .giphy, credentials: APICredentials()).error == .noKey)
    }

    @Test(
        "the search page acts on the case, not on the words",
        arguments: [
            (APIError.Problem.status(401, retryAt: nil), SearchFailure.Kind.unauthorized),
            (.status(403, retryAt: nil), .unauthorized),
            (.status(429, retryAt: "2026-11-27T15:00:00Z"), .rateLimited),
            (.status(429, retryAt: nil), .rateLimited),
            (.status(500, retryAt: nil), .failed),
            (.unreachable, .offline),
            (.request, .failed),
        ])
    func classifiedByCase(problem: APIError.Problem, kind: SearchFailure.Kind) {
        let error = VitrineError("something went wrong", kind: .remote).caused(by: APIError(problem: problem))
        let failure = SearchFailure.classify(error, source: .tmdb, credentials: APICredentials())
        #expect(failure.error == kind)
        if case .status(429, let retryAt?) = problem { #expect(failure.retryAt == retryAt) }
    }

    @Test("words that look like a status or a missing key, without the case, are only quoted")
    func wordsAreNotRead() {
        for words in ["HTTP 401 from api.giphy.com: Unauthorized", "cannot resolve api.giphy.com", "HTTP 429 from x; wait until 2026-11-27T15:00:00Z"] {
            let failure = SearchFailure.classify(VitrineError(words, kind: .remote), source: .giphy, credentials: APICredentials())
            #expect(failure.error == .failed, "\(words)")
            #expect(failure.message == "GIPHY search failed: \(words)")
        }
        let usage = SearchFailure.classify(VitrineError("SOMETHING is not set", kind: .usage), source: .giphy, credentials: APICredentials())
        #expect(usage.error == .badRequest)
    }
}

extension APIErrorTests {
    @Test("an API's words kept as an error's cause are scrubbed of the request's key, as the line is")
    func causeIsScrubbed() async {
        let key = "k3y-5ecret-0123456789"
        let context = ClientContext(
            fetch: FetchClient(transport: AnswerTransport(), cache: nil), endpoints: .production, credentials: APICredentials())
        let request = HTTPRequest(url: URL(string: "https://api.giphy.com/v1/gifs/search?q=cats")!, secretQueryItems: [URLQueryItem(name: "api_key", value: key)])
        do {
            _ = try await context.get(
                request, decode: { (_: Data) throws(VitrineError) -> Int in throw APIError.answer(.giphy, "no such key \(key)") },
                decodeError: { _ in })
            Issue.record("no error")
        } catch {
            #expect(!error.message.contains(key))
            guard case .answer(let said) = error.apiError?.problem else {
                Issue.record("not an answer: \(String(describing: error.apiError))")
                return
            }
            #expect(!said.contains(key), "the cause kept the key: \(said)")
            #expect(said.hasPrefix("no such key"))
        }
    }
}

/// A transport that answers 200 with an empty object.
private struct AnswerTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        HTTPResponse(status: 200, body: Data("{}".utf8))
    }

    func shutdown() async {}
}

/// A transport that is never asked.
private struct NoTransport: HTTPTransport {
    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw TransportError(kind: .refused, description: "not asked")
    }

    func shutdown() async {}
}
