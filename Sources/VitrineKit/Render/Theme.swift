import Foundation
import VitrineBytes
import VitrineTemplate

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The templates and static assets a site renders with: vitrine's default theme, with any
/// file of the same name in `SITE/templates/` taking its place.
public struct Theme: Sendable {
    /// Every template, parsed and compiled once.
    let library: TemplateLibrary
    /// Where each template came from (`theme/item.mustache`, `site/templates/cell.mustache`).
    let labels: [String: String]
    /// Asset files to copy, relative path → absolute file, defaults overridden by the site's.
    let assets: [(path: String, file: URL)]
    /// Digest of every template's name and text (and every translation), for build manifests.
    let fingerprint: StableHasher.Digest
    /// Language code (`ko`, `ja`) → the theme's strings in it, the site's own file applied.
    let translations: [String: ThemeStrings]
    /// The stylesheets' text, the theme's then `custom.css` (what the 404 page inlines).
    let styles: String

    /// The site's own stylesheet, linked after the theme's on every page when present.
    static let customCSS = "assets/custom.css"

    /// The site has `templates/assets/custom.css`.
    var hasCustomCSS: Bool { assets.contains { $0.path == Self.customCSS } }

    /// Names every theme must provide: the pages vitrine renders, the `cell` and `pagination`
    /// partials, and the partials `cell` and `item` draw each kind with (a missing partial
    /// renders as nothing rather than fail: every book cell gone, every page without its title).
    static let required = [
        "layout", "home", "gallery", "cell", "pagination", "item", "page", "404", "sitemap.xml", "feed.xml", "changes",
        "cell-gif", "cell-movie", "cell-book", "cell-app", "cell-entry", "cell-media", "cell-title", "cell-rating",
        "item-gif", "item-movie", "item-book", "item-app", "item-entry", "item-title", "item-links",
        "cell-owner", "item-owner",
    ]

    /// The default theme, compiled into the binary and unpacked as a folder (`BundledFiles`).
    static var defaultDirectory: URL {
        BundledFiles.themeDirectory
    }

    /// Loads the default theme, then the site's overrides. Every template is parsed here,
    /// once; a parse error names the file, line and column.
    /// A site's translation files sit beside its templates folder: `SITE/i18n/<language>.yml`.
    static func load(defaults: URL = defaultDirectory, overrides: URL?, overridesLabel: String) throws(VitrineError) -> Theme {
        try Theme(compiling: Files.read(defaults: defaults, overrides: overrides, overridesLabel: overridesLabel))
    }

    /// A theme's files read and fingerprinted, not parsed yet: enough to tell whether a
    /// build's inputs changed, so an unchanged rebuild parses no template and no translation.
    struct Files: Sendable {
        /// Template name → text, and where it came from (`theme/item.mustache`).
        let texts: [String: String]
        let labels: [String: String]
        let assets: [(path: String, file: URL)]
        /// The theme's `i18n/*.yml`, then the site's: lowercased language code, label, text.
        let translations: [(code: String, file: String, text: String)]
        /// The stylesheets' text (`Theme.styles`).
        let styles: String
        /// Digest of every template's name and text, every translation's and the stylesheets'
        /// (pages link custom.css when there is one; the 404 page may inline them).
        let fingerprint: StableHasher.Digest

