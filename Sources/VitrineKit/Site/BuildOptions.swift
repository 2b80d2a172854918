import Foundation

/// What `vitrine build` was asked to do. Filled in by the executable; the library never
/// reads the command line or the environment itself.
public struct BuildOptions: Sendable {
    /// The site folder.
    public var site: URL
    /// How the user named the site folder, for messages (`Site`, `./my-site`).
    public var siteLabel: String
    /// Where the site goes; `SITE/public` by default.
    public var output: URL?
    /// How the user named the output folder, for messages.
    public var outputLabel: String?
    /// Overrides `baseURL` from site.yml.
    public var baseURL: String?
    /// Parallel render tasks; at least 1.
    public var jobs: Int
    /// Network behaviour: snapshots, refresh, offline; endpoints, keys, cache.
    public var fetch: FetchOptions
    /// Where to write a JSON build report (`--report`), if anywhere.
    public var report: URL?
    /// Check every internal link, asset and anchor of the staged site before publishing it
    /// (`--strict`); a problem fails the build and the previous site stays.
    public var checkLinks = false
    /// The default theme's folder; the one in the resource bundle when nil (`vitrine serve`
    /// run from a checkout uses the source tree's, so theme edits show up live).
    public var themeDirectory: URL?
    /// How long to wait for another build of the same output (`--lock-timeout`); nil waits
    /// as long as it takes.
    public var lockTimeout: Duration?
    /// Render every page into memory and write nothing (`--render-to-memory`, as Hugo's
    /// `--renderToMemory`): the time of reading and rendering alone.
    public var renderToMemory = false
    /// Test seam: where the site reader reads inputs from; the site folder on disk when nil.
    var siteFolder: (any SiteFolder)?

    public init(
        site: URL, siteLabel: String? = nil, output: URL? = nil, outputLabel: String? = nil, baseURL: String? = nil,
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, fetch: FetchOptions = FetchOptions(mode: .offline), report: URL? = nil
    ) {
        self.fetch = fetch
        self.report = report
        self.site = site
        self.siteLabel = siteLabel ?? site.path
        self.output = output
        self.outputLabel = outputLabel ?? output?.path
        self.baseURL = baseURL
        self.jobs = max(1, jobs)
    }

    /// The output as the user would name it (`Site/public`, `--output`'s text).
    public var outputName: String {
        outputLabel ?? label("public")
    }

    var outputDirectory: URL {
        output ?? site.appendingPathComponent("public")
    }

    /// `Site/site.yml` as the user would type it.
    func label(_ relative: String) -> String {
        siteLabel.isEmpty || siteLabel == "." ? relative : (siteLabel.hasSuffix("/") ? siteLabel + relative : siteLabel + "/" + relative)
    }
}

/// What a build did, for the summary line and reports.
public struct BuildSummary: Sendable, Equatable {
    public var pages: Int
    public var files: Int
    public var bytes: Int
    public var items: Int
    public var galleries: Int
    public var seconds: Double
    public var output: String
    /// Things a user should know that did not fail the build (invalid App Store ids, …).
    public var warnings: [String]
    /// Failed searches that kept their snapshot, one line each.
    public var fetchFailures: [String] = []
    public var requests = 0
    public var cacheHits = 0
    /// Input files the build itself wrote (fresh snapshots, favorites snapshotted by id),
    /// so a watcher can tell them from a person's edits.
    public var inputsWritten: [URL] = []
    /// Files left untouched because what they are made from did not change.
    public var unchanged: Int = 0
    /// Files in the output vitrine did not write (`.git/`, `CNAME`), kept.
    public var keptFiles = 0
    /// Their top-level names, for the summary (`.git/`, `CNAME`).
    public var keptNames: [String] = []
    /// Favorites the build looked up by id and stored in favorites.json.
    public var favoritesSnapshotted = 0
    /// favorites.json as the user would name it.
    public var favoritesFile = ""

    /// Pages were rendered into memory only (`--render-to-memory`).
    public var renderedToMemory = false
    /// Every input had the bytes the output was made from: nothing was read further.
    public var inputsUnchanged = false

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
