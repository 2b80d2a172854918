import ArgumentParser
import Foundation
import VitrineKit

extension Vitrine {
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "check",
            abstract: "Validate config, favorites, templates, snapshots and the built site's links.",
            discussion: """
                Reports every problem, one line each, and exits 1 if there is any: site.yml, \
                favorites.json, content front matter, every template (with line and column), \
                the snapshots in data/, and — when the site was built — every internal link, \
                asset reference and #anchor of the output.
                """
        )

        @OptionGroup var options: SiteOptions

        @Option(name: .shortAndLong, help: "The built site to check (default: SITE/public).", completion: .directory)
        var output: String?

        func run() async throws {
            options.bootstrapLogging()
            let result = SiteCheck(site: options.location, output: output.map { URL(fileURLWithPath: $0, isDirectory: true) }, outputLabel: output).run()
            for warning in result.warnings {
                FileHandle.standardError.write(Data("warning: \(TextPolicy.terminal(warning))\n".utf8))
            }
            for problem in result.problems {
                FileHandle.standardError.write(Data("error: \(TextPolicy.terminal(problem))\n".utf8))
            }
            guard result.problems.isEmpty else { throw ExitStatus.failure }
            if !options.quiet {
                print(
                    result.checkedOutput
                        ? "ok: inputs valid; \(result.files) files of the built site checked, every link resolves"
                        : "ok: inputs valid (not built yet: run vitrine build to check links)")
            }
        }
    }
}
