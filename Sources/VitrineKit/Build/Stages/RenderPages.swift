import Foundation

extension BuildContext {
    /// `renderPages`: the staging folder made (the spare tree, or a new one), then the pages
    /// whose inputs changed rendered into it. With `--render-to-memory`, every page is rendered,
    /// nothing is written and the build is done.
    mutating func renderPages() async throws(VitrineError) -> BuildStep.Outcome {
        if options.renderToMemory { return .done(try await renderToMemory()) }
        staging = try rebuild.makeStaging()
        let (previous, output) = rebuild.comparison(for: plan)
        renderer = PageRenderer(
            factory: PageFactory(site: site, strings: theme.strings(for: site.config.language), hasCustomCSS: theme.hasCustomCSS), theme: theme,
            staging: staging!.url, keys: keys, previous: previous, output: output, logger: logger, progress: progress,
            filterEntries: rebuild.filterEntries
        )
        written = try await renderer.render(plan, jobs: options.jobs)
        return .next
    }

    /// `--render-to-memory`: every page rendered, nothing written, the output left alone.
    private func renderToMemory() async throws(VitrineError) -> BuildSummary {
        var renderer = PageRenderer(
            factory: PageFactory(site: site, strings: theme.strings(for: site.config.language), hasCustomCSS: theme.hasCustomCSS), theme: theme,
            staging: URL(fileURLWithPath: "/"), keys: keys,
            previous: .none, output: nil, logger: logger, progress: progress
        )
        renderer.toMemory = true
        let rendered = try await renderer.render(plan, jobs: options.jobs)
        var summary = BuildSummary(
            pages: plan.htmlPageCount, files: rendered.files, bytes: rendered.bytes, items: site.items.count,
            galleries: site.galleries.count, seconds: (ContinuousClock.now - start) / .seconds(1), output: options.outputName, warnings: site.warnings
        )
        summary.renderedToMemory = true
        return summary
    }
}
