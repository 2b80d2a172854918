import Foundation

/// `favorites.json` read, changed and written safely: every change runs under an exclusive
/// lock, re-reads the file, and replaces it atomically. A malformed file is reported with
/// file:line:column and never overwritten.
struct FavoritesStore: Sendable {
    let url: URL
    /// The path as the user would type it, for messages.
    let label: String
    /// Test seam: runs between writing the new file and renaming it into place.
    var beforeRename: AtomicFile.BeforeRename?

    /// Threads that check a long list's stored items (`BuildOptions.jobs`).
    let jobs: Int

    init(url: URL, label: String, jobs: Int) {
        self.url = url
        self.label = label
        self.jobs = jobs
    }

    /// The current file; no file means no favorites yet.
    func read() throws(VitrineError) -> FavoritesFile {
        guard let data = try FileBytes.input(atPath: url.path, label: label) else { return FavoritesFile(favorites: []) }
        return try FavoritesFile.parse(data, file: label, jobs: jobs)
    }

    /// Runs `change` on the file's current content under the lock; writes only if it returns
    /// a different file (through a symbolic link, keeping mode and owner; a read-only file
    /// is refused). Returns what `change` decided.
    @discardableResult
    func update<Result>(_ change: (inout FavoritesFile) throws(VitrineError) -> Result) throws(VitrineError) -> Result {
        let target = try AtomicFile.destination(of: url, label: label)
        let lock = try FileLock(target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).lock"), label: label)
        defer { withExtendedLifetime(lock) {} }
        AtomicFile.removeLeftovers(besides: target)
        let before = try read()
        var after = before
        let result = try change(&after)
        if after != before {
            try FileManager.default.createDirectoryIfMissing(url.deletingLastPathComponent(), label: label)
            try AtomicFile.write(try after.encoded(), to: url, label: label, beforeRename: beforeRename)
        }
        return result
    }
}

extension FileManager {
    func createDirectoryIfMissing(_ url: URL, label: String) throws(VitrineError) {
        do {
            try createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw VitrineError(file: label, "cannot create folder: \(error.localizedDescription)", kind: .output)
        }
    }
}
