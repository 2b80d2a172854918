import Foundation

/// The one error a user sees: a single line that names where and why.
///
/// `Site/site.yml:12:5: unknown key 'titel' in galleries[1]`
/// `fetch 'cats' (giphy): HTTP 429 after 3 retries; kept the previous snapshot`
public struct VitrineError: Error, CustomStringConvertible, Equatable, Sendable {
    public var message: String
    /// The work was stopped by SIGINT or SIGTERM (task cancellation), not by a fault.
    public var isInterruption = false

    /// The message is made one line for a terminal (`TextPolicy.terminal`): it may quote a
    /// title or an id from a file, with its line breaks and escape sequences.
    public init(_ message: String) {
        self.message = TextPolicy.terminal(message)
    }

    /// Thrown where a build notices it was cancelled; nothing was published.
    public static let interrupted: VitrineError = {
        var error = VitrineError("interrupted")
        error.isInterruption = true
        return error
    }()

    /// An error located in a file, optionally at a line and column (1-based).
    public init(file: String, line: Int? = nil, column: Int? = nil, _ message: String) {
        var location = file
        if let line {
            location += ":\(line)"
            if let column { location += ":\(column)" }
        }
        self.message = TextPolicy.terminal("\(location): \(message)")
    }

    public var description: String { message }
}

extension VitrineError: LocalizedError {
    public var errorDescription: String? { message }
}
