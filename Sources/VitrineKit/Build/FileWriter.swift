import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files below a root with plain POSIX calls: one `open`/`write`/`close` per file
/// and one `mkdir` per new folder (folders already made are remembered), no `fsync` —
/// durability comes from publishing by rename, as before. One writer per render task.
struct FileWriter {
    let root: String
    private var made: Set<String> = [""]

    init(root: URL) {
        self.root = root.path
    }

    /// Writes bytes to `relative` (`items/x/index.html`), making its folders.
    mutating func write(_ bytes: UnsafeRawBufferPointer, to relative: String) throws(VitrineError) {
        try makeFolders(for: relative)
        let path = root + "/" + relative
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Self.error("write \(relative)") }
        defer { close(fd) }
        guard writeAll(fd, bytes) else { throw Self.error("write \(relative)") }
    }

    mutating func write(_ bytes: [UInt8], to relative: String) throws(VitrineError) {
        var failure: VitrineError?
        bytes.withUnsafeBytes { buffer in
            do throws(VitrineError) { try write(buffer, to: relative) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    mutating func write(_ data: Data, to relative: String) throws(VitrineError) {
        var failure: VitrineError?
        data.withUnsafeBytes { buffer in
            do throws(VitrineError) { try write(buffer, to: relative) } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Hard-links an existing file (never following a link) to `relative`; copies its bytes
    /// where a hard link is impossible (another file system, a link-count limit).
    mutating func link(_ source: String, to relative: String) throws(VitrineError) {
        try makeFolders(for: relative)
        if posixLink(source, root + "/" + relative) == 0 { return }
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
        if symlink(buffer, root + "/" + relative) != 0 { throw Self.error("keep link \(relative)") }
    }

    /// Makes a folder (and its parents) with the given permissions.
    mutating func makeFolder(_ relative: String, mode: mode_t) throws(VitrineError) {
        guard !made.contains(relative) else { return }
        try makeFolders(for: relative)
        if mkdir(root + "/" + relative, mode) != 0, errno != EEXIST { throw Self.error("create folder \(relative)") }
        made.insert(relative)
    }

    private mutating func makeFolders(for relative: String) throws(VitrineError) {
        guard let slash = relative.lastIndex(of: "/") else { return }
        let folder = String(relative[..<slash])
        guard !made.contains(folder) else { return }
        try makeFolders(for: folder)
        if mkdir(root + "/" + folder, 0o755) != 0, errno != EEXIST {
            throw Self.error("create folder \(folder)")
        }
        made.insert(folder)
    }

    static func error(_ what: String) -> VitrineError {
        VitrineError("\(what): \(String(cString: strerror(errno)))")
    }
}

/// Writes the whole buffer, retrying on `EINTR`; false (with `errno` set) on failure.
func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let count = posixWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += count
    }
    return true
}

private func posixLink(_ source: String, _ target: String) -> Int32 {
    #if canImport(Glibc)
    Glibc.link(source, target)
    #else
    Darwin.link(source, target)
    #endif
}

private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
    #else
    Darwin.write(fd, buffer, count)
    #endif
}
