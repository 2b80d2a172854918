import Foundation

/// `SITE/static/`: files copied verbatim to the output's root (`CNAME`, `robots.txt`,
/// `favicon.ico`, `.nojekyll`, `_headers`), as in Hugo and Zola. They are vitrine's files in
/// the output (listed in its manifest), so removing one from `static/` removes it from the
/// site. A static file may not take the place of anything vitrine generates.
enum StaticFolder {
    static let name = "static"

    /// The folder's files (relative path → file on disk), sorted; empty when there is no folder.
    /// A link to a file inside the site is copied as that file; a link to a folder, or out
    /// of the site (`SiteBounds`), is an error.
    static func files(site: URL, label: (String) -> String) throws(VitrineError) -> [(path: String, file: URL)] {
        let folder = site.appendingPathComponent(name)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) else { return [] }
        guard isFolder.boolValue else { throw VitrineError(file: label(name), "is not a folder") }
        let bounds = SiteBounds(site: site)
        try bounds.check(folder.path, label: label(name))
        // A link to a folder inside the site is listed where it leads.
        let listing = try FileTree.list(SiteBounds.realPath(folder.path) ?? folder.path)
        var files = listing.files
        for link in listing.symlinks {
            try bounds.checkLink(folder.path + "/" + link, label: label("\(name)/\(link)"), rule: "static/ copies files only")
            files.append(link)
        }
        if let other = listing.others.first {
            throw VitrineError(file: label("\(name)/\(other)"), "is not a regular file")
        }
        return files.sorted().map { ($0, folder.appendingPathComponent($0)) }
    }

    /// A static file at a path vitrine generates (or keeps for itself) is an error naming both.
    static func checkClashes(_ files: [(path: String, file: URL)], generated: Set<String>, label: (String) -> String) throws(VitrineError) {
        let reserved: Set<String> = [OutputPublisher.marker, BuildManifest.fileName]
        for (path, _) in files {
            if generated.contains(path) || reserved.contains(path) {
                throw VitrineError(file: label("\(name)/\(path)"), "would replace the generated \(path); rename or remove it")
            }
            // A file where vitrine needs a folder (static/items beside items/…/index.html).
            if generated.contains(where: { $0.hasPrefix(path + "/") }) {
                throw VitrineError(file: label("\(name)/\(path)"), "is in the way of the generated folder \(path)/; rename or remove it")
            }
        }
    }
}
