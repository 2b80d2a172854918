import ArgumentParser
import Foundation
import Logging
import VitrineKit

/// Every command names itself (`commandName`): a name derived from the type's was a
/// runtime lookup of its description, scanning the binary's conformances, for each command
/// at every start.
@main
struct Vitrine: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "vitrine",
        abstract: "A static site generator for search results and favorites.",
        discussion: """
            Renders GIPHY, TMDB, Google Books and App Store galleries, a favorites gallery and \
            Markdown pages into a static website (SITE/public).
            """,
        version: BuildStamp.versionLine,
        subcommands: [New.self, Build.self, Serve.self, Check.self, Diff.self, Favorites.self, Search.self, ThemeCommand.self],
        defaultSubcommand: nil
    )

    /// The argument parser's entry point, after the hints of `UsageHints` ("did you mean …?").
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if let hint = UsageHints.hint(for: arguments, root: Self.self) {
            FileHandle.standardError.write(Data("error: \(hint)\n".utf8))
            Foundation.exit(ExitCode.validationFailure.rawValue)
        }
        await main(arguments)
    }
}

extension VitrineError {
    /// The exit status of a command that failed with this error: `64` for a usage error
    /// (as the argument parser's own), `1` for everything else. (An interrupted build exits
    /// `128 + signal`, decided where the signal is known.)
    var exitCode: ExitCode {
        kind == .usage ? .validationFailure : .failure
    }
}

/// Options every site command shares.
struct SiteOptions: ParsableArguments {
    @Argument(help: "The site folder (holding site.yml).", completion: .directory)
    var site: String = "."

    @Flag(name: .shortAndLong, help: "Print only warnings and errors.")
    var quiet = false

    @Flag(name: .shortAndLong, help: "Print every stage in detail.")
    var verbose = false

    func validate() throws {
        if quiet && verbose {
            throw ValidationError("--quiet and --verbose cannot be used together")
        }
    }

    var siteURL: URL { URL(fileURLWithPath: site, isDirectory: true) }

    /// Sets up logging to standard error; plain lines, one per event.
    func bootstrapLogging() {
        let level: Logger.Level = quiet ? .warning : (verbose ? .debug : .info)
        LoggingSystem.bootstrap { label in
            var handler = StderrLogHandler(label: label)
            handler.logLevel = level
            return handler
        }
    }
}

/// Runs a library entry point and turns its error into one line on stderr and its exit
/// status (`VitrineError.exitCode`).
func runReportingErrors(_ body: () async throws(VitrineError) -> Void) async throws {
    do {
        try await body()
    } catch {
        FileHandle.standardError.write(Data("error: \(TextPolicy.terminal(error.message))\n".utf8))
        throw error.exitCode
    }
}
