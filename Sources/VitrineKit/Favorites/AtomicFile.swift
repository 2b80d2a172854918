import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Replaces a file so that a reader — or a crash at any instant — sees either the old bytes
/// or the new ones, never a mix: write a temporary file in the same folder, fsync it,
/// rename it over the target, fsync the folder.
enum AtomicFile {
    /// Called after the temporary file is complete and before the rename; tests use it to
    /// stop a process at the worst moment.
    typealias BeforeRename = @Sendable (_ temporary: URL) -> Void

    static func write(_ data: Data, to url: URL, label: String, beforeRename: BeforeRename? = nil) throws(VitrineError) {
        let folder = url.deletingLastPathComponent()
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        func fail(_ what: String) -> VitrineError {
            VitrineError(file: label, "cannot write (\(what): \(String(cString: strerror(errno))))")
        }
        let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw fail("create") }
        let ok = data.withUnsafeBytes { writeAll(fd, $0) } && fsync(fd) == 0
        let savedErrno = errno
        close(fd)
        guard ok else {
            errno = savedErrno
            let error = fail("write")
            unlink(temporary.path)
            throw error
        }
        beforeRename?(temporary)
        guard rename(temporary.path, url.path) == 0 else {
            let error = fail("rename")
            unlink(temporary.path)
            throw error
        }
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directory >= 0 {
            fsync(directory)
            close(directory)
        }
    }
}
