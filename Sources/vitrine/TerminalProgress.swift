import Foundation
import Synchronization
import VitrineKit

/// One progress line on standard error, redrawn at most ten times a second:
/// `render pages: 4,312 / 10,420 (8,731 pages/s)`.
final class TerminalProgress: ProgressReporter {
    private struct State {
        var lastDraw = ContinuousClock.now - .seconds(1)
        var started: [String: ContinuousClock.Instant] = [:]
        var drawn = false
    }

    private let state = Mutex(State())

    /// A reporter when standard error is a terminal and `NO_COLOR` is unset; nil otherwise.
    static func forStandardError(quiet: Bool, environment: [String: String] = ProcessInfo.processInfo.environment) -> TerminalProgress? {
        guard !quiet, isatty(STDERR_FILENO) == 1, environment["NO_COLOR"] == nil, environment["TERM"] != "dumb" else { return nil }
        return TerminalProgress()
    }

    func update(_ stage: String, done: Int, total: Int) {
        let now = ContinuousClock.now
        let line: String? = state.withLock { state in
            let start = state.started[stage] ?? now
            state.started[stage] = start
            guard done == total || now - state.lastDraw >= .milliseconds(100) else { return nil }
            state.lastDraw = now
            state.drawn = true
            let elapsed = (now - start).inSeconds
            let rate = elapsed > 0.05 ? " (\(Int(Double(done) / elapsed)) /s)" : ""
            return "\(stage): \(done) / \(total)\(rate)"
        }
        if let line { FileHandle.standardError.write(Data("\r\u{1B}[2K\(line)".utf8)) }
    }

    func finish(_ stage: String) {
        let clear = state.withLock { state -> Bool in
            defer { state.drawn = false }
            return state.drawn
        }
        if clear { FileHandle.standardError.write(Data("\r\u{1B}[2K".utf8)) }
    }
}
