import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OutputPublisher {
    /// Brings into the staged tree what changed in the output after it was listed for the
    /// carry-over — a note a person saved there while the build ran, a file they removed —
    /// just before the exchange, so that nothing a person wrote disappears at the swap.
    ///
    /// The output is listed again with the record of that listing (`FileTree.Record`): only
    /// the folders changed since are read, and when nothing changed, the two listings are
    /// equal and nothing else is done. A file vitrine did not write that appeared (or was
    /// replaced) is hard-linked into the new tree, a link copied, a folder made; one that was
    /// removed is removed from it. What cannot be kept — a file where the new site puts one
    /// of its own, a pipe or device — is returned as a warning naming it.
    func catchUp(into staging: Staging, listed first: Listings.Listed?, manifest: BuildManifest) throws(VitrineError) -> [String] {
        guard let first, Self.isFolder(output.path) else { return [] }
        let (now, _, _) = try FileTree.list(folder: FileTree.openFolder(output.path), record: first.record)
        let before = first.listing
        if now.files == before.files, now.inodes == before.inodes, now.symlinks == before.symlinks, now.folders == before.folders,
            now.others == before.others
        {
            return []
        }
        let (planned, plannedFolders) = Self.pathsAndFolders(manifest.entries.map(\.path), jobs: jobs)
        /// A path the new site puts something of its own at, or below one of its files.
        func isTaken(_ path: String) -> Bool { planned.contains(path) || Self.isBelow(path, oneOf: planned) }
        var warnings: [String] = []
        func notKept(_ path: String, _ why: String) {
            warnings.append("\(label)/\(path) changed during the build and \(why)")
        }
        var writer = FileWriter(root: staging.url)
        let oldFolders = Set(before.folders)
        var status = stat()
        for folder in now.folders where !oldFolders.contains(folder) && !plannedFolders.contains(folder) {
            guard !isTaken(folder), lstat(output.path + "/" + folder, &status) == 0 else {
                notKept(folder + "/", "is where the new site puts a file; it was not kept")
                continue
            }
            do throws(VitrineError) { try writer.makeFolder(folder, mode: status.st_mode & 0o7777) } catch { notKept(folder + "/", "could not be kept: \(error.message)") }
        }
        var oldFiles: [String: UInt64] = [:]
        for (file, inode) in zip(before.files, before.inodes) { oldFiles[file] = inode }
        for (file, inode) in zip(now.files, now.inodes) where oldFiles[file] != inode {
            guard !isTaken(file), !plannedFolders.contains(file) else {
                notKept(file, "is where the new site puts its own; the new site has vitrine's")
                continue
            }
            do throws(VitrineError) { try writer.link(output.path + "/" + file, to: file) } catch { notKept(file, "could not be kept: \(error.message)") }
        }
        let oldLinks = Set(before.symlinks)
        for link in now.symlinks where !oldLinks.contains(link) {
            guard !isTaken(link), !plannedFolders.contains(link) else {
                notKept(link, "is where the new site puts its own; the new site has vitrine's")
                continue
            }
            do throws(VitrineError) { try writer.copySymlink(output.path + "/" + link, to: link) } catch { notKept(link, "could not be kept: \(error.message)") }
        }
        for other in Set(now.others).subtracting(before.others) { notKept(other, "is not a file, folder or link; it was not kept") }
        // Removed by hand meanwhile: removed from the new tree too, unless the new site has it.
        let nowFiles = Set(now.files).union(now.symlinks)
        for path in before.files + before.symlinks where !nowFiles.contains(path) && !isTaken(path) && !plannedFolders.contains(path) {
            if unlink(staging.url.path + "/" + path) != 0, errno != ENOENT, errno != ENOTDIR { notKept(path, "was removed, but not from the new site") }
        }
        let nowFolders = Set(now.folders)
        for folder in before.folders.reversed() where !nowFolders.contains(folder) && !plannedFolders.contains(folder) && !isTaken(folder) {
            rmdir(staging.url.path + "/" + folder)
        }
        return warnings
    }
}
