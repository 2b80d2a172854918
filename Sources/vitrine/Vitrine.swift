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

            \(ExitStatus.table)
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
            Foundation.exit(ExitStatus.usage.rawValue)
        }
        await main(arguments)
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

    /// The site folder and its label, as every command names it.
    var location: SiteLocation { SiteLocation(path: site) }

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
/// status (`ExitStatus.of`).
@discardableResult
func runReportingErrors<T>(_ body: () async throws(VitrineError) -> T) async throws -> T {
    do {
        return try await body()
    } catch {
        throw report(error)
    }
}

/// `runReportingErrors` for work that does not wait: reading the command line's environment.
func reportingErrors<T>(_ body: () throws(VitrineError) -> T) throws -> T {
    do {
        return try body()
    } catch {
        throw report(error)
    }
}

/// Writes `error` as the one line a user reads and returns the status to exit with.
private func report(_ error: VitrineError) -> ExitCode {
    FileHandle.standardError.write(Data("error: \(TextPolicy.terminal(error.message))\n".utf8))
    return ExitStatus.of(error)
}
