import Foundation

/// What a build did, for the summary line and reports.
public struct BuildSummary: Sendable, Equatable {
    /// HTML pages in the site.
    public var pages: Int
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
    /// Failed searches that kept their snapshot, one line each.
    var fetchFailures: [String] = []
    /// HTTP requests sent (cache hits not counted).
    public var requests = 0
    var cacheHits = 0
    /// Input files the build itself wrote (fresh snapshots, favorites snapshotted by id),
    /// so a watcher can tell them from a person's edits.
    var inputsWritten: [URL] = []
    /// Files left untouched because what they are made from did not change.
    var unchanged: Int = 0
    /// Files in the output vitrine did not write (`.git/`, `CNAME`), kept.
    var keptFiles = 0
    /// Their top-level names, for the summary (`.git/`, `CNAME`).
    var keptNames: [String] = []
    /// Favorites the build looked up by id and stored in favorites.json.
    var favoritesSnapshotted = 0
    /// favorites.json as the user would name it.
    var favoritesFile = ""

    /// Pages were rendered into memory only (`--render-to-memory`).
    var renderedToMemory = false
    /// Every input had the bytes the output was made from: nothing was read further.
    var inputsUnchanged = false

    /// `wrote 1,234 pages (1,240 files, 2.3 MB) to Site/public in 0.8 s`
    public var line: String {
        let megabytes = Double(bytes) / 1_048_576
        if renderedToMemory {
            let rate = Format.grouped(Int(Double(files) / max(seconds, 0.001)))
            return
                "rendered \(Format.count(files, "file", "files")) (\(String(format: "%.1f", megabytes)) MB) into memory in \(String(format: "%.2f", seconds)) s (\(rate) files/s); nothing was written"
        }
        let kept = unchanged > 0 ? ", \(Format.grouped(unchanged)) unchanged" : ""
        var line =
            "wrote \(Format.count(pages, "page", "pages")) (\(Format.count(files, "file", "files")), \(String(format: "%.1f", megabytes)) MB\(kept)) to \(output) in \(String(format: "%.1f", seconds)) s"
        if keptFiles > 0 {
            let names = keptNames.prefix(4).joined(separator: ", ") + (keptNames.count > 4 ? ", …" : "")
            line += "; kept \(Format.count(keptFiles, "file", "files")) vitrine did not write (\(names))"
        }
        if favoritesSnapshotted > 0 {
            line += "; snapshotted \(Format.count(favoritesSnapshotted, "favorite", "favorites")) into \(favoritesFile)"
        }
        return line
    }
}
