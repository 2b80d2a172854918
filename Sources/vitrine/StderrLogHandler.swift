import Foundation
import Logging
import VitrineKit

/// Log lines on standard error: the message alone at info, `warning:`/`error:` prefixes above,
/// so output is plain in CI and readable on a terminal.
struct StderrLogHandler: LogHandler {
    let label: String
    var logLevel: Logger.Level = .info
    var metadata: Logger.Metadata = [:]

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// On a terminal with live progress, a log line first clears the progress line it interrupts.
    static let clearsLine = TerminalProgress.forStandardError(quiet: false) != nil

    func log(event: LogEvent) {
        let prefix: String
        switch event.level {
        case .trace, .debug, .info, .notice: prefix = ""
        case .warning: prefix = "warning: "
        case .error, .critical: prefix = "error: "
        }
        FileHandle.standardError.write(Data("\(Self.clearsLine ? "\r\u{1B}[2K" : "")\(prefix)\(TextPolicy.terminal(event.message.description))\n".utf8))
    }
}
