import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `vitrine theme export SITE [NAME…]`: copies the default theme's templates and assets (or
/// the named ones) into `SITE/templates/`, where a build takes them in place of the theme's,
/// so a user of the installed binary can start from them. A file already there is never
/// replaced: it is refused, by name, and the others are still written.
public struct ThemeExport: Sendable {
    /// The site folder (holding site.yml).
    public let site: URL
    /// How the site is named in messages (`site`, `./my-site`).
    public let siteLabel: String
    /// The theme to copy from; a seam for tests.
    var theme: URL = Theme.defaultDirectory

    /// An export into `site`, named `siteLabel` in messages.
    public init(site: URL, siteLabel: String) {
        self.site = site
        self.siteLabel = siteLabel
    }

    /// What an export did, as labels (`site/templates/cell.mustache`).
    public struct Result: Sendable, Equatable {
        /// Files written, in name order.
        public var written: [String] = []
        /// Files that were there already, each left as it was.
        public var refused: [String] = []
    }

    /// The theme's files under the names they take in `templates/`: `layout.mustache`, …,
    /// `assets/vitrine.css` (its translations are not templates: `SITE/i18n/` overrides them).
    func files() throws(VitrineError) -> [String] {
        let manager = FileManager.default
        let templates = ((try? manager.contentsOfDirectory(atPath: theme.path)) ?? []).filter { $0.hasSuffix(".mustache") }
        let assets = ((try? manager.contentsOfDirectory(atPath: theme.appendingPathComponent("assets").path)) ?? []).map { "assets/\($0)" }
        guard !templates.isEmpty else { throw VitrineError("theme export: the default theme is unavailable (\(theme.path))", kind: .missingInput) }
        return (templates + assets).sorted()
    }

    /// The theme's files `names` stands for (all of them when empty): `cell`, `cell.mustache`,
    /// `assets/vitrine.css` and `vitrine.css` all name a file.
    func select(_ names: [String]) throws(VitrineError) -> [String] {
        let all = try files()
        guard !names.isEmpty else { return all }
        var chosen: [String] = []
        for name in names {
            let wanted = [name, name + ".mustache", "assets/" + name]
            guard let file = wanted.first(where: all.contains) else {
                throw VitrineError("theme export: the theme has no file '\(name)'; its files: \(all.joined(separator: ", "))", kind: .usage)
            }
            if !chosen.contains(file) { chosen.append(file) }
        }
        return chosen
    }

    /// Copies the files `names` stands for into `SITE/templates/`.
    public func run(_ names: [String]) throws(VitrineError) -> Result {
        let config = site.appendingPathComponent("site.yml")
        guard FileManager.default.fileExists(atPath: config.path) else {
            throw VitrineError(file: "\(siteLabel)/site.yml", "not found: theme export writes into a site folder", kind: .missingInput)
        }
        let files = try select(names)
        let folder = site.appendingPathComponent("templates", isDirectory: true)
        var result = Result()
        for file in files {
            let label = "\(siteLabel)/templates/\(file)"
            let target = folder.appendingPathComponent(file)
            let data: Data
            do {
                data = try Data(contentsOf: theme.appendingPathComponent(file))
                try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            } catch {
                throw VitrineError(file: label, "cannot write: \(error.localizedDescription)", kind: .output)
            }
            // O_EXCL: never replaces a file (or follows a link) that is there, even one made
            // since this command started.
            let fd = open(target.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard fd >= 0 else {
                if errno == EEXIST {
                    result.refused.append(label)
                    continue
                }
                throw VitrineError(file: label, "cannot write: \(String(cString: strerror(errno)))", kind: .output)
            }
            let handle = FileHandle(fileDescriptor: fd, closeOnDealloc: true)
            do {
                try handle.write(contentsOf: data)
                try handle.synchronize()
            } catch {
                unlink(target.path)  // ours, made above: no half-written template is left
                throw VitrineError(file: label, "cannot write: \(error.localizedDescription)", kind: .output)
            }
            result.written.append(label)
        }
        return result
    }
}
