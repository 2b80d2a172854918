import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files below a root with plain POSIX calls: one `open`/`write`/`close` per file
/// and one `mkdir` per new folder (folders already made are remembered), no `fsync` —
/// durability comes from publishing by rename, as before. One writer per render task.
///
/// A file already at the path is unlinked, never truncated: the trees vitrine assembles
/// share unchanged files with the published site by hard links, and writing into a shared
/// file would change the live site.
struct FileWriter {
    let root: String
    private var made: Set<String> = [""]

    init(root: URL) {
        self.root = root.path
    }

    /// Writes bytes to `relative` (`items/x/index.html`), making its folders.
    mutating func write(_ bytes: [UInt8], to relative: String) throws(VitrineError) {
        try write(to: relative) { writeAll($0, bytes) }
    }

    mutating func write(_ data: Data, to relative: String) throws(VitrineError) {
        try write(to: relative) { writeAll($0, data) }
    }

    /// Makes a new file at `relative` and lets `put` write it (false with `errno` set on failure).
    private mutating func write(to relative: String, _ put: (Int32) -> Bool) throws(VitrineError) {
        try makeFolders(for: relative)
        let path = root + "/" + relative
        var fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        if fd < 0, errno == EEXIST || errno == ENOTDIR {
            // A reused tree (see `OutputPublisher.makeStaging`) may hold an older file, or a
            // file or folder of the wrong kind, at this path.
            try clear(relative)
            fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else { throw Self.error("write \(relative)") }
        defer { close(fd) }
        guard put(fd) else { throw Self.error("write \(relative)") }
    }

    /// Hard-links an existing file (never following a link) to `relative`; copies its bytes
    /// where a hard link is impossible (another file system, a link-count limit).
    /// A file already at `relative` is replaced; with `mayExist` (a reused tree), it is kept
    /// when it already is the same file.
    mutating func link(_ source: String, to relative: String, mayExist: Bool = false) throws(VitrineError) {
        let target = root + "/" + relative
        if mayExist {
            var existing = stat()
            var original = stat()
            if lstat(target, &existing) == 0, lstat(source, &original) == 0,
                existing.st_dev == original.st_dev, existing.st_ino == original.st_ino
            {
                return
            }
        }
        try makeFolders(for: relative)
        if hardLink(source, target) == 0 { return }
        if errno == EEXIST || errno == ENOTDIR {
            try clear(relative)
            if hardLink(source, target) == 0 { return }
        }
        guard errno == EXDEV || errno == EMLINK || errno == EPERM, let data = FileManager.default.contents(atPath: source) else {
            throw Self.error("keep \(relative)")
        }
        try write(data, to: relative)
    }

    /// Makes a symbolic link like the one at `source` (same target text) at `relative`.
    mutating func copySymlink(_ source: String, to relative: String) throws(VitrineError) {
        try makeFolders(for: relative)
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(source, &buffer, buffer.count - 1)
        guard count >= 0 else { throw Self.error("keep link \(relative)") }
        buffer[count] = 0
        let target = root + "/" + relative
        if symlink(buffer, target) == 0 { return }
        guard errno == EEXIST || errno == ENOTDIR else { throw Self.error("keep link \(relative)") }
        try clear(relative)
        if symlink(buffer, target) != 0 { throw Self.error("keep link \(relative)") }
    }

    /// Makes a folder (and its parents) with the given permissions.
    mutating func makeFolder(_ relative: String, mode: mode_t) throws(VitrineError) {
        guard !made.contains(relative) else { return }
        try makeFolders(for: relative)
        try makeOneFolder(relative, mode: mode)
        made.insert(relative)
    }

    /// `mkdir`; something already there must be a real folder. A reused tree may hold a link
    /// or a file where this folder goes (a user's link kept by an earlier build): it is
    /// replaced, never written through.
    private func makeOneFolder(_ relative: String, mode: mode_t) throws(VitrineError) {
        let path = root + "/" + relative
        guard mkdir(path, mode) != 0 else { return }
        guard errno == EEXIST else { throw Self.error("create folder \(relative)") }
        var status = stat()
        if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { return }
        if unlink(path) != 0, errno != ENOENT { throw Self.error("replace \(relative)") }
        if mkdir(path, mode) != 0, errno != EEXIST { throw Self.error("create folder \(relative)") }
    }

    private mutating func makeFolders(for relative: String) throws(VitrineError) {
        guard let slash = relative.lastIndex(of: "/") else { return }
        let folder = String(relative[..<slash])
        guard !made.contains(folder) else { return }
        try makeFolders(for: folder)
        try makeOneFolder(folder, mode: 0o755)
        made.insert(folder)
    }

    /// Makes `relative` free for a new file: whatever is there (an older file, a link, a
    /// folder) is removed, and every folder on the way is made a folder. Only ever needed in
    /// a reused tree, which is vitrine's own and not yet published.
    private mutating func clear(_ relative: String) throws(VitrineError) {
        var status = stat()
        var folder = ""
        for part in relative.split(separator: "/").dropLast() {
            folder += folder.isEmpty ? String(part) : "/" + part
            let path = root + "/" + folder
            if lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR { continue }
            if unlink(path) != 0, errno != ENOENT { throw Self.error("replace \(folder)") }
            if mkdir(path, 0o755) != 0 { throw Self.error("create folder \(folder)") }
        }
        try FileTree.remove(root + "/" + relative)
    }

    static func error(_ what: String) -> VitrineError {
        VitrineError("\(what): \(String(cString: strerror(errno)))", kind: .output)
    }
}
