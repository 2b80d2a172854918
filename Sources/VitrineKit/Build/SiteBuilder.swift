import Foundation
import Logging

/// `vitrine build`: a pipeline of named stages over one build context.
///
/// load config → load favorites → read snapshots → render Markdown → resolve favorites →
/// plan pages → render pages into staging → copy assets → publish.
/// Each stage names itself in progress lines and in every error it throws; the output
/// folder is replaced only after every stage succeeded.
public struct SiteBuilder: Sendable {
    public let logger: Logger

    public init(logger: Logger = Logger(label: "vitrine")) {
        self.logger = logger
    }

    public func build(_ options: BuildOptions) async throws(VitrineError) -> BuildSummary {
        let clock = ContinuousClock()
        let start = clock.now
        let loader = SiteLoader(options: options, logger: logger)
        let config = try loader.loadConfig()
        let favorites = try loader.loadFavorites(config)
        let fetched = try await FetchStage(options: options, config: config, logger: logger).run(favorites: favorites)
        try FavoritesService(options: options, logger: logger).snapshot(fetched.resolved, config: config)
        let site = try loader.load(config: config, favorites: favorites, resolved: fetched.resolved)
        let theme = try stage("load templates") { () throws(VitrineError) in
            try Theme.load(
                defaults: options.themeDirectory ?? Theme.defaultDirectory,
                overrides: options.site.appendingPathComponent("templates"), overridesLabel: options.label("templates"))
        }
        let plan = try stage("plan pages") { () throws(VitrineError) in try PagePlan(site: site) }
        logger.info("plan pages: \(plan.pages.count) pages, \(site.items.count) items, \(site.galleries.count) galleries")

        let output = options.outputDirectory
        let publisher = try OutputPublisher(output: output, site: options.site, label: outputLabel(options))
        let staging = try publisher.makeStaging()
        do {
            let renderer = PageRenderer(factory: PageFactory(site: site), theme: theme, staging: staging, logger: logger)
            var written = try await renderer.render(plan, jobs: options.jobs)
            written.add(try stage("copy assets") { () throws(VitrineError) in try renderer.copyAssets() })
            try publisher.writeMarker(in: staging)
            try stage("publish") { () throws(VitrineError) in try publisher.publish(staging) }
            let seconds = (clock.now - start) / .seconds(1)
            let summary = BuildSummary(
                pages: plan.htmlPageCount, files: written.files + 1, bytes: written.bytes, items: site.items.count,
                galleries: site.galleries.count, seconds: seconds, output: outputLabel(options), warnings: site.warnings,
                fetchFailures: fetched.failures, requests: fetched.counters.requests, cacheHits: fetched.counters.cacheHits
            )
            if let report = options.report {
                try BuildReport(summary: summary, site: site, origins: fetched.origins).write(to: report)
            }
            return summary
        } catch {
            publisher.discard(staging)
            throw error
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

extension Duration {
    static func / (lhs: Duration, rhs: Duration) -> Double {
        let l = lhs.components, r = rhs.components
        return (Double(l.seconds) + Double(l.attoseconds) / 1e18) / (Double(r.seconds) + Double(r.attoseconds) / 1e18)
    }
}
