import CVitrineSystem
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Puts a finished build in place so that, at every instant, the output is exactly the
/// previous complete site or exactly the new one.
///
/// Every build — full or incremental — assembles the new tree in a sibling staging folder:
/// changed files are written there, everything else (unchanged pages, and files vitrine did
/// not write, such as `.git/` or `CNAME`) is hard-linked from the current output. Then the
/// two folders are exchanged in one system call (`renameat2(RENAME_EXCHANGE)`; where the
/// kernel or file system cannot, two renames, with a moment in which the output is absent
/// but never mixed) and the old tree is removed. A process killed at any moment leaves the
/// old or the new site and a leftover folder the next build removes.
///
/// An existing folder is replaced only if vitrine wrote it (it holds `.vitrine-output`).
/// What a person writes into the output while a build runs is carried into the new tree just
/// before the exchange (`catchUp`). Everything else vitrine keeps is in one hidden folder
/// beside the output, `.public.vitrine/` (`sidecar`: the lock, the records, the spare tree,
/// staging folders), on the output's file system so that the exchange can work; that folder
/// and the names in it are vitrine's: a link or file found under one is removed or refused,
/// never followed. An output that is a mount point, which cannot be exchanged, is refused
/// before any work.
struct OutputPublisher {
    /// Present in every folder vitrine publishes; its absence protects folders vitrine did not make.
    static let marker = ".vitrine-output"

    let output: URL
    let label: String
    /// The build's `--jobs`: with 1, the output and the spare are listed, and the carry-over's
    /// two passes made, one after the other on one thread.
    let jobs: Int
    let fileManager = FileManager.default

