import Foundation

/// `--report FILE`: what a build did, as JSON for CI.
struct BuildReport: Encodable {
    struct Gallery: Encodable {
        var name: String
        var source: String
        var items: Int
        var totalResults: Int
        /// `snapshot`, `fetched`, `kept-snapshot`.
        var origin: String
        var invalidIDs: [String]
    }

    var galleries: [Gallery]
    var favorites: Int
    var items: Int
    var pages: Int
    var files: Int
    var bytes: Int
    var requests: Int
    var cacheHits: Int
    var failures: [String]
    var warnings: [String]
    var seconds: Double

    init(summary: BuildSummary, site: LoadedSite, origins: [String: FetchStage.Origin]) {
        galleries = site.galleries.map {
            Gallery(
                name: $0.config.name, source: $0.config.source.rawValue, items: $0.items.count,
                totalResults: $0.snapshot.totalResults, origin: (origins[$0.config.name] ?? .snapshot).rawValue,
                invalidIDs: $0.snapshot.invalidIDs
            )
        }
        favorites = site.favorites.count
        items = summary.items
        pages = summary.pages
        files = summary.files
        bytes = summary.bytes
        requests = summary.requests
        cacheHits = summary.cacheHits
        failures = summary.fetchFailures
        warnings = summary.warnings
        seconds = (summary.seconds * 1000).rounded() / 1000
    }

    /// Before any work: the report's folder exists and is writable, and the path is not a folder.
    static func checkDestination(_ url: URL) throws(VitrineError) {
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) {
            if isFolder.boolValue { throw VitrineError(file: url.path, "--report names a folder; give a file name", kind: .usage) }
            if access(url.path, W_OK) != 0 { throw VitrineError(file: url.path, "--report: cannot write (\(String(cString: strerror(errno))))", kind: .output) }
            return
        }
        let folder = url.deletingLastPathComponent().path
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw VitrineError(file: url.path, "--report: the folder \(folder) does not exist", kind: .usage)
        }
        if access(folder, W_OK) != 0 { throw VitrineError(file: url.path, "--report: cannot write in \(folder) (\(String(cString: strerror(errno))))", kind: .output) }
    }

    func write(to url: URL) throws(VitrineError) {
        do {
            try VitrineJSON.encode(self).write(to: url, options: .atomic)
        } catch {
            throw VitrineError(file: url.path, "cannot write the build report: \(error.localizedDescription)", kind: .output)
        }
    }
}
