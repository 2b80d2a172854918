import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// A real HTTP server on 127.0.0.1, port 0, answering from a handler the test gives:
/// recorded-style bodies, error statuses, slow replies. Records every request it gets.
final class StubServer: Sendable {
    struct Reply: Sendable {
        var status: Int = 200
        var headers: [String: String] = ["Content-Type": "application/json"]
        var body: Data
        var delay: Duration = .zero

        static func json(_ text: String, status: Int = 200, headers: [String: String] = [:], delay: Duration = .zero) -> Reply {
            Reply(status: status, headers: ["Content-Type": "application/json"].merging(headers) { $1 }, body: Data(text.utf8), delay: delay)
        }

        static func fixture(_ path: String, status: Int = 200) throws -> Reply {
            Reply(status: status, body: try Data(contentsOf: TestSupport.fixtures.appendingPathComponent(path)))
        }
    }

    struct Received: Sendable {
        var path: String
        var query: [String: String]
        var rawQuery: String
        var headers: [String: String]
    }

    actor Log {
        var requests: [Received] = []
        func append(_ request: Received) { requests.append(request) }
    }

    let port: Int
    private let log: Log
    private let task: Task<Void, any Error>

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private init(port: Int, log: Log, task: Task<Void, any Error>) {
        self.port = port
        self.log = log
        self.task = task
    }

    /// Requests received so far, in order.
    func received() async -> [Received] {
        await log.requests
    }

    /// Starts the server; `handler` answers each request (the log already holds it).
    static func start(_ handler: @escaping @Sendable (Received) async -> Reply) async throws -> StubServer {
        let log = Log()
        let router = Router()
        router.get("**") { request, _ -> Response in
            var query: [String: String] = [:]
            for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
            var headers: [String: String] = [:]
            for field in request.headers { headers[field.name.canonicalName] = field.value }
            let received = Received(path: request.uri.path, query: query, rawQuery: request.uri.query ?? "", headers: headers)
            await log.append(received)
            let reply = await handler(received)
            if reply.delay > .zero { try await Task.sleep(for: reply.delay) }
            var fields = HTTPFields()
            for (name, value) in reply.headers { if let field = HTTPField.Name(name) { fields[field] = value } }
            return Response(status: .init(code: reply.status), headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: reply.body)))
        }
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "stub")
        logger.logLevel = .critical
        let app = Application(
            router: router,
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in continuation.yield(channel.localAddress?.port ?? 0) },
            logger: logger
        )
        let task = Task { try await app.runService(gracefulShutdownSignals: []) }
        var iterator = stream.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else { throw CancellationError() }
        return StubServer(port: port, log: log, task: task)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }
}
