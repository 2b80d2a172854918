import ArgumentParser
import Foundation
import VitrineKit

extension Vitrine {
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Render the site into SITE/public (or --output).",
            discussion: """
                Reads site.yml, favorites.json, content/*.md and the gallery snapshots in data/, \
                and renders the whole site into a staging folder that replaces the output only \
                when the build succeeded. Over a previous vitrine output, only pages whose inputs \
                changed are rendered and written (see .vitrine-manifest).
                """
        )

        @OptionGroup var options: SiteOptions

        @Option(name: .shortAndLong, help: "Where to write the site (default: SITE/public).", completion: .directory)
        var output: String?

        @Option(help: "Absolute URL the site is published at; overrides baseURL in site.yml.")
        var baseURL: String?

        @Option(name: .shortAndLong, help: "Pages rendered in parallel (default: the number of cores).")
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        func validate() throws {
            guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        }

        func run() async throws {
            options.bootstrapLogging()
            let buildOptions = BuildOptions(
                site: options.siteURL, siteLabel: options.site,
                output: output.map { URL(fileURLWithPath: $0, isDirectory: true) }, outputLabel: output,
                baseURL: baseURL, jobs: jobs
            )
            try await runReportingErrors { () throws(VitrineError) in
                let summary = try await SiteBuilder().build(buildOptions)
                for warning in summary.warnings {
                    FileHandle.standardError.write(Data("warning: \(warning)\n".utf8))
                }
                if !options.quiet { print(summary.line) }
            }
        }
    }
}
