import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The rule for symbolic links among the files a site publishes — `content/`, `static/`,
/// `templates/` and `i18n/`: a link is followed while it stays inside the site folder, and
/// refused with one line naming it when it leads out of it (`/proc/self/environ`, a key
/// file, another project) or into `/proc`, `/sys` or `/dev`. Whatever the site folder holds,
/// nothing outside it reaches the output through these folders.
struct SiteBounds: Sendable {
    /// The folder of Markdown files, published as pages.
    static let content = "content"

    /// The site folder's real path (every link resolved).
    let root: String

    init(site: URL) {
        root = Self.realPath(site.path) ?? site.standardizedFileURL.path
    }

    /// Refuses the entry at `path` (`label` as the user names it) when, links resolved, it is
    /// outside the site folder. Nothing there passes: the read that follows says so.
    func check(_ path: String, label: String) throws(VitrineError) {
        guard let real = Self.realPath(path) else { return }
        guard holds(real) else {
            throw VitrineError(file: label, "is a symbolic link out of the site folder (to \(real)); only files inside the site are published")
        }
    }

    /// Refuses the symbolic link at `path` unless it leads to a regular file inside the site
    /// folder; `rule` ends the message (`static/ copies files only`).
    func checkLink(_ path: String, label: String, rule: String) throws(VitrineError) {
        var status = stat()
        guard stat(path, &status) == 0 else { throw VitrineError(file: label, "is a symbolic link to nothing") }
        switch status.st_mode & S_IFMT {
        case S_IFREG: try check(path, label: label)
        case S_IFDIR: throw VitrineError(file: label, "is a symbolic link to a folder; \(rule)")
        // A pipe would block the read, a device like /dev/zero never end it.
        default: throw VitrineError(file: label, "is a symbolic link to a pipe, socket or device; \(rule)")
        }
    }

    /// Whether `real` (a resolved path) is the site folder or inside it, and not in a
    /// system folder unless the site itself is.
    func holds(_ real: String) -> Bool {
        let inside = real == root || real.hasPrefix(root == "/" ? "/" : root + "/")
        return inside && (Self.isSystem(root) || !Self.isSystem(real))
    }

    /// `/proc`, `/sys`, `/dev` and what they hold: the system's, never a site's.
    static func isSystem(_ real: String) -> Bool {
        ["/proc", "/sys", "/dev"].contains { real == $0 || real.hasPrefix($0 + "/") }
    }

    /// `path` with every link resolved; nil when nothing is there (or a link leads nowhere).
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
