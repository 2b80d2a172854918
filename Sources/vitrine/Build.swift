import ArgumentParser
import Foundation
import VitrineKit

extension Vitrine {
    struct Build: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "build",
            abstract: "Run the searches, read favorites, render SITE/public (or --output).",
            discussion: """
                Each gallery uses its snapshot in SITE/data/ when there is one; its search runs \
                when there is none or with --refresh, and the snapshot is replaced. A failed \
                search keeps its snapshot and is named in one line (--strict makes it fatal). \
                The site is rendered into a staging folder that replaces the output only when \
                the build succeeded. Over a previous vitrine output, only pages whose inputs \
                changed are rendered and written (see .vitrine-manifest). The build's lock, \
                the previous site and their records are kept in one hidden folder beside the \
                output: SITE/.public.vitrine/ for SITE/public.

                Keys and endpoints come from the environment: GIPHY_API_KEY, TMDB_API_KEY or \
                TMDB_ACCESS_TOKEN, GOOGLE_BOOKS_API_KEY (optional); VITRINE_GIPHY_URL, \
                VITRINE_TMDB_URL, VITRINE_GOOGLE_BOOKS_URL and VITRINE_ITUNES_URL point vitrine \
                at other servers (proxies, tests).
                """
        )

        @OptionGroup var options: SiteOptions
        @OptionGroup(title: "Network") var network: NetworkOptions

        @Option(name: .shortAndLong, help: "Where to write the site (default: SITE/public).", completion: .directory)
        var output: String?

        @Option(name: [.customShort("b"), .long], help: "Absolute URL the site is published at; overrides baseURL in site.yml.")
        var baseURL: String?

        // `.unconditional`: `--jobs -1` is a value to validate, not a flag named `-1`.
        @Option(name: .shortAndLong, parsing: .unconditional, help: "Pages rendered in parallel (default: the number of cores).")
        var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

        @Option(help: "Write a JSON report of the build (galleries, requests, cache hits, failures, pages, time).")
        var report: String?

        @Option(help: "Seconds to wait while another vitrine build of the same output runs (default: as long as it takes).")
        var lockTimeout: Double?

        @Flag(help: "Exit 2 instead of 0 when a refresh added or removed items of a gallery (for CI: open a pull request only then).")
        var detailedExitcode = false

        @Flag(help: "Render every page into memory and write nothing: the time of reading and rendering alone (as Hugo's --renderToMemory).")
        var renderToMemory = false

        /// More threads than this only wait for the disk and each other.
        static let mostJobs = 256

        func validate() throws {
            guard (1...Self.mostJobs).contains(jobs) else { throw ValidationError("--jobs must be between 1 and \(Self.mostJobs)") }
            if let baseURL {
                do throws(VitrineError) { try BuildOptions.checkBaseURL(baseURL) } catch { throw ValidationError(error.message) }
            }
            if let lockTimeout, !(lockTimeout >= 0 && lockTimeout <= 86_400) {
                throw ValidationError("--lock-timeout must be between 0 and 86400 seconds")
            }
        }

        func run() async throws {
            options.bootstrapLogging()
            var buildOptions = BuildOptions(
                location: options.location,
                output: output.map { URL(fileURLWithPath: $0, isDirectory: true) }, outputLabel: output,
                baseURL: baseURL, jobs: jobs, fetch: try network.fetchOptions(),
                report: report.map { URL(fileURLWithPath: $0) }
            )
            buildOptions.checkLinks = network.strict
            buildOptions.renderToMemory = renderToMemory
            buildOptions.lockTimeout = lockTimeout.map { .milliseconds(Int(($0 * 1000).rounded())) }
            let quiet = options.quiet
            let output = buildOptions.outputName
            let request = buildOptions
            let (result, signal) = await Interruption.run { () throws(VitrineError) in
                let progress = TerminalProgress.forStandardError(quiet: quiet)
                var builder = SiteBuilder(progress: progress)
                builder.keepsMemoryUntilExit = true
                return try await builder.build(request)
            }
            switch result {
            case .success(let summary):
                for warning in summary.warnings {
                    FileHandle.standardError.write(Data("warning: \(TextPolicy.terminal(warning))\n".utf8))
                }
                if !quiet {
                    for note in summary.notes { FileHandle.standardError.write(Data("\(note)\n".utf8)) }
                    print(summary.line)
                }
                if detailedExitcode, !summary.changedGalleries.isEmpty { throw ExitStatus.changed }
            case .failure(let error):
                if let signal {
                    // Whatever stage noticed it, nothing was published.
                    FileHandle.standardError.write(Data("interrupted (\(Interruption.name(signal))): \(output) was left as it was\n".utf8))
                    throw ExitStatus.of(error, signal: signal)
                }
                FileHandle.standardError.write(Data("error: \(error.message)\n".utf8))
                throw ExitStatus.of(error)
            }
        }
    }
}
