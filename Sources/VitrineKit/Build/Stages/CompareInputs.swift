import Foundation

extension BuildContext {
    /// `compareInputs`: every input compared with the bytes the output was made from. When
    /// none changed, the build is done here: nothing to parse or render. A build that fetched,
    /// stored favorites, warned, checks links, writes a report or renders into memory goes on
    /// whatever its inputs.
    mutating func compareInputs() -> BuildStep.Outcome {
        let digest = InputsDigest(options: options, config: config, theme: themeFiles, staticFiles: staticFiles)
        inputsDigest = digest
        let mayStop =
            fetched.isQuiet && (storedItems?.count ?? 0) == 0 && storedItemsWarning == nil
            && !options.checkLinks && !options.renderToMemory && options.report == nil
        if let previous = rebuild.unchangedSummary(inputs: digest, site: options.site, mayStop: mayStop, reader: reader) {
            return .done(unchangedSummary(previous))
        }
        rebuild.goOn()
        return .next
    }

    /// The summary of a build that stopped at `compareInputs`: the output is the site.
    private func unchangedSummary(_ previous: BuildManifest.Summary) -> BuildSummary {
        logger.info("inputs unchanged since the last build of \(options.outputName)")
        var summary = BuildSummary(
            pages: previous.pages, files: 0, bytes: 0, items: 0, galleries: config.galleries.count,
            seconds: (ContinuousClock.now - start) / .seconds(1), output: options.outputName,
            warnings: [], unchanged: previous.entries
        )
        if config.baseURL == nil { summary.notes.append(SiteConfig.withoutBaseURLNote) }
        summary.siteFiles = previous.entries
        summary.inputsUnchanged = true
        return summary
    }
}
