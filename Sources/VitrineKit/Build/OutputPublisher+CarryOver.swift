import Foundation
import Synchronization

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
        let plannedPaths = manifest.entries.map(\.path)
        let (planned, plannedFolders) = Self.pathsAndFolders(plannedPaths)
        var result = CarryOver()
        var status = stat()
        guard lstat(output.path, &status) == 0 else {
            if staging.reused {
                try prune(
                    staging.url, listed: try FileTree.list(staging.url.path), keeping: { written.contains($0) }, symlinks: [],
                    folders: plannedFolders)
            }
            result.missing = manifest.entries.map(\.path).filter { !written.contains($0) }
            return result
        }
        // Listed while the site loaded (`Listings`), or now: the output and a reused tree at once.
        let (listing, stale): (FileTree.Listing, FileTree.Listing?)
        if let listed {
            (listing, stale) = try listed.get(reused: staging.reused)
            result.listed = try listed.get().output
        } else {
            let (output, spare) = try Self.list(folder: FileTree.openFolder(output.path), and: staging.reused ? FileTree.openFolder(staging.url.path) : nil)
            (listing, stale) = (output.listing, spare?.listing)
            result.listed = output
        }
        // Usually the same paths as before (compared in order, without hashing): then what
        // the previous build owned is what this one plans, and is not worked out twice.
        let owned = previous.flatMap { $0.entries.count == plannedPaths.count && $0.entries.map(\.path) == plannedPaths ? nil : Set($0.entries.map(\.path)) }
        let ownedFolders = owned.map { Self.folders(of: $0) } ?? (previous == nil ? [] : plannedFolders)
        let label = label
        let outputPath = output.path
        func clash(_ relative: String, _ what: String) -> VitrineError {
            Self.clash(relative, what, label: label, plannedFolders: plannedFolders)
        }

        // What the new tree takes from the output, decided before anything is changed; and,
        // for each folder and file the output lists, whether the new tree has it (`inNewTree`).
        // Folders and files are looked at on two threads at once: at 100,000 items, the
        // lookups (each a likely cache miss in a set of 200,000 paths) were most of the
        // carry-over, which nothing else overlaps.
        let ownedIsPlanned = owned == nil && previous != nil
        if Task.isCancelled { throw VitrineError.interrupted }
        let passes = Mutex<(folders: FolderPass?, files: FilePass?)>((nil, nil))
        DispatchQueue.concurrentPerform(iterations: 2) { pass in
            if pass == 0 {
                var folderPass = FolderPass(count: listing.folders.count)
                folderPass.run(
                    listing.folders, output: outputPath, label: label, planned: planned, plannedFolders: plannedFolders,
                    owned: ownedIsPlanned ? nil : ownedFolders)
                passes.withLock { $0.folders = folderPass }
            } else {
                var filePass = FilePass(count: listing.files.count)
                filePass.run(
                    listing.files, output: outputPath, staging: staging.url.path, label: label, planned: planned,
                    plannedFolders: plannedFolders, owned: owned, written: written)
                passes.withLock { $0.files = filePass }
            }
        }
        let (folderPass, filePass) = passes.withLock { ($0.folders!, $0.files!) }
        if Task.isCancelled { throw VitrineError.interrupted }
        // The error the folders and files met in that order (a folder's clash first).
        if let error = folderPass.error ?? filePass.error { throw error }
        let folders = folderPass.kept
        var inNewTree = InNewTree(folders: listing.folders, files: listing.files)
        inNewTree.folderKept = folderPass.inNewTree
        inNewTree.fileKept = filePass.inNewTree
        let (links, linkedCount, foreign) = (filePass.links, filePass.linkedCount, filePass.foreign)
        var keptTop = folderPass.keptTop.union(filePass.keptTop)
        result.keptCount = filePass.keptCount
        func keep(_ path: String) {
            keptTop.insert(Self.topName(path, folder: false))
            result.keptCount += 1
        }
        for link in listing.symlinks {
            if planned.contains(link) || plannedFolders.contains(link) { throw clash(link, "a symbolic link") }
            keep(link)
        }

        var present = Present()
        if staging.reused {
            // A planned file the output lacks is rendered again below, over the spare's.
            present = try prune(
                staging.url, listed: stale, keeping: { planned.contains($0) || foreign.contains($0) }, symlinks: Set(listing.symlinks),
                folders: folders.isEmpty ? plannedFolders : plannedFolders.union(folders.map(\.path)), inNewTree: inNewTree
            )
        }
        var writer = FileWriter(root: staging.url)
        for folder in folders { try writer.makeFolder(folder.path, mode: folder.mode) }
        for (count, index) in links.enumerated() {
            if count & 1023 == 0, Task.isCancelled { throw VitrineError.interrupted }
            // Already the output's file (one inode in both listings): nothing to do, no syscall.
            let file = listing.files[index]
            let there = present.inode(of: file, at: index)
            if let there, there == listing.inodes[index], there != 0 { continue }
            try writer.link(output.path + "/" + file, to: file, mayExist: there != nil)
        }
        for link in listing.symlinks { try writer.copySymlink(output.path + "/" + link, to: link) }
        result.dropped = listing.others
        // Each planned file was written or found in the output once, unless some are missing.
        if linkedCount + written.count != planned.count || !written.isSubset(of: planned) {
            let found = Set(links.map { listing.files[$0] })
            result.missing = plannedPaths.filter { !written.contains($0) && !found.contains($0) }
        }
        result.keptNames = keptTop.sorted()
        return result
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
    /// is looked up. At 100,000 pages, the lookups were a third of a one-item rebuild's carry-over.
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

    /// The output and the spare tree, listed on other threads while the build reads and
    /// renders (listing 20,000 folders was a sizeable part of a one-item rebuild), each with
    /// the record of its folders an earlier build kept (`FileTree.Folder`): only folders
    /// changed since are read.
    final class Listings: Sendable {
        /// One tree's listing, its record, and its root folder's inode number.
        struct Listed: Sendable {
            var listing: FileTree.Listing
            var record: FileTree.Record
            var root: UInt64
            /// Folders read; the others were taken from the record.
            var read: Int
        }

        private let done = DispatchSemaphore(value: 0)
        private let recorded = DispatchSemaphore(value: 0)
        private let result = Mutex<Result<(Listed, Listed?), VitrineError>?>(nil)
        private static let writing = Mutex<Void>(())
        /// Set by `cancel()`: the walk stops, and the records are not written. Held while
        /// they are written, so that once `cancel()` returns, nothing more is written.
        private let cancelled = Mutex(false)
        private let stopping = Atomic(false)

        /// Opens both folders now, so that renaming the spare into place as the staging
        /// folder cannot race with the listing, and lists them on two other threads. Then
        /// keeps both records for the next build (`records`, written beside the output by way
        /// of `temporary`): whatever this build goes on to change in either tree gives the
        /// folders concerned a new ctime, so the next build reads those again.
        /// `spare` is listed when `listSpare`; otherwise its record, if any, is kept as it was.
        /// `beforeRecording` runs on the listing's thread between a finished listing and the
        /// writing of its records (tests stop there).
        init(
            output: String, spare: String, listSpare: Bool, records: URL, temporary: URL,
            beforeRecording: @escaping @Sendable () -> Void = {}
        ) throws(VitrineError) {
            let outputFolder = try FileTree.openFolder(output)
            var status = stat()
            let spareExists = lstat(spare, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            let spareRoot = UInt64(status.st_ino)
            let spareFolder = listSpare && spareExists ? try? FileTree.openFolder(spare) : nil
            DispatchQueue.global().async { [self] in
                var known = FileTree.Records()
                let listed = Result { () throws(VitrineError) in
                    known = FileBytes.read(atPath: records.path, followingLinks: false).flatMap { FileTree.Records($0) } ?? FileTree.Records()
                    return try OutputPublisher.list(folder: outputFolder, and: spareFolder, records: known) { [self] in
                        stopping.load(ordering: .relaxed)
                    }
                }
                result.withLock { $0 = listed }
                done.signal()
                if case .success(let (output, spare)) = listed {
                    beforeRecording()
                    var kept = FileTree.Records()
                    if spareExists, spare == nil, let record = known.trees[spareRoot] { kept.trees[spareRoot] = record }
                    kept.trees[output.root] = output.record
                    if let spare { kept.trees[spare.root] = spare.record }
                    let bytes = kept.data
                    // One writer of the temporary file at a time, should an earlier build in
                    // this process (`serve`) still be writing its records.
                    cancelled.withLock { cancelled in
                        guard !cancelled else { return }
                        Self.writing.withLock { _ in
                            _ = AtomicFile.replaceQuickly(records, temporary: temporary) { write in write(bytes) }
                        }
                    }
                }
                recorded.signal()
            }
        }

        /// Both listings as listed; the spare's nil when there was none.
        func get() throws(VitrineError) -> (output: Listed, spare: Listed?) {
            done.wait()
            done.signal()
            return try result.withLock { $0! }.get()
        }

        /// The listings; the spare's only when the staging folder is the spare.
        func get(reused: Bool) throws(VitrineError) -> (FileTree.Listing, FileTree.Listing?) {
            let (output, spare) = try get()
            guard reused else { return (output.listing, nil) }
            guard let spare else { throw VitrineError("list the spare tree: it appeared during the build", kind: .output) }
            return (output.listing, spare.listing)
        }

        /// Waits until the records are written (before the process exits).
        func waitForRecords() {
            recorded.wait()
            recorded.signal()
        }

        /// For a build that will not use the listings (nothing changed, or it failed):
        /// stops the walk and keeps the records from being written, without waiting for the
        /// walk. A write already under way is finished first, so once this returns, nothing
        /// is left beside the output (the temporary file) and nothing more will be.
        func cancel() {
            stopping.store(true, ordering: .relaxed)
            cancelled.withLock { $0 = true }
        }
    }

    /// Starts listing the output, when there is one, and its spare tree when the build will
    /// reuse it (`makeStaging(reuseSpare:)`).
    func startListing(spare reuseSpare: Bool) -> Listings? {
        var status = stat()
        guard lstat(output.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return try? Listings(output: output.path, spare: spare.path, listSpare: reuseSpare, records: foldersRecord, temporary: foldersRecordTemporary)
    }

    /// Lists the folder open at `first` and, when given, the one at `second` (on another
    /// thread), each with its record in `records`; closes both.
    static func list(
        folder first: Int32, and second: Int32?, records: FileTree.Records = FileTree.Records(),
        stopped: @escaping @Sendable () -> Bool = { false }
    ) throws(VitrineError) -> (Listings.Listed, Listings.Listed?) {
        @Sendable func listed(_ fd: Int32) throws(VitrineError) -> Listings.Listed {
            var status = stat()
            let root = fstat(fd, &status) == 0 ? UInt64(status.st_ino) : 0
            let (listing, record, read) = try FileTree.list(folder: fd, record: records.trees[root] ?? FileTree.Record(), stopped: stopped)
            return Listings.Listed(listing: listing, record: record, root: root, read: read)
        }
        guard let second else { return (try listed(first), nil) }
        let results = Mutex<[Int: Result<Listings.Listed, VitrineError>]>([:])
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            let result = Result { () throws(VitrineError) in try listed(index == 0 ? first : second) }
            results.withLock { $0[index] = result }
        }
        let both = results.withLock { $0 }
        return (try both[0]!.get(), try both[1]!.get())
    }

    /// The paths as a set, and their folders (`folders(of:)`), made on two threads at once:
    /// at 100,000 files, each was a tenth of a second of a one-item rebuild.
    static func pathsAndFolders(_ paths: [String]) -> (paths: Set<String>, folders: Set<String>) {
        let made = Mutex<(Set<String>, Set<String>)>(([], []))
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            if index == 0 {
                let set = Set(paths)
                made.withLock { $0.0 = set }
            } else {
                let folders = folders(of: paths)
                made.withLock { $0.1 = folders }
            }
        }
        return made.withLock { $0 }
    }

    /// Every folder that holds one of `paths` (`items/x` and `items` for `items/x/index.html`).
    /// Found in the paths' bytes: a `Character` search took a third of a 100,000-item
    /// rebuild's carry-over.
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