        static func read(defaults: URL = defaultDirectory, overrides: URL?, overridesLabel: String) throws(VitrineError) -> Files {
            var templates: [String: (url: URL, label: String)] = [:]
            var assets: [String: URL] = [:]
            // The site's files: links followed while they stay inside the site (`SiteBounds`).
            let bounds = overrides.map { SiteBounds(site: $0.deletingLastPathComponent()) }
            for (directory, label, bounds) in [(defaults, "theme", nil), (overrides, overridesLabel, bounds)] {
                guard let directory, FileManager.default.fileExists(atPath: directory.path) else { continue }
                for relative in try files(in: directory, label: label, bounds: bounds) {
                    let url = directory.appendingPathComponent(relative)
                    if relative.hasSuffix(".mustache"), !relative.contains("/") {
                        templates[String(relative.dropLast(".mustache".count))] = (url, "\(label)/\(relative)")
                    } else if relative.hasPrefix("assets/") {
                        assets[relative] = url
                    }
                }
            }
            var texts: [String: String] = [:]
            var hasher = StableHasher()
            for (name, template) in templates.sorted(by: { $0.key < $1.key }) {
                let text = try readText(template.url, label: template.label)
                hasher.combine(name)
                hasher.combine(text)
                texts[name] = text
            }
            if let missing = required.first(where: { templates[$0] == nil }) {
                throw VitrineError("theme: missing template '\(missing).mustache'", kind: .missingInput)
            }
            let translations = try readTranslations(
                defaults: defaults.appendingPathComponent("i18n"),
                site: overrides?.deletingLastPathComponent().appendingPathComponent("i18n"),
                siteLabel: siteI18nLabel(overridesLabel), bounds: bounds, hasher: &hasher
            )
            var styles = ""
            for path in ["assets/vitrine.css", Theme.customCSS] {
                guard let url = assets[path] else { continue }
                let text = try readText(url, label: url.path)
                hasher.combine(path)
                hasher.combine(text)
                styles += text.hasSuffix("\n") || text.isEmpty ? text : text + "\n"
            }
            return Files(
                texts: texts, labels: templates.mapValues(\.label), assets: assets.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
                translations: translations, styles: styles, fingerprint: hasher.finalize()
            )
        }

        /// The theme's `i18n/*.yml`, then the site's.
        private static func readTranslations(
            defaults: URL, site: URL?, siteLabel: String, bounds: SiteBounds?, hasher: inout StableHasher
        ) throws(VitrineError) -> [(code: String, file: String, text: String)] {
            var result: [(code: String, file: String, text: String)] = []
            for (directory, label, bounds) in [(defaults, "theme/i18n", nil), (site, siteLabel, bounds)] {
                guard let directory, FileManager.default.fileExists(atPath: directory.path) else { continue }
                for name in try files(in: directory, label: label, bounds: bounds) where name.hasSuffix(".yml") && !name.contains("/") {
                    let file = "\(label)/\(name)"
                    let text = try readText(directory.appendingPathComponent(name), label: file)
                    hasher.combine(file)
                    hasher.combine(text)
                    result.append((String(name.dropLast(".yml".count)).lowercased(), file, text))
                }
            }
            return result
        }

        /// A template's or translation's text (`UserText`: a BOM and CRLF line ends accepted).
        private static func readText(_ url: URL, label: String) throws(VitrineError) -> String {
            guard let text = try UserText.read(atPath: url.path, label: label) else {
                throw VitrineError(file: label, "cannot read: it was removed while the theme was read")
            }
            return text
        }
    }

    /// The strings for `language` (`ko`, `ko-KR`, `ja`): the full code's translation, else
    /// its first part's, else English.
    func strings(for language: String) -> ThemeStrings {
        let (code, base) = Self.codes(of: language)
        return translations[code] ?? translations[base] ?? .english
    }

    /// The translation codes `strings(for:)` looks up for `language`: `ko-kr`, then `ko`.
    static func codes(of language: String) -> (code: String, base: String) {
        let code = language.lowercased()
        return (code, code.split(separator: "-").first.map(String.init) ?? code)
    }

    /// `Site/templates` → `Site/i18n`, for messages.
    static func siteI18nLabel(_ templatesLabel: String) -> String {
        templatesLabel.hasSuffix("templates") ? String(templatesLabel.dropLast("templates".count)) + "i18n" : "i18n"
    }

    /// Renders a model with a named template into a new byte buffer.
    func render(_ name: String, _ model: some Encodable) throws(VitrineError) -> [UInt8] {
        var bytes: [UInt8] = []
        try render(name, model, into: &bytes)
        return bytes
    }

    /// Renders a model with a named template into `buffer`, replacing what it held but
    /// keeping its capacity: a buffer used for page after page grows once, not per page.
    func render(_ name: String, _ model: some Encodable, into buffer: inout [UInt8]) throws(VitrineError) {
        buffer.removeAll(keepingCapacity: true)
        let value: TemplateValue
        do {
            value = try TemplateValueEncoder().encode(model)
        } catch {
            throw VitrineError(file: labels[name] ?? name, "cannot encode the page model: \(error)", kind: .invalidInput)
        }
        do {
            try library.render(name, value, into: &buffer)
        } catch {
            throw error.vitrineError(labels: labels)
        }
    }

