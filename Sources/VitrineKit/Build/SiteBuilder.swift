import Foundation
import Logging
import Synchronization

/// `vitrine build`: the pipeline of named stages `BuildStage` declares, in its order.
///
/// load config → lock the output → load favorites → fetch → store favorites → read templates
/// and static files → compare inputs (stop here when every input has the bytes the output
/// was made from) → compile templates → read snapshots, catalogs and content → plan pages → key pages → render
/// changed pages into the staging folder (the spare tree when there is one) → copy assets →
/// keep unchanged files → write the manifest → check links → write the report → keep files
/// added to the output during the build → publish (one exchange). Every stage runs through `run(_:_:)`, which logs its name and stamps its
/// errors with it (`VitrineError.stage`); the output changes only at `publish`.
public struct SiteBuilder: Sendable {
    let logger: Logger
    /// Live progress of long stages, on a terminal; nil for plain log lines only.
    public let progress: (any ProgressReporter)?
    /// For a process that exits after one build (`vitrine build`): the site, its plan and
    /// the listings stay in memory until the exit instead of being freed one object at a
    /// time, which took a tenth of a 100,000-item one-item rebuild. The memory is the
    /// same as during the build; the kernel takes it back at once. (Compilers do the same:
    /// clang's `-disable-free`.) A long-lived process (`serve`) frees as usual.
    public var keepsMemoryUntilExit = false

    /// A builder that logs to `logger` and, on a terminal, reports long stages to `progress`.
    public init(logger: Logger = Logger(label: "vitrine"), progress: (any ProgressReporter)? = nil) {
        self.logger = logger
        self.progress = progress
    }

