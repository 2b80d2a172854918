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

private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.write(fd, buffer, count)
    #else
    Darwin.write(fd, buffer, count)
    #endif
}