    init(output: URL, site: URL, label: String, jobs: Int) throws(VitrineError) {
        self.output = output.standardizedFileURL
        self.label = label
        self.jobs = max(1, jobs)
        let outputPath = self.output.resolvingSymlinksInPath().path
        let sitePath = site.standardizedFileURL.resolvingSymlinksInPath().path
        if sitePath == outputPath || sitePath.hasPrefix(outputPath.hasSuffix("/") ? outputPath : outputPath + "/") {
            throw VitrineError("output \(label) contains the site itself; choose another --output", kind: .output)
        }
        var status = stat()
        if lstat(self.output.path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                let what = status.st_mode & S_IFMT == S_IFLNK ? "is a symbolic link" : "is not a folder"
                throw VitrineError("output \(label) exists and \(what); refusing to replace it", kind: .output)
            }
            let contents: [String]
            do {
                contents = try fileManager.contentsOfDirectory(atPath: self.output.path)
            } catch {
                // A folder vitrine cannot list is never taken for an empty one.
                throw VitrineError("output \(label) cannot be read (\(error.localizedDescription)); refusing to replace it", kind: .output)
            }
            if !contents.isEmpty, !contents.contains(Self.marker) {
                throw VitrineError("output \(label) exists and was not written by vitrine (no \(Self.marker) in it); remove it or choose another --output", kind: .output)
            }
            if vitrine_is_mount_point(self.output.path) == 1 { throw Self.mountPoint(label) }
        }
        let parent = self.output.deletingLastPathComponent()
        if fileManager.fileExists(atPath: parent.path), access(parent.path, W_OK) != 0 {
            throw VitrineError("output \(label): cannot write in \(parent.path) (\(String(cString: strerror(errno))))", kind: .output)
        }
    }

    var parent: URL { output.deletingLastPathComponent() }

    /// A mount point (a container volume) can be neither renamed nor exchanged, and a copy
    /// into it would not be all-or-nothing: refused before any work, saying what to do.
    static func mountPoint(_ label: String) -> VitrineError {
        VitrineError(
            "output \(label) is a mount point (a volume), which vitrine cannot swap for the new site; build into a folder inside it (--output \(label)/site), or elsewhere and copy the site in",
            kind: .output)
    }

    /// Whether a real folder — not a link to one — is at `path`. The names in the folder
    /// beside the output are vitrine's (`.public.vitrine/*`): a link or file found under one
    /// is never followed, only removed.
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// A complete tree vitrine wrote: a real folder holding the marker.
    static func isCompleteTree(_ path: String) -> Bool {
        var status = stat()
        return isFolder(path) && lstat(path + "/" + marker, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    }

    /// `.public.vitrine/`, beside the output: the one folder that holds everything else
    /// vitrine keeps for it — `lock`, the records (`folders`, `filter`), the spare tree
    /// (`spare/`), and while a build runs its `staging-PID/` (and `old-PID/` where the kernel
    /// cannot exchange two folders). Beside the output, not in it or in a temporary folder:
    /// the staging folder must be on the output's file system to be exchanged with it.
    var sidecar: URL { parent.appendingPathComponent(".\(output.lastPathComponent).vitrine", isDirectory: true) }

    /// The sidecar as the user would name it, for messages.
    private var sidecarLabel: String {
        let outputLabel = label.hasSuffix("/") ? String(label.dropLast()) : label
        let folder = (outputLabel as NSString).deletingLastPathComponent
        return (folder.isEmpty ? "" : folder + "/") + sidecar.lastPathComponent
    }

    /// `.public.vitrine/KIND-PID`.
    private func sibling(_ kind: String, pid: Int32 = getpid()) -> URL {
        sidecar.appendingPathComponent("\(kind)-\(pid)")
    }

    /// Makes the sidecar folder, or checks the one there is a real folder: a link at its
    /// name is refused, never followed (nothing of it is vitrine's to remove).
    func makeSidecar() throws(VitrineError) {
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw VitrineError("output \(label): cannot create \(parent.path): \(error.localizedDescription)", kind: .output)
        }
        if mkdir(sidecar.path, 0o755) == 0 || Self.isFolder(sidecar.path) { return }
        var status = stat()
        if lstat(sidecar.path, &status) == 0 {
            let what = status.st_mode & S_IFMT == S_IFLNK ? "is a symbolic link, which vitrine never follows" : "is not a folder"
            throw VitrineError("\(sidecarLabel), where vitrine keeps its files for \(label), \(what); remove it", kind: .output)
        }
        throw VitrineError("output \(label): cannot create \(sidecarLabel): \(String(cString: strerror(errno)))", kind: .output)
    }

    /// Takes the output's lock (`.public.vitrine/lock`) for the whole build, so two builds of
    /// one output never mix. A second build waits and says so, or gives up after `timeout`.
    /// Then moves what an earlier vitrine kept beside the output into the sidecar
    /// (`upgradeOldLayout`), telling `moved` each name it moved or removed.
    func lock(
        timeout: Duration?, announce: @escaping (String) -> Void, moved: (String) -> Void = { _ in }
    ) throws(VitrineError) -> FileLock {
        try makeSidecar()
        let label = label
        func holder(_ pid: Int32?) -> String { pid.map { " (pid \($0))" } ?? "" }
        let waiting = FileLock.Waiting(
            announce: { announce("waiting for another vitrine build of \(label)\(holder($0))…") },
            timeout: timeout,
            timedOut: { VitrineError("another vitrine build of \(label)\(holder($0)) still holds its lock; gave up after --lock-timeout", kind: .busy) }
        )
        let lock = try FileLock(sidecar.appendingPathComponent("lock"), label: label, name: "\(sidecarLabel)/lock", waiting: waiting)
        try upgradeOldLayout(waiting: waiting).forEach(moved)
        return lock
    }

    /// Removes what killed builds of this output left in the sidecar (staging folders, old
    /// trees, backups), never a running process's. Returns the names removed.
    @discardableResult
    func removeLeftovers() -> [String] {
        guard let names = try? fileManager.contentsOfDirectory(atPath: sidecar.path) else { return [] }
        var removed: [String] = []
        for name in names.sorted() {
            let rest = Substring(name)
            guard let dash = rest.lastIndex(of: "-"),
                ["staging", "old", "backup", "folders", "filter"].contains(rest[..<dash]),
                let pid = Int32(rest[rest.index(after: dash)...]),
                pid != getpid(), !processIsAlive(pid)
            else { continue }
            let folder = sidecar.appendingPathComponent(name)
            // A complete tree vitrine wrote is worth keeping as the spare: the next build
            // checks every file of it, so a stopped build's work is not thrown away.
            var status = stat()
            if rest[..<dash] != "backup", lstat(spare.path, &status) != 0, Self.isCompleteTree(folder.path),
                rename(folder.path, spare.path) == 0
            {
                removed.append(name)
                continue
            }
            if (try? FileTree.remove(folder.path)) != nil { removed.append(name) }
        }
        return removed
    }

    /// The previous build's manifest, unparsed (`BuildManifest.parse`, `.Summary`), when
    /// the output is a complete vitrine output.
    func previousManifestBytes() -> Data? {
        guard fileManager.fileExists(atPath: output.appendingPathComponent(Self.marker).path) else { return nil }
        return BuildManifest.bytes(in: output)
    }

    /// `.public.vitrine/folders`: the records of the output's and the spare's folders
    /// (`FileTree.Records`), so that the next build reads only the folders changed since.
    var foldersRecord: URL { sidecar.appendingPathComponent("folders") }

    /// Where the records are written before they are renamed into place
    /// (`.public.vitrine/folders-PID`, removed with the other leftovers when its process is gone).
    var foldersRecordTemporary: URL { sibling("folders") }

    /// `.public.vitrine/filter`: the entries of the output's filter indexes
    /// (`FilterEntries`), so that the next build copies those of unchanged items.
    var filterRecord: URL { sidecar.appendingPathComponent("filter") }

    /// The record of the output's filter indexes; nil when there is none it can read.
    func readFilterEntries() -> FilterEntries? {
        FileBytes.read(atPath: filterRecord.path, followingLinks: false).flatMap(FilterEntries.init)
    }

    /// Replaces the record of the filter indexes (beside it as `.public.vitrine/filter-PID`,
    /// then renamed into place); a record that cannot be written is not written.
    func writeFilterEntries(_ entries: FilterEntries) {
        _ = AtomicFile.replaceQuickly(filterRecord, temporary: sibling("filter")) { write in write(entries.data) }
    }

    /// The folder a build assembles the new site in.
    struct Staging {
        let url: URL
        /// True when it is the site before last (`.public.vitrine/spare`), which the build
        /// brings up to date instead of making every file anew.
        let reused: Bool
    }

    /// `.public.vitrine/spare`: the site before the current one, kept after each publish.
    /// It shares every unchanged file with the output (hard links), so it costs little disk,
    /// and the next build turns it into the new site by changing only what differs.
    var spare: URL { sidecar.appendingPathComponent("spare") }

    /// Makes the staging folder: the spare tree when there is one vitrine wrote and
    /// `reuseSpare` (the build updates a complete vitrine output, so most files stay), else
    /// an empty folder.
    ///
    /// A build that writes every file (into a removed output, or `--strict`) makes them in an
    /// empty folder rather than over the spare's files one by one, and does not remove the
    /// spare first (ext4 looks past inodes just freed, slowing the writes that follow). The
    /// spare is left alone until the new site is published (`publish`).
    func makeStaging(reuseSpare: Bool) throws(VitrineError) -> Staging {
        let staging = sibling("staging")
        // Made and checked under the lock; checked again, a link swapped in since is never followed.
        try makeSidecar()
        do {
            try FileTree.remove(staging.path)
            // A link or file at the spare's name (never vitrine's) is removed, not followed.
            let spareIsComplete = Self.isCompleteTree(spare.path)
            if reuseSpare, spareIsComplete, rename(spare.path, staging.path) == 0 {
                return Staging(url: staging, reused: true)
            }
            if !spareIsComplete { try FileTree.remove(spare.path) }
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw VitrineError("cannot create a staging folder next to \(label): \(error.localizedDescription)", kind: .output)
        }
        return Staging(url: staging, reused: false)
    }

    /// Writes the marker into the staging folder, unless the output's was carried over.
    func writeMarker(in staging: URL) throws(VitrineError) {
        guard !fileManager.fileExists(atPath: staging.appendingPathComponent(Self.marker).path) else { return }
        let text = "This folder was written by vitrine; `vitrine build` replaces it as a whole.\n"
        do {
            try Data(text.utf8).write(to: staging.appendingPathComponent(Self.marker))
        } catch {
            throw VitrineError("write \(Self.marker): \(error.localizedDescription)", kind: .output)
        }
    }

    /// Swaps the staging folder in; the previous site becomes the spare tree. With no
    /// previous site (the output was removed), a spare left from before is an older site,
    /// which nothing shares files with any more: it is removed once the new one is in place.
    func publish(_ staging: Staging) throws(VitrineError) {
        var status = stat()
        if lstat(output.path, &status) == 0, status.st_mode & S_IFMT != S_IFDIR {
            // Swapped for a link or a file during the build: exchanging would publish through
            // it and make the link the spare tree.
            throw VitrineError("output \(label) was replaced by something that is not a folder during the build; nothing was published", kind: .output)
        }
        guard lstat(output.path, &status) == 0 else {
            if rename(staging.url.path, output.path) != 0 { throw FileWriter.error("publish \(label)") }
            try? FileTree.remove(spare.path)
            return
        }
        if vitrine_exchange(staging.url.path, output.path) == 0 {
            // The staging name now holds the previous site.
            keepAsSpare(staging.url)
            return
        }
        if errno == EBUSY, vitrine_is_mount_point(output.path) == 1 { throw Self.mountPoint(label) }
        guard errno == ENOSYS || errno == EINVAL || errno == ENOTSUP else { throw FileWriter.error("publish \(label)") }
        // No exchange here: old aside, new in place; the output is briefly absent, never mixed.
        let old = sibling("old")
        try FileTree.remove(old.path)
        if rename(output.path, old.path) != 0 { throw FileWriter.error("publish \(label)") }
        if rename(staging.url.path, output.path) != 0 {
            let error = FileWriter.error("publish \(label)")
            rename(old.path, output.path)
            throw error
        }
        keepAsSpare(old)
    }

    /// Puts a staging folder aside after a build that published nothing (nothing changed, a
    /// failure, an interruption). A reused tree stays the spare: the next build checks every
    /// file of it anyway. A new one is removed.
    func discard(_ staging: Staging) {
        if staging.reused {
            keepAsSpare(staging.url)
        } else {
            try? FileTree.remove(staging.url.path)
        }
    }

    /// Makes `folder` the spare tree, or removes it when that is impossible.
    private func keepAsSpare(_ folder: URL) {
        var status = stat()
        if lstat(spare.path, &status) == 0 { try? FileTree.remove(spare.path) }
        guard Self.isFolder(folder.path) else {
            try? FileTree.remove(folder.path)
            return
        }
        if rename(folder.path, spare.path) != 0 { try? FileTree.remove(folder.path) }
    }
}