    /// Runs every stage of `BuildStage` in order and publishes the site in one exchange;
    /// an error names its stage, kind and file, and leaves the previous site as it was.
    public func build(_ options: BuildOptions) async throws(VitrineError) -> BuildSummary {
        let clock = ContinuousClock()
        let start = clock.now
        // Check before work: every path the build writes is validated before the first
        // request or page, and the output is locked for the whole build.
        let inputs = InputRecorder()
        let reader = SiteReader(options: options, recorder: inputs)
        let config = try run(.loadConfig) { () throws(VitrineError) in try reader.config() }
        let (publisher, lock, reportDestination) = try run(.lockOutput) { () throws(VitrineError) in
            let publisher = try OutputPublisher(output: options.outputDirectory, site: options.site, label: options.outputName)
            let reportDestination = try options.report.map { url throws(VitrineError) in try BuildReport.Destination(url) }
            let lock = try publisher.lock(timeout: options.lockTimeout, announce: { [logger] in logger.notice("\($0)") }) {
                logger.debug("\($0), kept beside \(options.outputName) by an earlier vitrine")
            }
            for leftover in publisher.removeLeftovers() { logger.debug("removed \(leftover), left by a build that was stopped") }
            return (publisher, lock, reportDestination)
        }
        defer { withExtendedLifetime(lock) {} }

        let favorites = try run(.loadFavorites) { () throws(VitrineError) in try reader.favorites(config) }
        let fetched = try await run(.fetch) { () async throws(VitrineError) in
            let fetched = try await FetchStage(options: options, config: config, reader: reader, logger: logger, progress: progress).run(favorites: favorites)
            if Task.isCancelled { throw VitrineError.interrupted }
            return fetched
        }
        // A cache for later builds: failing to store it (a read-only file) is worth a warning only.
        var snapshotWarning: String?
        let snapshotted = try run(.storeFavorites) { () -> FavoritesService.Snapshotted? in
            do throws(VitrineError) {
                return try FavoritesService(options: options, logger: logger).snapshot(fetched.resolved, stamps: fetched.stamps, replacing: fetched.refreshing, config: config)
            } catch {
                snapshotWarning = "\(error.message); the favorites looked up by id were not stored"
                return nil
            }
        }
        // Both trees are listed on another thread (`OutputPublisher.Listings`) from the moment
        // the build knows it is not an unchanged rebuild — the first input whose stamp changed —
        // while that input is hashed and the site is read; only a build that goes on to carry
        // files over waits for the listing. The spare is listed when the build may reuse it:
        // an output with a readable manifest, and not `--strict`, which starts from an empty folder.
        let previousBytes = publisher.previousManifestBytes()
        // Only its first lines until the inputs are compared: an unchanged rebuild then checks
        // the rest (`Summary`), any other build parses it.
        let previousInputs = previousBytes.flatMap(BuildManifest.inputs(in:))
        var listings: OutputPublisher.Listings?
        var listingStarted = false
        func startListing() {
            guard !listingStarted, !options.renderToMemory else { return }
            listingStarted = true
            listings = publisher.startListing(spare: !options.checkLinks && previousInputs != nil)
        }
        // A build that stops before its carry-over (an error, a signal) stops the walk without
        // waiting for it; a records file being written is finished first, so a clean stop
        // leaves nothing beside the output.
        defer { listings?.cancel() }
        let themeSources = try run(.loadTemplates) { () throws(VitrineError) in
            try Theme.Sources.read(
                defaults: options.themeDirectory ?? Theme.defaultDirectory,
                overrides: options.site.appendingPathComponent("templates"), overridesLabel: options.label("templates"))
        }
        let staticFiles = try run(.readStaticFiles) { () throws(VitrineError) in
            try StaticFolder.files(site: options.site, label: options.label)
        }
        let inputsDigest = InputsDigest(options: options, config: config, theme: themeSources, staticFiles: staticFiles)
        let unchanged = try run(.compareInputs) {
            guard let previousInputs, let recorded = previousInputs, fetched.isQuiet, (snapshotted?.count ?? 0) == 0, snapshotWarning == nil,
                !options.checkLinks, !options.renderToMemory, options.report == nil
            else { return false }
            let current = inputsDigest.current(site: options.site, changed: startListing)
            guard current.digest == recorded else {
                // A large file changed: the build parses the bytes just hashed.
                reader.offer(current.read)
                return false
            }
            return true
        }
        // A manifest that turns out damaged past its first lines: built as if there were none.
        if unchanged, let previousSummary = previousBytes.flatMap(BuildManifest.Summary.init) {
            // Every input has the bytes the output was made from: nothing to parse or render.
            logger.info("inputs unchanged since the last build of \(options.outputName)")
            var summary = BuildSummary(
                pages: previousSummary.pages, files: 0, bytes: 0, items: 0, galleries: config.galleries.count,
                seconds: (clock.now - start) / .seconds(1), output: options.outputName,
                warnings: [], unchanged: previousSummary.entries
            )
            if config.baseURL == nil { summary.notes.append(SiteConfig.withoutBaseURLNote) }
            summary.siteFiles = previousSummary.entries
            summary.inputsUnchanged = true
            return summary
        }
        let previous = previousInputs == nil ? nil : previousBytes.flatMap(BuildManifest.parse)
        // `--strict` checks the links of the whole staged site, so it renders everything; a
        // build that writes every file makes them in an empty folder, not over the spare's.
        let reuse = options.checkLinks ? nil : previous
        startListing()
        let theme = try run(.compileTemplates) { () throws(VitrineError) in try Theme(compiling: themeSources, language: config.language) }
        let site = try run(.readSite) { () throws(VitrineError) in
            try reader.read(config: config, favorites: favorites, resolved: fetched.resolved, unknown: Set(fetched.unknownFavorites), logger: logger)
        }
        let plan = try run(.planPages) { () throws(VitrineError) in
            let plan = try PagePlan(site: site)
            if !staticFiles.isEmpty {
                try StaticFolder.checkClashes(staticFiles, generated: Set(plan.pages.map(\.path.description) + theme.assets.map(\.path)), label: options.label)
            }
            return plan
        }
        logger.info(
            "plan pages: \(Format.count(plan.htmlFileCount, "page", "pages")) and \(Format.count(plan.pages.count - plan.htmlFileCount, "other file", "other files")) to render, \(Format.count(site.items.count, "item", "items")), \(Format.count(site.galleries.count, "gallery", "galleries"))"
        )

        let keys = try run(.keyPages) { () throws(VitrineError) in try PageKeys(site: site, theme: theme, options: options, inputs: inputs.digests) }
        if options.renderToMemory { return try await renderToMemory(plan, site: site, theme: theme, keys: keys, options: options, start: start) }
        // Part of rendering, which logs itself once below.
        let staging: OutputPublisher.Staging
        do throws(VitrineError) { staging = try publisher.makeStaging(reuseSpare: reuse != nil) } catch { throw error.at(.renderPages) }
        // Set once the staging folder is published or put aside, which happens once.
        var stagingDone = false
        do throws(VitrineError) {
            let filterEntries = reuse == nil ? nil : publisher.readFilterEntries()
            let renderer = PageRenderer(
                factory: PageFactory(site: site, strings: theme.strings(for: site.config.language), hasCustomCSS: theme.hasCustomCSS), theme: theme, staging: staging.url,
                keys: keys,
                previous: reuse.map { BuildManifest.Previous($0, plan: plan) } ?? .none,
                output: reuse == nil ? nil : publisher.output, logger: logger, progress: progress, filterEntries: filterEntries
            )
            var written = try await run(.renderPages) { () async throws(VitrineError) in try await renderer.render(plan, jobs: options.jobs) }
            written.add(try run(.copyAssets) { () throws(VitrineError) in try renderer.copy(theme.assets + staticFiles) })
            var manifest = BuildManifest(entries: written.manifest)
            // The digests of the files copied (theme assets, static files), from the manifest:
            // a handful of its entries, looked up without a dictionary of every page.
            let copied = Set(inputsDigest.copied.map(\.path))
            var copies: [String: StableHasher.Digest] = [:]
            for entry in written.manifest where copied.contains(entry.path) && copies[entry.path] == nil { copies[entry.path] = entry.digest }
            // A build with warnings is never skipped: the next one says them again.
            manifest.inputs = site.warnings.isEmpty && snapshotWarning == nil ? inputsDigest.combine(files: inputs.digests, copies: copies) : nil
            var kept = OutputPublisher.CarryOver()
            let publishes: Bool
            if let reuse, written.changed.isEmpty, manifest == reuse {
                // Nothing changed: the output already is the new site.
                publisher.discard(staging)
                stagingDone = true
                listings?.waitForRecords()
                publishes = false
            } else {
                kept = try await run(.keepUnchanged) { () async throws(VitrineError) in
                    let kept = try publisher.carryOver(into: staging, previous: previous, manifest: manifest, written: Set(written.changed), listed: listings)
                    if let (output, spare) = try? listings?.get() {
                        for (name, listed) in [(options.outputName, output), ("its spare tree", spare)] {
                            guard let listed else { continue }
                            logger.trace("listed \(name): \(listed.read) of \(listed.record.count) folders read, the others unchanged since they were recorded")
                        }
                    }
                    if !kept.missing.isEmpty {
                        // Planned files the output should have had but did not (deleted by hand).
                        let again = PageRenderer(
                            factory: renderer.factory, theme: theme, staging: staging.url, keys: keys, previous: .none, output: nil, logger: logger
                        )
                        let missing = Set(kept.missing)
                        var redone = try await again.render(plan, only: missing, jobs: options.jobs)
                        redone.add(try again.copy(theme.assets + staticFiles, only: missing))
                        written.files += redone.files
                        written.bytes += redone.bytes
                        written.filterEntries.merge(redone.filterEntries) { _, new in new }
                    }
                    return kept
                }
                try run(.writeManifest) { () throws(VitrineError) in
                    try publisher.writeMarker(in: staging.url)
                    do {
                        try manifest.data.write(to: staging.url.appendingPathComponent(BuildManifest.fileName))
                    } catch {
                        throw VitrineError("write \(BuildManifest.fileName): \(error.localizedDescription)", kind: .output)
                    }
                }
                if options.checkLinks {
                    try run(.checkLinks) { () throws(VitrineError) in try checkLinks(in: staging.url, config: site.config) }
                }
                if reuse == nil { written.files += 2 }  // the marker and the manifest
                publishes = true
            }
            let seconds = (clock.now - start) / .seconds(1)
            var summary = BuildSummary(
                pages: plan.htmlFileCount + staticFiles.count { $0.path.hasSuffix(".html") }, files: written.files, bytes: written.bytes,
                items: site.items.count, galleries: site.galleries.count, seconds: seconds, output: options.outputName, warnings: site.warnings,
                fetchFailures: fetched.failures, requests: fetched.counters.requests, cacheHits: fetched.counters.cacheHits,
                unchanged: written.unchanged
            )
            summary.siteFiles = plan.pages.count + theme.assets.count + staticFiles.count
            if let snapshotWarning { summary.warnings.append(snapshotWarning) }
            if site.config.baseURL == nil {
                // A fault only for a build about to be published (`--strict`); else a note.
                if options.checkLinks { summary.warnings.append(SiteConfig.withoutBaseURL) } else { summary.notes.append(SiteConfig.withoutBaseURLNote) }
            }
            summary.keptFiles = kept.keptCount
            summary.keptNames = kept.keptNames
            for entry in kept.dropped {
                summary.warnings.append("\(options.outputName)/\(entry) is not a file, folder or link; it was not kept")
            }
            if let snapshotted {
                summary.favoritesSnapshotted = snapshotted.count
                summary.favoritesFile = snapshotted.label
            }
            summary.inputsWritten = fetched.written + [snapshotted?.url].compactMap { $0 }
            summary.changedGalleries = fetched.changes.filter { $0.value.initial != true && !$0.value.isEmpty }.keys.sorted()
            // Written before the exchange: a report that cannot be written leaves the site as it was.
            if let reportDestination {
                try run(.writeReport) { () throws(VitrineError) in
                    try reportDestination.write(BuildReport(summary: summary, site: site, origins: fetched.origins, changes: fetched.changes).data)
                }
            }
            if publishes {
                // What a person added to the output during the build, carried in as late as
                // can be: after the report (which may wait on a slow pipe), right before the exchange.
                options.afterCarryOver?()
                summary.warnings += try run(.catchUp) { () throws(VitrineError) in
                    try publisher.catchUp(into: staging, listed: kept.listed, manifest: manifest)
                }
                // The one step that changes the output: after it, the build is done.
                try run(.publish) { () throws(VitrineError) in
                    if Task.isCancelled { throw VitrineError.interrupted }
                    try publisher.publish(staging)
                }
                stagingDone = true
                summary.published = true
                listings?.waitForRecords()
            }
            if let warning = reportDestination?.commit() { summary.warnings.append(warning) }
            // What the output's filter indexes now hold, for the next build.
            let entries = FilterEntries(files: written.filterEntries)
            if entries != filterEntries { publisher.writeFilterEntries(entries) }
            if keepsMemoryUntilExit {
                Self.keptUntilExit.withLock { $0 += [site, plan, renderer, written, manifest, previous, listings] }
            }
            return summary
        } catch {
            if !stagingDone { publisher.discard(staging) }
            throw error
        }
    }

