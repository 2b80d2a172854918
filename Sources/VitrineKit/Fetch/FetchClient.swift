import Foundation
import Logging

/// What the source clients call: the cache first, then the transport with retries and
/// timeouts, a bound on requests in flight, and counters for the build report.
actor FetchClient {
    struct Counters: Sendable, Equatable {
        var requests = 0
        var cacheHits = 0
        var retries = 0
    }

    let transport: any HTTPTransport
    let cache: HTTPCache?
    let retry: RetryPolicy
    let logger: Logger
    private let sleep: @Sendable (Duration) async throws -> Void
    private let maxInFlight: Int
    private var inFlight = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []
    private(set) var counters = Counters()

    init(
        transport: any HTTPTransport, cache: HTTPCache?, retry: RetryPolicy = RetryPolicy(), maxInFlight: Int = 4,
        logger: Logger = Logger(label: "vitrine.fetch"),
        sleep: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) }
    ) {
        self.transport = transport
        self.cache = cache
        self.retry = retry
        self.maxInFlight = max(1, maxInFlight)
        self.logger = logger
        self.sleep = sleep
    }

    /// A failed request, described without credentials. `attempts` is how many were made;
    /// `interrupted` when the build was cancelled (Ctrl-C), which says nothing of its own.
    struct Failure: Error, Sendable {
        var message: String
        var status: Int?
        var body: Data?
        var attempts: Int
        var interrupted = false
        /// No connection was made (`TransportError.unreachable`).
        var unreachable = false
        /// When the server asked to be asked again, past the longest wait vitrine makes (RFC 3339).
        var retryAt: String?

        static func interrupted(after attempts: Int) -> Failure {
            Failure(message: "interrupted", status: nil, body: nil, attempts: attempts, interrupted: true)
        }
    }

    /// A body, and the response it came in when it came from the network (nil from the cache).
    struct Fetched: Sendable {
        var body: Data
        var fresh: HTTPResponse?
    }

    /// Fetches a request's body: cached if fresh, else from the network, retrying 429, 5xx,
    /// timeouts and connection failures. Non-2xx after the last attempt throws `Failure`
    /// with the status and body, so the caller can read the API's own error message.
    /// Nothing is cached here: the caller `remember`s an answer once it has decoded it.
    /// Each retry is one line naming the scope (`FetchScope.current`) and the attempt.
    func get(_ request: HTTPRequest) async throws(Failure) -> Fetched {
        let scope = FetchScope.current
        if let cached = await cache?.response(for: request) {
            counters.cacheHits += 1
            scope?.recordCached(age: cached.age, headers: cached.response.headers)
            logger.debug("cache hit \(request.redactedURL)")
            return Fetched(body: cached.response.body, fresh: nil)
        }
        await acquire()
        defer { release() }
        let server = request.server
        var attempt = 0
        while true {
            attempt += 1
            if Task.isCancelled { throw .interrupted(after: attempt - 1) }
            counters.requests += 1
            if attempt > 1 { counters.retries += 1 }
            logger.debug("GET \(request.redactedURL) (attempt \(attempt))")
            let outcome: Result<HTTPResponse, TransportError>
            do {
                outcome = .success(try await transport.send(request))
            } catch let error as TransportError {
                outcome = .failure(error)
            } catch is CancellationError {
                outcome = .failure(TransportError(kind: .cancelled, description: "interrupted"))
            } catch {
                outcome = .failure(TransportError(kind: .connection, description: "the request to \(server) failed", detail: "\(error)"))
            }
            // A request cut short by Ctrl-C failed because of it: no retry, no line of its own.
            if Task.isCancelled { throw .interrupted(after: attempt) }
            switch outcome {
            case .success(let response) where response.isSuccess:
                scope?.recordNetwork(headers: response.headers)
                return Fetched(body: response.body, fresh: response)
            case .success(let response):
                let status = "HTTP \(response.status)"
                guard RetryPolicy.isRetryable(status: response.status), attempt < retry.maxAttempts else {
                    throw Failure(message: "\(status) from \(server)", status: response.status, body: response.body, attempts: attempt)
                }
                if let until = retry.retryAfterBeyondCap(response.headers["retry-after"]) {
                    // Waiting that long inside a build helps no one: say when to try again.
                    let cap = AsyncHTTPClientTransport.seconds(retry.maxDelay)
                    let retryAt = RFC3339.string(from: until)
                    throw Failure(
                        message: "\(status) from \(server); the server asks to wait until \(retryAt), longer than \(cap): try again then",
                        status: response.status, body: response.body, attempts: attempt, retryAt: retryAt)
                }
                let wait = retry.delay(afterAttempt: attempt, retryAfter: response.headers["retry-after"])
                try await retrying(status, wait: wait, attempt: attempt, request, scope)
            case .failure(let error) where error.kind == .cancelled:
                throw .interrupted(after: attempt)
            case .failure(let error) where error.kind == .unresolved:
                let host = request.url.host ?? "the server"
                throw Failure(
                    message: "cannot resolve \(host): offline? --offline builds from the snapshots", status: nil, body: nil, attempts: attempt, unreachable: true)
            case .failure(let error):
                if let detail = error.detail { logger.debug("GET \(request.redactedURL): \(scrub(detail, request))") }
                guard error.isTransient, attempt < retry.maxAttempts else {
                    throw Failure(
                        message: scrub(error.description, request), status: nil, body: nil, attempts: attempt, unreachable: error.unreachable)
                }
                let wait = retry.delay(afterAttempt: attempt, retryAfter: nil)
                try await retrying(scrub(error.description, request), wait: wait, attempt: attempt, request, scope)
            }
        }
    }

    /// `fetch 'cats' (giphy): HTTP 429, retrying in 1 s (2 of 3)`, then the wait.
    private func retrying(_ cause: String, wait: Duration, attempt: Int, _ request: HTTPRequest, _ scope: FetchScope?) async throws(Failure) {
        let subject = scope?.name ?? request.server
        logger.info("\(subject): \(cause), retrying in \(AsyncHTTPClientTransport.seconds(wait)) (\(attempt + 1) of \(retry.maxAttempts))")
        do {
            try await sleep(wait)
        } catch {
            throw .interrupted(after: attempt)
        }
    }

    /// Keeps a response that decoded; a cache that cannot be written is a warning, not a failure.
    func remember(_ response: HTTPResponse, for request: HTTPRequest) async {
        guard let cache else { return }
        do {
            try await cache.store(response, for: request)
        } catch {
            logger.warning("\(scrub(error.message, request))")
        }
    }

    /// Removes any credential that a message might echo.
    func scrub(_ text: String, _ request: HTTPRequest) -> String {
        Secrets.scrub(text, request.secrets)
    }

    private func acquire() async {
        if inFlight < maxInFlight {
            inFlight += 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func release() {
        if waiters.isEmpty {
            inFlight -= 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}
