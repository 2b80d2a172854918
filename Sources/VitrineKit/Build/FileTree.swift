import Foundation

/// The output's and the site's folder trees, listed and removed by `FolderTree` (never
/// through a symbolic link), with its system-call errors labelled as the one line a user
/// reads: `list items/x: Permission denied`, `remove /site/public/old: …`.
enum FileTree {
    typealias Listing = FolderTree.Listing
    typealias Folder = FolderTree.Folder
    typealias Record = FolderTree.Record
    typealias Records = FolderTree.Records
    typealias Cursor = FolderTree.Cursor

    /// Lists everything below `root`, without descending into symbolic links.
    static func list(_ root: String) throws(VitrineError) -> Listing {
        try list(folder: openFolder(root)).listing
    }

    /// Opens a folder to list later (`list(folder:)`), never through a link.
    static func openFolder(_ path: String) throws(VitrineError) -> Int32 {
        do {
            return try FolderTree.openFolder(path)
        } catch {
            throw VitrineError("list the output: \(error.reason)", kind: .output)
        }
    }

    /// Lists the folder open at `fd`, and closes it (`FolderTree.list(folder:record:settle:
    /// stopped:)`). Once `stopped` returns true the walk stops with `VitrineError.interrupted`.
    static func list(
        folder fd: Int32, record: Record = Record(), settle: Duration = Folder.settle, stopped: @escaping () -> Bool = { false }
    ) throws(VitrineError) -> (listing: Listing, record: Record, read: Int) {
        do {
            return try FolderTree.list(folder: fd, record: record, settle: settle, stopped: stopped)
        } catch {
            if error.isCancellation { throw VitrineError.interrupted }
            let path = error.path.flatMap { $0.isEmpty ? nil : $0 } ?? "the output"
            throw VitrineError("list \(path): \(error.reason)", kind: .output)
        }
    }

    /// Removes `path` and everything below it; symbolic links are removed, never followed.
    /// Big trees are removed by `jobs` threads, one second-level folder at a time.
    static func remove(_ path: String, jobs: Int = 1) throws(VitrineError) {
        do {
            try FolderTree.remove(path, jobs: jobs)
        } catch {
            throw VitrineError("remove \(error.path ?? path): \(error.reason)", kind: .output)
        }
    }
}