    private static let keptUntilExit = Mutex<[any Sendable]>([])

    /// `--render-to-memory`: every page rendered, nothing written, the output left alone.
    private func renderToMemory(
        _ plan: PagePlan, site: LoadedSite, theme: Theme, keys: PageKeys, options: BuildOptions, start: ContinuousClock.Instant
    ) async throws(VitrineError) -> BuildSummary {
        var renderer = PageRenderer(
            factory: PageFactory(site: site, strings: theme.strings(for: site.config.language), hasCustomCSS: theme.hasCustomCSS), theme: theme,
            staging: URL(fileURLWithPath: "/"), keys: keys,
            previous: .none, output: nil, logger: logger, progress: progress
        )
        renderer.toMemory = true
        let rendered = try await run(.renderPages) { () async throws(VitrineError) in try await renderer.render(plan, jobs: options.jobs) }
        var summary = BuildSummary(
            pages: plan.htmlPageCount, files: rendered.files, bytes: rendered.bytes, items: site.items.count,
            galleries: site.galleries.count, seconds: (ContinuousClock.now - start) / .seconds(1), output: options.outputName, warnings: site.warnings
        )
        summary.renderedToMemory = true
        return summary
    }

    /// `--strict`: the same link check as `vitrine check`, on the staged site.
    private func checkLinks(in staging: URL, config: SiteConfig) throws(VitrineError) {
        let problems = try LinkCheck.problems(in: staging, sitePath: config.sitePath)
        guard problems.isEmpty else {
            for problem in problems { logger.error("\(problem)") }
            throw VitrineError("check links: \(Format.count(problems.count, "problem", "problems")) (--strict); the previous site was kept", kind: .brokenLinks)
        }
    }

    /// Runs one stage: logs its name and what it does at debug level (`--verbose`: `stage:
    /// render pages (the pages whose inputs changed)`) and stamps the stage on its errors (an
    /// error already stamped keeps its own).
    private func run<T>(_ stage: BuildStage, _ body: () throws(VitrineError) -> T) throws(VitrineError) -> T {
        logger.debug("stage: \(stage.rawValue) (\(stage.purpose))")
        do {
            return try body()
        } catch {
            throw error.at(stage)
        }
    }

    private func run<T>(_ stage: BuildStage, _ body: () async throws(VitrineError) -> T) async throws(VitrineError) -> T {
        logger.debug("stage: \(stage.rawValue) (\(stage.purpose))")
        do {
            return try await body()
        } catch {
            throw error.at(stage)
        }
    }
}
