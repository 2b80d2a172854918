import Foundation
import Logging

/// `vitrine check`: validates a site's inputs and, if it was built, its output — and reports
/// every problem, one line each, instead of stopping at the first.
public struct SiteCheck: Sendable {
    /// The site to check, and its output.
    let options: BuildOptions
    let logger: Logger

    /// A check of the site at `site` and of its output (`SITE/public` when nil), as the
    /// user named it; nothing is written.
    public init(site: SiteLocation, output: URL? = nil, outputLabel: String? = nil, logger: Logger = Logger(label: "vitrine")) {
        self.init(options: BuildOptions(location: site, output: output, outputLabel: outputLabel), logger: logger)
    }

    /// A check with every option a build has (tests set the clock).
    init(options: BuildOptions, logger: Logger = Logger(label: "vitrine")) {
        self.options = options
        self.logger = logger
    }

    /// What `vitrine check` found.
    public struct Result: Sendable {
        /// One line per problem: a file that does not read, a broken link.
        public var problems: [String]
        /// Values the input policies left out (a rating of 1e18, a repeated catalog id): the
        /// build goes on without them, so they do not fail the check.
        public var warnings: [String] = []
        /// Whether a built site was found and its links checked.
        public var checkedOutput: Bool
        /// Files of the built site whose links were checked.
        public var files: Int
    }

    /// Reads every input as a build would, then checks the built site's links, if there is one.
    public func run() -> Result {
        var problems: [String] = []
        var warnings: [String] = []
        func collect(_ body: () throws(VitrineError) -> Void) {
            do { try body() } catch { problems.append(error.message) }
        }
        let reader = SiteReader(options: options)
        var config: SiteConfig?
        collect { () throws(VitrineError) in config = try reader.config() }
        if let config {
            var favorites: FavoritesFile?
            collect { () throws(VitrineError) in
                favorites = try reader.favorites(config)
                warnings += favorites?.warnings ?? []
            }
            collect { () throws(VitrineError) in _ = try reader.content(config) }
            // What the galleries hold for id-only favorites, by the build's one rule.
            let wanted = Set(favorites?.unresolvedIDs ?? [])
            var known: [ItemID: Item] = [:]
            var everyGalleryRead = true
            // Copies past their API's terms: a warning each, as the build says them.
            var stale = StaleCopies()
            let now = options.now()
            for gallery in config.galleries {
                collect { () throws(VitrineError) in
                    do throws(VitrineError) {
                        let file = try LoadedSite.checked(gallery, try reader.gallery(gallery, keep: false), options: options)
                        warnings += file.warnings
                        stale.add(file.label, what: file.label, source: gallery.source, stamp: file.snapshot.stamp, now: now)
                        if !wanted.isEmpty { GalleryHoldings.collect(file.snapshot.items, wanted: wanted, into: &known) }
                    } catch {
                        everyGalleryRead = false
                        throw error
                    }
                }
            }
            let favoritesLabel = options.label(config.favorites.file)
            for favorite in favorites?.favorites ?? [] where favorite.item != nil {
                stale.add("'\(favorite.id)'", what: "\(favoritesLabel): '\(favorite.id)'", source: favorite.id.source, stamp: favorite.stamp, now: now)
            }
            warnings += stale.warnings
            if let favorites, everyGalleryRead {
                // The read phase's rule and message: check fails where `build --offline` would.
                let resolution = FavoritesResolution(favorites, order: config.favorites.order, known: known, unknownUpstream: [])
                if let error = resolution.unresolvedError(label: options.label(config.favorites.file), offline: true) {
                    problems.append(error.message + "; a build that may fetch looks them up")
                }
            }
            if config.baseURL == nil { warnings.append(SiteConfig.withoutBaseURL) }
            collect { () throws(VitrineError) in warnings += try translationWarnings(language: config.language) }
        }
        collect { () throws(VitrineError) in
            _ = try Theme.load(overrides: options.site.appendingPathComponent("templates"), overridesLabel: options.label("templates"))
        }

        let output = options.outputDirectory
        var files = 0
        let built = FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path)
        if built {
            // Without a readable site.yml, baseURL's path is unknown: root-absolute links are skipped.
            let sitePath = config.map(\.sitePath)
            collect { () throws(VitrineError) in
                files = try LinkCheck.listFiles(output).count
                let label = options.outputLabel ?? options.label("public")
                problems += try LinkCheck.problems(in: output, sitePath: sitePath)
                    .map { "\(label)/\($0)" }
            }
        }
        return Result(problems: problems, warnings: warnings, checkedOutput: built, files: files)
    }

    /// The keys the site's own translation file for its language (`SITE/i18n/ko.yml`, or
    /// `ko-KR.yml`) does not set: they show the theme's text (English when vitrine has no
    /// translation for the language). One line per file.
    func translationWarnings(language: String) throws(VitrineError) -> [String] {
        let code = language.lowercased()
        let candidates = [code, code.split(separator: "-").first.map(String.init) ?? code]
        let folder = options.site.appendingPathComponent("i18n")
        guard
            let name = candidates.map({ "\($0).yml" }).first(where: {
                FileManager.default.fileExists(atPath: folder.appendingPathComponent($0).path)
            })
        else { return [] }
        let label = options.label("i18n/\(name)")
        let path = folder.appendingPathComponent(name).path
        guard let text = try UserText.read(atPath: path, label: label) else { return [] }
        try SiteBounds(site: options.site).check(path, label: label)
        let missing = try ThemeStrings.missingKeys(inYAML: text, file: label)
        guard !missing.isEmpty else { return [] }
        return ["\(label): \(missing.count) of \(ThemeStrings.keys.count) keys missing (the theme's text is shown): \(missing.joined(separator: ", "))"]
    }
}
