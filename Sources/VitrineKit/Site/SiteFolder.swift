import Foundation

/// The site folder as the site reader sees it: the small file-system seam behind which
/// site.yml, favorites, content, snapshots and catalogs are read. Tests replace it with
/// files in memory or a wrapper that counts reads.
protocol SiteFolder: Sendable {
    /// Whether the site folder itself exists (and is a folder).
    var exists: Bool { get }
    /// The bytes of the file at `relative`; nil when there is no file. A folder in its place
    /// is an error that says so.
    func read(_ relative: String) throws(VitrineError) -> Data?
    /// The names in the folder at `relative`, sorted; nil when there is no such folder.
    func names(in relative: String) throws(VitrineError) -> [String]?
    /// When the file at `relative` was last changed, if known.
    func modified(_ relative: String) -> Date?
}

/// The site folder on disk.
struct DiskSiteFolder: SiteFolder {
    let root: URL
    /// `Site/site.yml` as the user would type it.
    let label: @Sendable (String) -> String

    var exists: Bool {
        var isFolder: ObjCBool = false
        return FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder) && isFolder.boolValue
    }

    func read(_ relative: String) throws(VitrineError) -> Data? {
        let path = root.appendingPathComponent(relative).path
        // What content/ holds is published: a link out of the site is refused (`SiteBounds`).
        if relative.hasPrefix(SiteBounds.content + "/") { try SiteBounds(site: root).check(path, label: label(relative)) }
        return try FileBytes.input(atPath: path, label: label(relative))
    }

    func names(in relative: String) throws(VitrineError) -> [String]? {
        let url = root.appendingPathComponent(relative)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        do {
            return try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
        } catch {
            throw VitrineError(file: label(relative), "cannot list: \(error.localizedDescription)")
        }
    }

    func modified(_ relative: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: root.appendingPathComponent(relative).path)[.modificationDate]) as? Date
    }

    /// Whether an input file is there; a folder in its place is an error that says so
    /// (Foundation's own is `NSCocoaErrorDomain error 256`).
    static func fileExists(at url: URL, label: String) throws(VitrineError) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return false }
        guard !isDirectory.boolValue else { throw VitrineError(file: label, "is a folder; a file was expected here") }
        return true
    }
}
