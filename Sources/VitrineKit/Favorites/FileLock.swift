import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a lock file beside the data file, held for a
/// read-modify-write. The kernel releases it when the process dies, so a crash never
/// leaves a site locked. The lock file stays (deleting it would race with other holders).
final class FileLock {
    private let fd: Int32

    /// Blocks until the lock is ours.
    init(_ url: URL, label: String) throws(VitrineError) {
        fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            throw VitrineError(file: label, "cannot open lock file \(url.lastPathComponent): \(String(cString: strerror(errno)))")
        }
        while flock(fd, LOCK_EX) != 0 {
            if errno == EINTR { continue }
            let message = String(cString: strerror(errno))
            close(fd)
            throw VitrineError(file: label, "cannot lock: \(message)")
        }
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}
