import ArgumentParser
import Foundation
import VitrineKit

extension Vitrine {
    struct ThemeCommand: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "theme",
            abstract: "Work with the default theme.",
            subcommands: [Export.self]
        )
    }
}

extension Vitrine.ThemeCommand {
    struct Export: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "export",
            abstract: "Copy the default theme's templates and assets into SITE/templates/ to start your own.",
            discussion: """
                With NAMEs (cell, item-movie.mustache, assets/vitrine.css), only those. A build \
                uses a file in SITE/templates/ in place of the theme's. A file already there is \
                never replaced: it is named, one line each, and the command exits 1. For a few \
                changes, SITE/templates/assets/custom.css is linked after the theme's stylesheet.
                """
        )

        @OptionGroup var options: SiteOptions

        @Argument(help: "Files of the theme to copy (default: all).")
        var names: [String] = []

        func run() async throws {
            options.bootstrapLogging()
            try await runReportingErrors { () throws(VitrineError) in
                let result = try ThemeExport(site: options.siteURL, siteLabel: options.site).run(names)
                for label in result.refused {
                    FileHandle.standardError.write(Data("error: \(TextPolicy.terminal(label)): already there; not replaced\n".utf8))
                }
                if !options.quiet {
                    for label in result.written { print("wrote \(TextPolicy.terminal(label))") }
                }
                if !result.refused.isEmpty { throw VitrineError("theme export: \(result.refused.count) file(s) already there", kind: .refused) }
            }
        }
    }
}