    /// The regular files below `directory` (a link to it is followed), relative to it and
    /// sorted; names starting with a dot are left out with what they hold. Plain POSIX calls
    /// (`FileTree`), not Foundation's enumerator.
    /// `label` names the folder as the user knows it (`theme`, `site/templates`).
    /// Symbolic links inside the default theme are neither listed nor followed; in a site's
    /// folder (`bounds`), the folder and a link to a file are followed while they stay inside
    /// the site, and any other link is refused with one line naming it.
    private static func files(in directory: URL, label: String, bounds: SiteBounds?) throws(VitrineError) -> [String] {
        try bounds?.check(directory.path, label: label)
        let fd = open(directory.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { throw VitrineError(file: label, "cannot list: \(String(cString: strerror(errno)))") }
        let listing: FileTree.Listing
        do {
            listing = try FileTree.list(folder: fd).listing
        } catch {
            // `FileTree` names the folder inside the tree it lists: say which tree.
            throw VitrineError(file: label, "cannot list: \(error.message)", kind: error.kind)
        }
        func hidden(_ path: String) -> Bool { path.split(separator: "/").contains { $0.hasPrefix(".") } }
        var files = listing.files.filter { !hidden($0) }
        if let bounds {
            for link in listing.symlinks where !hidden(link) {
                try bounds.checkLink(directory.path + "/" + link, label: "\(label)/\(link)", rule: "only links to files are followed")
                files.append(link)
            }
        }
        return files.sorted()
    }

}

extension TemplateError {
    /// One line naming the template file: `site/templates/cell.mustache:5:1: template error: …`,
    /// or the templates of an inclusion cycle.
    func vitrineError(labels: [String: String]) -> VitrineError {
        switch self {
        case .syntax(let template, let line, let column, let message):
            VitrineError(file: labels[template] ?? template, line: line, column: column, "template error: \(message)")
        case .cycle(let names):
            VitrineError("template error: templates include each other without end: \(names.map { labels[$0] ?? $0 }.joined(separator: " → "))", kind: .invalidInput)
        case .unknownTemplate(let name):
            VitrineError("template error: no template named '\(name)'", kind: .invalidInput)
        case .tooDeep(let names):
            VitrineError("template error: \(TemplateError.tooDeep(names.map { labels[$0] ?? $0 }))", kind: .invalidInput)
        }
    }
}

extension Theme {
    /// Whether `text` holds `word`, byte for byte (`ByteSearch.contains`).
    static func holds(_ text: String, _ word: String) -> Bool {
        ByteSearch.contains(text, word)
    }

    /// Parses and compiles what `Files.read` read: every template, once, and the
    /// translations (a site file for a language the theme lacks starts from English) — for
    /// a build, only those `strings(for: language)` can pick. `vitrine check` reads them all.
    init(compiling files: Files, language: String? = nil) throws(VitrineError) {
        var translations: [String: ThemeStrings] = [:]
        let wanted = language.map(Self.codes(of:))
        for (code, file, text) in files.translations where wanted.map({ code == $0.code || code == $0.base }) ?? true {
            translations[code] = try (translations[code] ?? .english).merged(withYAML: text, file: file)
        }
        let texts = files.texts
        let library: TemplateLibrary
        do {
            // Indentation is for people reading templates, not for pages; text where spaces
            // are content (<pre>, <textarea>) keeps it.
            // Searched in the bytes (`holds`): Foundation's `contains` compares as a locale
            // would.
            let indented = texts.filter { Self.holds($0.value, "<pre") || Self.holds($0.value, "<textarea") }
            library = try TemplateLibrary(texts, dropIndentation: Set(texts.keys).subtracting(indented.keys))
        } catch {
            throw error.vitrineError(labels: files.labels)
        }
        self.init(
            library: library, labels: files.labels, assets: files.assets, fingerprint: files.fingerprint, translations: translations,
            styles: files.styles)
    }
}
