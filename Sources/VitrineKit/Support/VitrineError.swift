import Foundation

/// The one error a user sees: a single line that names where and why, with the facts
/// behind it kept apart so callers and tests match on them, never on the text.
///
/// `Site/site.yml:12:5: unknown key 'titel' in galleries[1]`
/// `fetch 'cats' (giphy): HTTP 429 after 3 retries; kept the previous snapshot`
public struct VitrineError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The line a user reads: location first when there is one.
    public var message: String
    /// What went wrong, for callers that act on it (an exit status, an HTTP status).
    public var kind: Kind
    /// The file (and line and column) the error is about, when it is about one.
    public var location: Location?
    /// The build stage that failed; set by `SiteBuilder`'s pipeline, nil outside a build.
    public var stage: BuildStage?
    /// The failure as typed facts, where the layer that found it has them (an API's
    /// `APIError`): callers act on these, never on the line's text.
    var cause: (any Error)?

    /// What went wrong, in the terms a caller acts on.
    public enum Kind: String, Sendable, CaseIterable {
        /// A file of the site (or a template) is malformed or says something impossible.
        case invalidInput
        /// A file or folder the command needs is not there.
        case missingInput
        /// An API or the network failed, or answered something unusable.
        case remote
        /// The output (or another file vitrine writes) cannot be written or replaced.
        case output
        /// Another process holds what this one needs: the output's lock, a port.
        case busy
        /// A command-line value or an option is not acceptable.
        case usage
        /// The request is understood but breaks a rule (favorites are full, the id is not there).
        case refused
        /// `--strict` found broken links in the staged site.
        case brokenLinks
        /// SIGINT or SIGTERM stopped the work; nothing was published.
        case interrupted
    }

    /// Where in a file: the file as the user would name it, and a 1-based line and column.
    public struct Location: Sendable, Equatable, CustomStringConvertible {
        /// The file as the user would type it (`Site/site.yml`), or a response (`giphy response`).
        public var file: String
        /// 1-based, when known.
        public var line: Int?
        /// 1-based, when known (only with a line).
        public var column: Int?

        /// `Site/site.yml:12:5`.
        public var description: String {
            var text = file
            if let line {
                text += ":\(line)"
                if let column { text += ":\(column)" }
            }
            return text
        }
    }

    /// The message is made one line for a terminal (`TextPolicy.terminal`): it may quote a
    /// title or an id from a file, with its line breaks and escape sequences.
    public init(_ message: String, kind: Kind) {
        self.message = TextPolicy.terminal(message)
        self.kind = kind
    }

    /// An error located in a file, optionally at a line and column (1-based); by default the
    /// file's content is at fault.
    public init(file: String, line: Int? = nil, column: Int? = nil, _ message: String, kind: Kind = .invalidInput) {
        let location = Location(file: file, line: line, column: column)
        self.message = TextPolicy.terminal("\(location): \(message)")
        self.kind = kind
        self.location = location
    }

    /// Thrown where a build notices it was cancelled; nothing was published.
    public static let interrupted = VitrineError("interrupted", kind: .interrupted)

    /// The work was stopped by SIGINT or SIGTERM (task cancellation), not by a fault.
    public var isInterruption: Bool { kind == .interrupted }

    /// The line a user reads.
    public var description: String { message }

    /// Two errors are equal when a user reads the same line and it ends the command the same
    /// way (`kind`, which decides the exit status); `location` and `stage` are facts about
    /// that line, compared on their own where they matter.
    public static func == (lhs: VitrineError, rhs: VitrineError) -> Bool {
        lhs.message == rhs.message && lhs.kind == rhs.kind
    }

    /// The error with `stage` recorded, unless it already names one.
    func at(_ stage: BuildStage) -> VitrineError {
        var error = self
        if error.stage == nil { error.stage = stage }
        return error
    }
}

extension VitrineError: LocalizedError {
    /// The line a user reads.
    public var errorDescription: String? { message }
}
