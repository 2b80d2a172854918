import Foundation

extension BuildContext {
    /// What the build did so far, for the report and the summary line.
    func summary() -> BuildSummary {
        var summary = BuildSummary(
            pages: plan.htmlFileCount + staticFiles.count { $0.path.hasSuffix(".html") }, files: written.files, bytes: written.bytes,
            items: site.items.count, galleries: site.galleries.count, seconds: seconds ?? (ContinuousClock.now - start) / .seconds(1), output: options.outputName,
            warnings: site.warnings, fetchFailures: fetched.failures, requests: fetched.counters.requests, cacheHits: fetched.counters.cacheHits,
            unchanged: written.unchanged
        )
        summary.siteFiles = plan.pages.count + theme.assets.count + staticFiles.count
        if let storedItemsWarning { summary.warnings.append(storedItemsWarning) }
        if site.config.baseURL == nil {
            // A fault only for a build about to be published (`--strict`); else a note.
            if options.checkLinks { summary.warnings.append(SiteConfig.withoutBaseURL) } else { summary.notes.append(SiteConfig.withoutBaseURLNote) }
        }
        summary.keptFiles = kept.keptCount
        summary.keptNames = kept.keptNames
        for entry in kept.dropped {
            summary.warnings.append("\(options.outputName)/\(entry) is not a file, folder or link; it was not kept")
        }
        if let storedItems {
            summary.favoritesStored = storedItems.count
            summary.favoritesFile = storedItems.label
        }
        summary.inputsWritten = fetched.written + [storedItems?.url].compactMap { $0 }
        summary.changedGalleries = fetched.changes.filter { $0.value.initial != true && !$0.value.isEmpty }.keys.sorted()
        summary.warnings += caughtUpWarnings
        summary.published = published
        return summary
    }

    /// Takes the build's time, once: the work is done, what remains hands the site over.
    mutating func stopClock() {
        if seconds == nil { seconds = (ContinuousClock.now - start) / .seconds(1) }
    }

    /// After the last stage: the report takes its place, the filter indexes' entries are
    /// recorded for the next build, and the summary is made.
    func finish() -> BuildSummary {
        var summary = summary()
        if let warning = reportDestination?.commit() { summary.warnings.append(warning) }
        rebuild.recordFilterEntries(written.filterEntries)
        return summary
    }

    /// What a process that exits after this build keeps until then (`SiteBuilder.keepsMemoryUntilExit`).
    var heldUntilExit: [any Sendable] { [site, plan, renderer, written, manifest, rebuild.previous, rebuild.listings] }
}
