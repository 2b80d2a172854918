import Dispatch
import Foundation
import Synchronization
import VitrineKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C (SIGINT) and SIGTERM stop a build cleanly: the signal cancels the build's task,
/// the build removes its staging folder and leaves the previous site as it was, and the
/// command exits with 128 + the signal (130, 143). A second signal stops at once; what it
/// leaves behind is removed by the next build.
enum Interruption {
    /// Runs `body` in a task that SIGINT and SIGTERM cancel. Returns its result, or the
    /// signal that cancelled it.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws(VitrineError) -> T) async -> (Result<T, VitrineError>, signal: Int32?) {
        let received = Received()
        let task = Task { () async -> Result<T, VitrineError> in
            do throws(VitrineError) { return .success(try await body()) } catch { return .failure(error) }
        }
        let sources = [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                let first = received.signal.withLock { current in
                    defer { if current == nil { current = number } }
                    return current == nil
                }
                if first {
                    task.cancel()
                } else {
                    _exit(ExitStatus.interrupted(by: number).rawValue)
                }
            }
            source.resume()
            return source
        }
        let result = await task.value
        for source in sources { source.cancel() }
        return (result, received.signal.withLock { $0 })
    }

    /// The first signal received, shared with the handlers.
    private final class Received: Sendable {
        let signal = Mutex<Int32?>(nil)
    }

    static func name(_ number: Int32) -> String {
        number == SIGINT ? "SIGINT" : number == SIGTERM ? "SIGTERM" : "signal \(number)"
    }
}
