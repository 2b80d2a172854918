import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension OutputPublisher {
    /// What the staging folder took over from the current output.
    struct CarryOver: Equatable {
        /// Planned files neither written nor found in the output (deleted by hand): render them.
        var missing: [String] = []
        /// Files and links vitrine did not write, kept.
        var keptCount = 0
        /// Their top-level names (`CNAME`, `.git/`), for the summary.
        var keptNames: [String] = []
        /// Entries that cannot be kept (sockets, pipes, devices).
        var dropped: [String] = []
    }

    /// Completes the staged tree from the current output: unchanged files vitrine wrote are
    /// hard-linked; files vitrine did not write (not in the previous manifest: `.git/`,
    /// `CNAME`, a user's extra page) are kept the same way; files the new build no longer
    /// plans are left out. Nothing is written in the output, and no symbolic link in it is
    /// followed: links vitrine did not make are copied as links.
    ///
    /// A file vitrine did not write where the new build puts a different file, or a link or
    /// file where it needs a folder, is an error naming it: the user's file is never replaced.
    func carryOver(into staging: URL, previous: BuildManifest?, manifest: BuildManifest, written: Set<String>) throws(VitrineError) -> CarryOver {
        let planned = Set(manifest.entries.map(\.path))
        var result = CarryOver()
        var status = stat()
        guard lstat(output.path, &status) == 0 else {
            result.missing = manifest.entries.map(\.path).filter { !written.contains($0) }
            return result
        }
        let listing = try FileTree.list(output.path)
        let owned = previous.map { Set($0.entries.map(\.path)) }
        let plannedFolders = Self.folders(of: planned)
        let ownedFolders = owned.map(Self.folders(of:)) ?? []
        var writer = FileWriter(root: staging)
        var linked: Set<String> = []
        var keptTop: Set<String> = []
        func keep(_ path: String, folder: Bool = false) {
            keptTop.insert(path.firstIndex(of: "/").map { String(path[..<$0]) + "/" } ?? (folder ? path + "/" : path))
            if !folder { result.keptCount += 1 }
        }
        func clash(_ relative: String, _ what: String) -> VitrineError {
            VitrineError("\(label)/\(relative): \(what) vitrine did not write is where the new build puts \(plannedFolders.contains(relative) ? "a folder" : "a file"); move it into the site's static/ folder or remove it")
        }

        for (index, folder) in listing.folders.enumerated() {
            if index & 1023 == 0, Task.isCancelled { throw VitrineError.interrupted }
            if planned.contains(folder) { throw clash(folder, "a folder") }
            if !ownedFolders.contains(folder), !plannedFolders.contains(folder) {
                guard lstat(output.path + "/" + folder, &status) == 0 else { throw FileWriter.error("keep \(folder)") }
                try writer.makeFolder(folder, mode: status.st_mode & 0o7777)
                keep(folder, folder: true)
            }
        }
        for (index, file) in listing.files.enumerated() {
            if index & 1023 == 0, Task.isCancelled { throw VitrineError.interrupted }
            if file == BuildManifest.fileName { continue }
            if file == Self.marker {
                try writer.link(output.path + "/" + file, to: file)
                continue
            }
            let isOwned = owned?.contains(file) ?? planned.contains(file)
            if written.contains(file) {
                if !isOwned, !Self.sameBytes(output.path + "/" + file, staging.path + "/" + file) {
                    throw clash(file, "a file")
                }
                continue
            }
            if planned.contains(file) {
                try writer.link(output.path + "/" + file, to: file)
                linked.insert(file)
            } else if !isOwned {
                if plannedFolders.contains(file) { throw clash(file, "a file") }
                try writer.link(output.path + "/" + file, to: file)
                keep(file)
            }
        }
        for link in listing.symlinks {
            if planned.contains(link) || plannedFolders.contains(link) { throw clash(link, "a symbolic link") }
            try writer.copySymlink(output.path + "/" + link, to: link)
            keep(link)
        }
        result.dropped = listing.others
        result.missing = manifest.entries.map(\.path).filter { !written.contains($0) && !linked.contains($0) }
        result.keptNames = keptTop.sorted()
        return result
    }

    /// Every folder that holds one of `paths` (`items/x` and `items` for `items/x/index.html`).
    private static func folders(of paths: Set<String>) -> Set<String> {
        var folders: Set<String> = []
        for path in paths {
            var end = path.endIndex
            while let slash = path[..<end].lastIndex(of: "/") {
                guard folders.insert(String(path[..<slash])).inserted else { break }
                end = slash
            }
        }
        return folders
    }

    private static func sameBytes(_ first: String, _ second: String) -> Bool {
        guard let a = FileManager.default.contents(atPath: first), let b = FileManager.default.contents(atPath: second) else { return false }
        return a == b
    }
}
