import ArgumentParser
import VitrineKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every exit status of vitrine, decided here and nowhere else: from the kind of the error
/// that ended a command (`VitrineError.Kind`), or from the signal that stopped it. A script
/// can tell a mistyped command line (64: nothing was done) from a site that failed to build
/// (1) and from a build someone stopped (130, 143).
enum ExitStatus {
    /// `build --detailed-exitcode`: the build succeeded and a refresh added or removed items.
    static let changed = ExitCode(2)

    /// The work failed: a file, the network, the output, a lock, a refused change, a broken link.
    static let failure = ExitCode.failure

    /// The command line is wrong (an option, an argument, an environment variable the command
    /// reads as one); nothing was done. The argument parser's own status (sysexits' EX_USAGE).
    static let usage = ExitCode.validationFailure

    /// Stopped by `signal` (SIGINT: 130, SIGTERM: 143), as a shell reports it.
    static func interrupted(by signal: Int32) -> ExitCode {
        ExitCode(128 + signal)
    }

    /// The status of a command that failed with `error`; `signal` is the signal that stopped
    /// it, when one did (whatever stage noticed it, the signal decides). Every kind is named,
    /// so a new kind cannot be added without deciding its status.
    static func of(_ error: VitrineError, signal: Int32? = nil) -> ExitCode {
        if let signal { return interrupted(by: signal) }
        switch error.kind {
        case .usage: return usage
        case .interrupted: return interrupted(by: SIGINT)
        case .invalidInput, .missingInput, .remote, .output, .busy, .refused, .brokenLinks: return failure
        }
    }

    /// The table in `vitrine --help` (docs/exit-status.md shows it as printed).
    static let table = """
        Exit status:
          0    success (2 with build --detailed-exitcode: a refresh changed a gallery)
          1    the work failed: a file of the site, the network, the output, a lock,
               a refused change, a broken link (one line on stderr says which)
          64   a usage error: an unknown command or option, a value out of range,
               a malformed id or address, an implausible key or endpoint in the
               environment; nothing was done
          130  stopped by Ctrl-C (SIGINT); 143 by SIGTERM; nothing was published
        serve runs until Ctrl-C or SIGTERM and then exits 0.
        """
}
