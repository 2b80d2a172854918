/// A page's place in the output tree, and relative links between pages.
///
/// Every page is a folder with an `index.html` (except `404.html` and the XML files), and
/// every link points at the file itself (`../cats/index.html`), so the site works from a
/// server under any sub-path and straight from the file system (an unzipped CI artifact).
struct SitePath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// Folder segments below the root; empty for the home page.
    let folders: [String]
    /// The file name: `index.html`, `404.html`, `sitemap.xml`, `feed.xml`.
    let file: String
    /// `cats/page/2/index.html`: made once, since a 100,000-item build asks for each
    /// page's several times (plan, keys, render, manifest).
    let description: String

    init(_ folders: [String], file: String = "index.html") {
        self.folders = folders
        self.file = file
        var description = ""
        description.reserveCapacity(folders.reduce(file.utf8.count) { $0 + $1.utf8.count + 1 })
        for folder in folders {
            description += folder
            description += "/"
        }
        description += file
        self.description = description
    }

    /// Two paths are one when they name the same file.
    static func == (lhs: SitePath, rhs: SitePath) -> Bool {
        lhs.description == rhs.description
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }

    static let home = SitePath([])
    static let notFound = SitePath([], file: "404.html")
    static let sitemap = SitePath([], file: "sitemap.xml")
    static let feed = SitePath([], file: "feed.xml")

    static func gallery(_ name: String, page: Int) -> SitePath {
        page <= 1 ? SitePath([name]) : SitePath([name, "page", String(page)])
    }

    static func favorites(page: Int) -> SitePath {
        gallery("favorites", page: page)
    }

    static func item(_ id: ItemID) -> SitePath {
        SitePath(["items", id.pathSegment])
    }

    /// A gallery's find-as-you-type index, loaded by a script tag (so it works from file://).
    static func filterIndex(_ gallery: String) -> SitePath {
        SitePath([gallery], file: "filter-index.js")
    }

    /// A gallery's changes page (`cats/changes/`).
    static func changes(_ gallery: String) -> SitePath {
        SitePath([gallery, "changes"])
    }

    /// A gallery's Atom feed of its changes (`cats/changes.xml`).
    static func changesFeed(_ gallery: String) -> SitePath {
        SitePath([gallery], file: "changes.xml")
    }

    /// A favorites gallery's Atom feed of its entries (`read/feed.xml`).
    static func galleryFeed(_ gallery: String) -> SitePath {
        SitePath([gallery], file: "feed.xml")
    }

    static func content(_ name: String) -> SitePath {
        SitePath([name])
    }

    /// The prefix that leads from this page back to the root: `""`, `"../"`, `"../../"`.
    var root: String {
        String(repeating: "../", count: folders.count)
    }

    /// A relative link from this page to another.
    func link(to target: SitePath) -> String {
        root + target.description
    }

    /// The public URL path of the page relative to the site root: `cats/page/2/`.
    var urlPath: String {
        let folder = folders.isEmpty ? "" : folders.joined(separator: "/") + "/"
        return file == "index.html" ? folder : folder + file
    }

    static func < (lhs: SitePath, rhs: SitePath) -> Bool {
        lhs.description < rhs.description
    }
}
