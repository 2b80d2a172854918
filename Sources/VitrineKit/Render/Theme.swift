import Foundation
import Mustache

/// The templates and static assets a site renders with: vitrine's default theme, with any
/// file of the same name in `SITE/templates/` taking its place.
public struct Theme: Sendable {
    public let library: MustacheLibrary
    /// Template names, for checks.
    public let templateNames: [String]
    /// Asset files to copy, relative path → absolute source file, defaults overridden by the site's.
    public let assets: [(path: String, source: URL)]
    /// Digest of every template's name and text, for build manifests.
    let fingerprint: StableHasher.Digest

    /// Names every theme must provide.
    static let required = ["layout", "home", "gallery", "cell", "pagination", "item", "page", "404", "sitemap.xml", "feed.xml"]

    /// The default theme, compiled into the binary and unpacked as a folder (`BundledFiles`).
    public static var defaultDirectory: URL {
        BundledFiles.themeDirectory
    }

    /// Loads the default theme, then the site's overrides. Every template is parsed here,
    /// once; a parse error names the file, line and column.
    public static func load(defaults: URL = defaultDirectory, overrides: URL?, overridesLabel: String) throws(VitrineError) -> Theme {
        var sources: [String: (url: URL, label: String)] = [:]
        var assets: [String: URL] = [:]
        for (directory, label) in [(defaults, "theme"), (overrides, overridesLabel)] {
            guard let directory, FileManager.default.fileExists(atPath: directory.path) else { continue }
            for relative in try files(in: directory) {
                let url = directory.appendingPathComponent(relative)
                if relative.hasSuffix(".mustache"), !relative.contains("/") {
                    sources[String(relative.dropLast(".mustache".count))] = (url, "\(label)/\(relative)")
                } else if relative.hasPrefix("assets/") {
                    assets[relative] = url
                }
            }
        }
        var library = MustacheLibrary()
        var hasher = StableHasher()
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            let text: String
            do {
                text = try String(contentsOf: source.url, encoding: .utf8)
            } catch {
                throw VitrineError(file: source.label, "cannot read template: \(error.localizedDescription)")
            }
            hasher.combine(name)
            hasher.combine(text)
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw VitrineError(
                    file: source.label, line: error.context.lineNumber, column: error.context.columnNumber,
                    "template error: \(describe(error.error))"
                )
            } catch {
                throw VitrineError(file: source.label, "template error: \(error)")
            }
        }
        if let missing = required.first(where: { sources[$0] == nil }) {
            throw VitrineError("theme: missing template '\(missing).mustache'")
        }
        return Theme(
            library: library,
            templateNames: sources.keys.sorted(),
            assets: assets.sorted { $0.key < $1.key }.map { ($0.key, $0.value) },
            fingerprint: hasher.finalize()
        )
    }

    /// Renders a model with a named template.
    func render(_ name: String, _ model: Any) -> String {
        library.render(model, withTemplate: name) ?? ""
    }

    private static func files(in directory: URL) throws(VitrineError) -> [String] {
        guard let enumerator = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw VitrineError(file: directory.path, "cannot list templates")
        }
        var result: [String] = []
        let base = directory.standardizedFileURL.path
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
            let path = url.standardizedFileURL.path
            let relative = String(path.dropFirst(base.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
            result.append(relative)
        }
        return result.sorted()
    }

    private static func describe(_ error: any Error) -> String {
        switch error as? MustacheTemplate.Error {
        case .sectionCloseNameIncorrect: "section closed with the wrong name"
        case .unfinishedName: "unfinished tag"
        case .expectedSectionEnd: "section is never closed"
        case .invalidSetDelimiter: "invalid set-delimiter tag"
        case .transformAppliedToInheritanceSection: "transform applied to an inheritance section"
        case .illegalTokenInsideInheritSection: "illegal tag inside an inherited section"
        case .textInsideInheritSection: "text inside an inherited section"
        case .invalidConfigVariableSyntax: "invalid pragma syntax"
        case .unrecognisedConfigVariable: "unknown pragma"
        case nil: "\(error)"
        }
    }
}
