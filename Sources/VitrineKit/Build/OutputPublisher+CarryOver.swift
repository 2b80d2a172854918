import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OutputPublisher {
    /// What the staging folder took over from the current output.
    struct CarryOver {
        /// Planned files neither written nor found in the output (deleted by hand): render them.
        var missing: [String] = []
        /// Files and links vitrine did not write, kept.
        var keptCount = 0
        /// Their top-level names (`CNAME`, `.git/`), for the summary.
        var keptNames: [String] = []
        /// Entries that cannot be kept (sockets, pipes, devices).
        var dropped: [String] = []
        /// The output's listing the carry-over worked from, for `catchUp`.
        var listed: Listings.Listed?
    }

    /// Completes the staged tree from the current output: unchanged files vitrine wrote are
    /// hard-linked; files vitrine did not write (not in the previous manifest: `.git/`,
    /// `CNAME`, a user's extra page) are kept the same way; files the new build no longer
    /// plans are left out. Nothing is written in the output, and no symbolic link in it is
    /// followed: links vitrine did not make are copied as links.
    ///
    /// When the staging folder is a reused tree (`Staging.reused`, the site before last),
    /// what it holds that the new site does not is removed, and a file already linked to the
    /// output's is kept: the work is proportional to what changed, not to the site.
    ///
    /// A file vitrine did not write where the new build puts a different file, or a link or
    /// file where it needs a folder, is an error naming it: the user's file is never replaced.
    func carryOver(
        into staging: Staging, previous: BuildManifest?, manifest: BuildManifest, written: Set<String>, listed: Listings? = nil
    ) throws(VitrineError) -> CarryOver {
        let planned = Planned(manifest, written: written, jobs: jobs)
        var status = stat()
        guard lstat(output.path, &status) == 0 else { return try carryOverWithoutOutput(into: staging, planned: planned) }
        var result = CarryOver()
        let (listing, stale, listedOutput) = try listTrees(for: staging, listed: listed)
        result.listed = listedOutput
        let (folderPass, filePass) = try decide(listing, staging: staging, previous: previous, planned: planned)
        var keptTop = folderPass.keptTop.union(filePass.keptTop)
        result.keptCount = filePass.keptCount
        // A user's link is kept, unless the new build puts a file or folder at its path.
        for link in listing.symlinks {
            if planned.files.contains(link) || planned.folders.contains(link) {
                throw Self.clash(link, "a symbolic link", label: label, plannedFolders: planned.folders)
            }
            keptTop.insert(Self.topName(link, folder: false))
            result.keptCount += 1
        }
        let present = try pruneSpare(staging, listed: stale, output: listing, planned: planned, folderPass: folderPass, filePass: filePass)
        try assemble(staging, from: listing, folders: folderPass.kept, links: filePass.links, present: present)
        result.dropped = listing.others
        // Each planned file was written or found in the output once, unless some are missing.
        if filePass.linkedCount + written.count != planned.files.count || !written.isSubset(of: planned.files) {
            let found = Set(filePass.links.map { listing.files[$0] })
            result.missing = planned.paths.filter { !written.contains($0) && !found.contains($0) }
        }
        result.keptNames = keptTop.sorted()
        return result
    }

    /// What the new build plans: its files in plan order and as a set, their folders, and
    /// what it wrote into the staging folder.
    struct Planned {
        let paths: [String]
        let files: Set<String>
        let folders: Set<String>
        let written: Set<String>

        init(_ manifest: BuildManifest, written: Set<String>, jobs: Int) {
            paths = manifest.entries.map(\.path)
            (files, folders) = OutputPublisher.pathsAndFolders(paths, jobs: jobs)
            self.written = written
        }
    }

    /// With no output yet there is nothing to take over: a reused tree keeps only what this
    /// build wrote, and every planned file not written is missing.
    private func carryOverWithoutOutput(into staging: Staging, planned: Planned) throws(VitrineError) -> CarryOver {
        if staging.reused {
            let written = planned.written
            try prune(staging.url, listed: try FileTree.list(staging.url.path), keeping: { written.contains($0) }, symlinks: [], folders: planned.folders)
        }
        var result = CarryOver()
        result.missing = planned.paths.filter { !planned.written.contains($0) }
        return result
    }

    /// The output's listing and, for a reused staging folder, the spare's: as listed while
    /// the site loaded (`Listings`), or now, both trees at once.
    private func listTrees(
        for staging: Staging, listed: Listings?
    ) throws(VitrineError) -> (output: FileTree.Listing, spare: FileTree.Listing?, listed: Listings.Listed) {
        if let listed {
            let (listing, stale) = try listed.get(reused: staging.reused)
            return (listing, stale, try listed.get().output)
        }
        let (output, spare) = try Self.list(
            folder: FileTree.openFolder(output.path), and: staging.reused ? FileTree.openFolder(staging.url.path) : nil, jobs: jobs)
        return (output.listing, spare?.listing, output)
    }

    /// What the new tree takes from the output, decided before anything is changed; and,
    /// for each folder and file the output lists, whether the new tree has it (`inNewTree`).
    /// Folders and files are looked at at once (when `jobs` allows): the two passes share
    /// nothing. The error is the one the folders and files met in that order (a folder's
    /// clash first).
    private func decide(
        _ listing: FileTree.Listing, staging: Staging, previous: BuildManifest?, planned: Planned
    ) throws(VitrineError) -> (FolderPass, FilePass) {
        // Usually the same paths as before (compared in order, without hashing): then what
        // the previous build owned is what this one plans, and is not worked out twice.
        let plannedPaths = planned.paths
        let owned = previous.flatMap { $0.entries.count == plannedPaths.count && $0.entries.map(\.path) == plannedPaths ? nil : Set($0.entries.map(\.path)) }
        let ownedFolders = owned.map { Self.folders(of: $0) } ?? (previous == nil ? [] : planned.folders)
        let ownedIsPlanned = owned == nil && previous != nil
        let (label, outputPath, stagingPath) = (label, output.path, staging.url.path)
        if Task.isCancelled { throw VitrineError.interrupted }
        let (folderPass, filePass) = inParallel(
            jobs: jobs,
            {
                var pass = FolderPass(count: listing.folders.count)
                pass.run(
                    listing.folders, output: outputPath, label: label, planned: planned.files, plannedFolders: planned.folders,
                    owned: ownedIsPlanned ? nil : ownedFolders)
                return pass
            },
            {
                var pass = FilePass(count: listing.files.count)
                pass.run(
                    listing.files, output: outputPath, staging: stagingPath, label: label, planned: planned.files, plannedFolders: planned.folders,
                    owned: owned, written: planned.written)
                return pass
            })
        if Task.isCancelled { throw VitrineError.interrupted }
        if let error = folderPass.error ?? filePass.error { throw error }
        return (folderPass, filePass)
    }

    /// A reused staging folder keeps only what the new tree has (`prune`); returns the files
    /// it keeps. A planned file the output lacks is rendered again, over the spare's.
    private func pruneSpare(
        _ staging: Staging, listed stale: FileTree.Listing?, output listing: FileTree.Listing, planned: Planned, folderPass: FolderPass,
        filePass: FilePass
    ) throws(VitrineError) -> Present {
        guard staging.reused else { return Present() }
        var inNewTree = InNewTree(folders: listing.folders, files: listing.files)
        inNewTree.folderKept = folderPass.inNewTree
        inNewTree.fileKept = filePass.inNewTree
        let (files, foreign, folders) = (planned.files, filePass.foreign, folderPass.kept)
        return try prune(
            staging.url, listed: stale, keeping: { files.contains($0) || foreign.contains($0) }, symlinks: Set(listing.symlinks),
            folders: folders.isEmpty ? planned.folders : planned.folders.union(folders.map(\.path)), inNewTree: inNewTree)
    }

    /// Puts what the new tree takes from the output into the staging folder: the kept
    /// folders with their modes, the files as hard links (a file the reused tree already
    /// links to, one inode in both listings, is left as it is: no system call), and the
    /// user's symbolic links as links, never followed.
    private func assemble(
        _ staging: Staging, from listing: FileTree.Listing, folders: [(path: String, mode: mode_t)], links: [Int], present: Present
    ) throws(VitrineError) {
        var writer = FileWriter(root: staging.url)
        for folder in folders { try writer.makeFolder(folder.path, mode: folder.mode) }
        for (count, index) in links.enumerated() {
            if count & 1023 == 0, Task.isCancelled { throw VitrineError.interrupted }
            let file = listing.files[index]
            let there = present.inode(of: file, at: index)
            if let there, there == listing.inodes[index], there != 0 { continue }
            try writer.link(output.path + "/" + file, to: file, mayExist: there != nil)
        }
        for link in listing.symlinks { try writer.copySymlink(output.path + "/" + link, to: link) }
    }

    /// `CNAME`: a file vitrine did not write is where the new build puts a file; the user's
    /// file is never replaced.
    private static func clash(_ relative: String, _ what: String, label: String, plannedFolders: Set<String>) -> VitrineError {
        VitrineError(
            "\(label)/\(relative): \(what) vitrine did not write is where the new build puts \(plannedFolders.contains(relative) ? "a folder" : "a file"); move it into the site's static/ folder or remove it",
            kind: .output)
    }

    /// The top-level name a kept path counts under in the summary (`.git/`, `CNAME`).
    private static func topName(_ path: String, folder: Bool) -> String {
        path.firstIndex(of: "/").map { String(path[..<$0]) + "/" } ?? (folder ? path + "/" : path)
    }

    /// What the new tree takes of the output's folders: those vitrine did not make and the
    /// new site does not plan are kept (with their modes), and for each listed folder,
    /// whether the new tree has it. Stops at the first clash or error.
    struct FolderPass {
        var kept: [(path: String, mode: mode_t)] = []
        var inNewTree: [Bool]
        var keptTop: Set<String> = []
        var error: VitrineError?

        init(count: Int) {
            inNewTree = Array(repeating: false, count: count)
        }

        /// `owned`: the folders of the previous build's files; nil when they are the planned ones.
        mutating func run(_ folders: [String], output: String, label: String, planned: Set<String>, plannedFolders: Set<String>, owned: Set<String>?) {
            var status = stat()
            for (index, folder) in folders.enumerated() {
                if planned.contains(folder) {
                    error = OutputPublisher.clash(folder, "a folder", label: label, plannedFolders: plannedFolders)
                    return
                }
                let isPlanned = plannedFolders.contains(folder)
                let isOwned = owned?.contains(folder) ?? isPlanned
                inNewTree[index] = isPlanned
                if !isOwned, !isPlanned {
                    guard lstat(output + "/" + folder, &status) == 0 else {
                        error = FileWriter.error("keep \(folder)")
                        return
                    }
                    kept.append((folder, status.st_mode & 0o7777))
                    keptTop.insert(OutputPublisher.topName(folder, folder: true))
                    inNewTree[index] = true
                }
            }
        }
    }

    /// What the new tree takes of the output's files: the indices of those to link (planned
    /// and not written anew, or not vitrine's), and for each listed file, whether the new
    /// tree has it. Stops at the first clash.
    struct FilePass {
        var links: [Int] = []
        var linkedCount = 0
        var foreign: Set<String> = []
        var inNewTree: [Bool]
        var keptTop: Set<String> = []
        var keptCount = 0
        var error: VitrineError?

        init(count: Int) {
            inNewTree = Array(repeating: false, count: count)
            links.reserveCapacity(count)
        }

        /// `owned`: the previous build's files; nil when they are the planned ones.
        mutating func run(
            _ files: [String], output: String, staging: String, label: String, planned: Set<String>, plannedFolders: Set<String>,
            owned: Set<String>?, written: Set<String>
        ) {
            for (index, file) in files.enumerated() {
                if file == BuildManifest.fileName { continue }
                if file == OutputPublisher.marker {
                    links.append(index)
                    inNewTree[index] = true
                    continue
                }
                // What the build wrote is planned: one lookup in the plan for most files.
                let isPlanned = planned.contains(file)
                let isOwned = owned?.contains(file) ?? isPlanned
                inNewTree[index] = isPlanned
                if isPlanned, written.contains(file) {
                    if !isOwned, !OutputPublisher.sameBytes(output + "/" + file, staging + "/" + file) {
                        error = OutputPublisher.clash(file, "a file", label: label, plannedFolders: plannedFolders)
                        return
                    }
                    continue
                }
                if isPlanned {
                    links.append(index)
                    linkedCount += 1
                } else if !isOwned {
                    if plannedFolders.contains(file) {
                        error = OutputPublisher.clash(file, "a file", label: label, plannedFolders: plannedFolders)
                        return
                    }
                    links.append(index)
                    foreign.insert(file)
                    inNewTree[index] = true
                    keptTop.insert(OutputPublisher.topName(file, folder: false))
                    keptCount += 1
                }
            }
        }
    }

    /// For each folder and file the output lists, whether the new tree has it: what the
    /// spare's listing is checked against where the two list the same path at the same
    /// place, without a lookup by path.
    struct InNewTree {
        let folders: [String]
        let files: [String]
        var folderKept: [Bool]
        var fileKept: [Bool]

        init(folders: [String], files: [String]) {
            (self.folders, self.files) = (folders, files)
            folderKept = Array(repeating: false, count: folders.count)
            fileKept = Array(repeating: false, count: files.count)
        }

        /// Whether the new tree has the folder the spare lists at `index`, when the output
        /// lists it at the same place.
        func folder(_ folder: String, at index: Int) -> Bool? {
            index < folders.count && folders[index] == folder ? folderKept[index] : nil
        }

        func file(_ file: String, at index: Int) -> Bool? {
            index < files.count && files[index] == file ? fileKept[index] : nil
        }
    }

    /// The files a pruned spare keeps, with their inode numbers: by their place in the
    /// output's listing when the spare lists them at the same place, else by path.
    struct Present {
        var atIndex: [UInt64?] = []
        var byPath: [String: UInt64] = [:]

        /// The inode of the spare's file at `path`, the output's file at `index`; nil when
        /// the spare keeps none there.
        func inode(of path: String, at index: Int) -> UInt64? {
            if index < atIndex.count, let inode = atIndex[index] { return inode }
            return byPath[path]
        }
    }

    /// Removes from a reused tree every file, link and folder the new site does not have;
    /// returns the files it keeps, with their inode numbers.
    ///
    /// A tree keeps its folders' entries in the order they were first read (`FileTree.Record`),
    /// and on most file systems two folders with the same names list them in the same order:
    /// the spare and the output then list the same paths at the same places. Where they do,
    /// what the output's listing decided (`inNewTree`) is taken as it is; elsewhere each path
    /// is looked up.
    @discardableResult
    private func prune(
        _ root: URL, listed stale: FileTree.Listing?, keeping keeps: (String) -> Bool, symlinks: Set<String>, folders: Set<String>,
        inNewTree: InNewTree? = nil
    ) throws(VitrineError) -> Present {
        guard let stale else { return Present() }
        var removed: [String] = []
        func isRemoved(_ path: String) -> Bool {
            removed.last.map { path.hasPrefix($0 + "/") } ?? false
        }
        // Pre-order: a removed folder's contents follow it, before any other folder.
        var removedFolders: Set<String> = []
        for (index, folder) in stale.folders.enumerated() {
            if index & 1023 == 0, Task.isCancelled { throw VitrineError.interrupted }
            guard !(inNewTree?.folder(folder, at: index) ?? folders.contains(folder)), !isRemoved(folder) else { continue }
            try FileTree.remove(root.path + "/" + folder)
            removed.append(folder)
            removedFolders.insert(folder)
        }
        func under(_ path: String) -> Bool { Self.isBelow(path, oneOf: removedFolders) }
        var extra: [String] = []
        var present = Present()
        present.atIndex = Array(repeating: nil, count: inNewTree?.files.count ?? 0)
        for (index, (file, inode)) in zip(stale.files, stale.inodes).enumerated() {
            if index & 1023 == 0, Task.isCancelled { throw VitrineError.interrupted }
            let known = inNewTree?.file(file, at: index)
            if file == Self.marker || (known ?? keeps(file)) {
                guard removedFolders.isEmpty || !under(file) else { continue }
                if known != nil {
                    present.atIndex[index] = inode
                } else {
                    present.byPath[file] = inode
                }
            } else {
                extra.append(file)
            }
        }
        extra += stale.symlinks.filter { !symlinks.contains($0) }
        extra += stale.others
        // A file or link where the new site has a folder was replaced by a real folder as
        // soon as something was written below it (`FileWriter`), or will be: leave it to that.
        extra.removeAll { folders.contains($0) }
        for path in extra where removedFolders.isEmpty || !under(path) {
            if unlink(root.path + "/" + path) != 0, errno != ENOENT { throw FileWriter.error("remove \(path)") }
        }
        return present
    }

    /// The paths as a set, and their folders (`folders(of:)`), made at once when `jobs`
    /// allows: neither needs the other.
    static func pathsAndFolders(_ paths: [String], jobs: Int) -> (paths: Set<String>, folders: Set<String>) {
        inParallel(jobs: jobs, { Set(paths) }, { folders(of: paths) })
    }

    /// Every folder that holds one of `paths` (`items/x` and `items` for `items/x/index.html`).
    /// Found in the paths' UTF-8 bytes, not by `Character`: a path's `/` is one byte.
    static func folders<Paths: Collection<String>>(of paths: Paths) -> Set<String> {
        var folders: Set<String> = []
        folders.reserveCapacity(paths.count)
        for path in paths {
            let utf8 = path.utf8
            var end = utf8.endIndex
            while let slash = utf8[..<end].lastIndex(of: UInt8(ascii: "/")) {
                guard folders.insert(String(path[..<slash])).inserted else { break }
                end = slash
            }
        }
        return folders
    }

    /// Whether a folder above `path` (`a` or `a/b` for `a/b/c`) is in `paths`.
    static func isBelow(_ path: String, oneOf paths: Set<String>) -> Bool {
        var end = path.endIndex
        while let slash = path[..<end].lastIndex(of: "/") {
            if paths.contains(String(path[..<slash])) { return true }
            end = slash
        }
        return false
    }

    fileprivate static func sameBytes(_ first: String, _ second: String) -> Bool {
        guard let a = FileManager.default.contents(atPath: first), let b = FileManager.default.contents(atPath: second) else { return false }
        return a == b
    }
}
