import Foundation

/// What a build did, for the summary line and reports.
public struct BuildSummary: Sendable, Equatable {
    /// HTML pages in the site (404.html and HTML files from `static/` included).
    public var pages: Int
    /// Every file of the site, pages included (not vitrine's hidden `.vitrine-*` records nor
    /// files it keeps without having written them).
    var siteFiles = 0
    /// Files this build wrote.
    public var files: Int
    var bytes: Int
    var items: Int
    /// Galleries in site.yml.
    public var galleries: Int
    /// Wall-clock time of the build.
    public var seconds: Double
    /// The output folder as the user would name it.
    public var output: String
    /// Things a user should know that did not fail the build (invalid App Store ids, …).
    public var warnings: [String]
    /// What is worth one line but is no fault (no baseURL yet): said unless `--quiet`.
    public var notes: [String] = []
    /// Failed searches that kept their snapshot, one line each.
    var fetchFailures: [String] = []
    /// HTTP requests sent (cache hits not counted).
    public var requests = 0
    var cacheHits = 0
    /// Input files the build itself wrote (fresh snapshots, favorites' items looked up by id),
    /// so a watcher can tell them from a person's edits.
    var inputsWritten: [URL] = []
    /// Files left untouched because what they are made from did not change.
    var unchanged: Int = 0
    /// Files in the output vitrine did not write (`.git/`, `CNAME`), kept.
    var keptFiles = 0
    /// Their top-level names, for the summary (`.git/`, `CNAME`).
    var keptNames: [String] = []
    /// Galleries whose refresh in this build added or removed items (`--detailed-exitcode`).
    public var changedGalleries: [String] = []
    /// Favorites the build looked up by id and stored in favorites.json.
    var favoritesStored = 0
    /// favorites.json as the user would name it.
    var favoritesFile = ""

    /// A new site replaced the output (false when nothing changed).
    var published = false
    /// Pages were rendered into memory only (`--render-to-memory`).
    var renderedToMemory = false
    /// Every input had the bytes the output was made from: nothing was read further.
    var inputsUnchanged = false

    /// `wrote 112 pages and 14 other files (1.1 MB) to Site/public in 0.4 s` (a whole
    /// site), `wrote 3 of 126 files (0.1 MB) to Site/public in 0.1 s: 112 pages and 14 other
    /// files` (an update), or `nothing changed in Site/public (…)`.
    public var line: String {
        if renderedToMemory {
            let rate = Format.grouped(Int(Double(files) / max(seconds, 0.001)))
            return
                "rendered \(Format.count(files, "file", "files")) (\(Format.size(bytes))) into memory in \(String(format: "%.2f", seconds)) s (\(rate) files/s); nothing was written"
        }
        let contents = "\(Format.count(pages, "page", "pages")) and \(Format.count(siteFiles - pages, "other file", "other files"))"
        let time = "in \(String(format: "%.1f", seconds)) s"
        var line: String
        if files == 0, published {
            line = "removed files from \(output) \(time): \(contents) left"
        } else if files == 0 {
            line = "nothing changed in \(output) (\(contents)) \(time)"
        } else if unchanged == 0 {
            line = "wrote \(contents) (\(Format.size(bytes))) to \(output) \(time)"
        } else {
            let written = min(files, siteFiles)
            line = "wrote \(Format.grouped(written)) of \(Format.count(siteFiles, "file", "files")) (\(Format.size(bytes))) to \(output) \(time): \(contents)"
        }
        if keptFiles > 0 {
            let names = keptNames.prefix(4).joined(separator: ", ") + (keptNames.count > 4 ? ", …" : "")
            line += "; kept \(Format.count(keptFiles, "file", "files")) vitrine did not write (\(names))"
        }
        if !changedGalleries.isEmpty {
            line += "; new or gone items in \(changedGalleries.joined(separator: ", ")) (vitrine diff)"
        }
        if favoritesStored > 0 {
            line += "; stored \(Format.count(favoritesStored, "favorite's item", "favorites' items")) in \(favoritesFile)"
        }
        return line
    }
}
