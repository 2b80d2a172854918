import Foundation
import Logging

/// `vitrine build`: a pipeline of named stages over one build context.
///
/// load config → load favorites → read snapshots → render Markdown → resolve favorites →
/// plan pages → key pages → render changed pages into staging → copy assets → publish.
/// Each stage names itself in progress lines and in every error it throws; the output
/// folder is replaced (full build) or updated in place from staging (over a previous
/// output with a manifest) only after every stage succeeded.
public struct SiteBuilder: Sendable {
    public let logger: Logger
    /// Live progress of long stages, on a terminal; nil for plain log lines only.
    public let progress: (any ProgressReporter)?

    public init(logger: Logger = Logger(label: "vitrine"), progress: (any ProgressReporter)? = nil) {
        self.logger = logger
        self.progress = progress
    }

    public func build(_ options: BuildOptions) async throws(VitrineError) -> BuildSummary {
        let clock = ContinuousClock()
        let start = clock.now
        let inputs = InputRecorder()
        let loader = SiteLoader(options: options, logger: logger, recorder: inputs)
        let config = try loader.loadConfig()
        let favorites = try loader.loadFavorites(config)
        let fetched = try await FetchStage(options: options, config: config, logger: logger, progress: progress).run(favorites: favorites)
        let favoritesWritten = try FavoritesService(options: options, logger: logger).snapshot(fetched.resolved, config: config)
        let site = try loader.load(config: config, favorites: favorites, resolved: fetched.resolved)
        let theme = try stage("load templates") { () throws(VitrineError) in
            try Theme.load(
                defaults: options.themeDirectory ?? Theme.defaultDirectory,
                overrides: options.site.appendingPathComponent("templates"), overridesLabel: options.label("templates"))
        }
        let plan = try stage("plan pages") { () throws(VitrineError) in try PagePlan(site: site) }
        logger.info("plan pages: \(Format.count(plan.pages.count, "page", "pages")), \(Format.count(site.items.count, "item", "items")), \(Format.count(site.galleries.count, "gallery", "galleries"))")

        let output = options.outputDirectory
        let publisher = try OutputPublisher(output: output, site: options.site, label: outputLabel(options))
        let keys = try stage("key pages") { () throws(VitrineError) in try PageKeys(site: site, theme: theme, options: options, inputs: inputs.digests) }
        // `--strict` checks the links of the whole staged site, so it renders everything.
        let previous = options.checkLinks ? nil : publisher.previousManifest()
        let staging = try publisher.makeStaging()
        do {
            let renderer = PageRenderer(
                factory: PageFactory(site: site), theme: theme, staging: staging, keys: keys,
                previous: previous?.lookup ?? [:], output: previous == nil ? nil : output, logger: logger, progress: progress
            )
            var written = try await renderer.render(plan, jobs: options.jobs)
            written.add(try stage("copy assets") { () throws(VitrineError) in try renderer.copyAssets() })
            let manifest = BuildManifest(entries: written.manifest)
            if let previous {
                // Incremental: only changed files are in staging; unchanged ones stay as they are.
                let planned = Set(manifest.entries.map(\.path))
                let removed = previous.entries.map(\.path).filter { !planned.contains($0) }
                try stage("publish") { () throws(VitrineError) in
                    try publisher.update(from: staging, changed: written.changed, removed: removed, manifest: manifest, previous: previous)
                }
            } else {
                try publisher.writeMarker(in: staging)
                try stage("write manifest") { () throws(VitrineError) in
                    do {
                        try manifest.data.write(to: staging.appendingPathComponent(BuildManifest.fileName))
                    } catch {
                        throw VitrineError("write \(BuildManifest.fileName): \(error.localizedDescription)")
                    }
                }
                if options.checkLinks {
                    try stage("check links") { () throws(VitrineError) in try checkLinks(in: staging, config: site.config) }
                }
                try stage("publish") { () throws(VitrineError) in try publisher.publish(staging) }
                written.files += 2
            }
            let seconds = (clock.now - start) / .seconds(1)
            var summary = BuildSummary(
                pages: plan.htmlPageCount, files: written.files, bytes: written.bytes, items: site.items.count,
                galleries: site.galleries.count, seconds: seconds, output: outputLabel(options), warnings: site.warnings,
                fetchFailures: fetched.failures, requests: fetched.counters.requests, cacheHits: fetched.counters.cacheHits,
                unchanged: written.unchanged
            )
            summary.inputsWritten = fetched.written + [favoritesWritten].compactMap { $0 }
            if let report = options.report {
                try BuildReport(summary: summary, site: site, origins: fetched.origins).write(to: report)
            }
            return summary
        } catch {
            publisher.discard(staging)
            throw error
        }
    }

    /// `--strict`: the same link check as `vitrine check`, on the staged site.
    private func checkLinks(in staging: URL, config: SiteConfig) throws(VitrineError) {
        let path = config.baseURL.flatMap { URLComponents(string: $0)?.path } ?? "/"
        let problems = try LinkCheck.problems(in: staging, sitePath: path.hasSuffix("/") ? path : path + "/")
        guard problems.isEmpty else {
            for problem in problems { logger.error("\(problem)") }
            throw VitrineError("check links: \(Format.count(problems.count, "problem", "problems")) (--strict); the previous site was kept")
        }
    }

    private func outputLabel(_ options: BuildOptions) -> String {
        options.outputLabel ?? options.label("public")
    }

    /// Runs a stage, logging its name; errors already name their file, so only bare ones get the stage prefix.
    private func stage<T>(_ name: String, _ body: () throws(VitrineError) -> T) throws(VitrineError) -> T {
        logger.debug("\(name)…")
        return try body()
    }
}

