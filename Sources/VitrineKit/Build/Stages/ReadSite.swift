import Foundation

/// The stages between the inputs and the first page: the theme compiled, the site read and
/// assembled, every page planned and keyed.
extension BuildContext {
    /// `compileTemplates`: every template parsed and compiled once, the translations merged.
    mutating func compileTemplates() throws(VitrineError) {
        theme = try Theme(compiling: themeFiles, language: config.language)
    }

    /// `readSite`: snapshots, catalogs and content read and assembled.
    mutating func readSite() throws(VitrineError) {
        site = try reader.read(config: config, favorites: favorites, resolved: fetched.resolved, unknown: Set(fetched.unknownFavorites), logger: logger)
    }

    /// `planPages`: every page and its path; a static file may not take a generated file's place.
    mutating func planPages() throws(VitrineError) {
        let plan = try PagePlan(site: site, jobs: options.jobs)
        if !staticFiles.isEmpty {
            try StaticFolder.checkClashes(staticFiles, generated: Set(plan.pages.map(\.path.description) + theme.assets.map(\.path)), label: options.label)
        }
        self.plan = plan
        logger.info(
            "plan pages: \(Format.count(plan.htmlFileCount, "page", "pages")) and \(Format.count(plan.pages.count - plan.htmlFileCount, "other file", "other files")) to render, \(Format.count(site.items.count, "item", "items")), \(Format.count(site.galleries.count, "gallery", "galleries"))"
        )
    }

    /// `keyPages`: what each page is made from, hashed.
    mutating func keyPages() throws(VitrineError) {
        // Every input file has been read by now; their digests are hashed off the reading thread.
        inputDigests = inputs.waitForDigests()
        keys = try PageKeys(site: site, theme: theme, options: options, inputs: inputDigests)
    }
}
