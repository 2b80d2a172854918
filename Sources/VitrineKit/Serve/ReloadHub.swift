import Foundation
import ServiceLifecycle

/// The Server-Sent Events side of `serve`: every open page subscribes to `/_vitrine/events`
/// and hears `reload` after a good rebuild and `build-error` (one line) after a failed one.
/// Ends every stream on graceful shutdown, so open pages never hold the server up.
actor ReloadHub: Service {
    enum Event: Sendable, Equatable {
        case reload
        case buildError(String)
        case ping

        /// The event in the `text/event-stream` format.
        var wire: String {
            switch self {
            case .reload: return "event: reload\ndata: reload\n\n"
            case .buildError(let message):
                let line = message.replacingOccurrences(of: "\r", with: " ").replacingOccurrences(of: "\n", with: " ")
                return "event: build-error\ndata: \(line)\n\n"
            case .ping: return ": ping\n\n"
            }
        }
    }

    private var subscribers: [UUID: AsyncStream<Event>.Continuation] = [:]
    private var closed = false
    /// The last rebuild's error while the site is still the last good one; told to new pages.
    private(set) var currentError: String?
    private let heartbeat: Duration

    init(heartbeat: Duration = .seconds(15)) {
        self.heartbeat = heartbeat
    }

    /// A new stream of events; a failed last rebuild is its first event.
    func subscribe() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream.makeStream(of: Event.self, bufferingPolicy: .bufferingNewest(16))
        guard !closed else {
            continuation.finish()
            return stream
        }
        let id = UUID()
        subscribers[id] = continuation
        continuation.onTermination = { _ in Task { await self.remove(id) } }
        if let currentError { continuation.yield(.buildError(currentError)) }
        return stream
    }

    func rebuilt() {
        currentError = nil
        broadcast(.reload)
    }

    func failed(_ message: String) {
        currentError = message
        broadcast(.buildError(message))
    }

    private func broadcast(_ event: Event) {
        for continuation in subscribers.values { continuation.yield(event) }
    }

    private func remove(_ id: UUID) {
        subscribers[id] = nil
    }

    private func close() {
        closed = true
        for continuation in subscribers.values { continuation.finish() }
        subscribers = [:]
    }

    /// Pings now and then (so streams of closed pages are noticed), until shutdown.
    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown {
                while true {
                    try await Task.sleep(for: self.heartbeat)
                    await self.broadcast(.ping)
                }
            }
        } catch {
            // Cancelled or shutting down: either way, end every stream.
        }
        close()
    }
}
