import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a lock file, released when this object goes (or
/// the process dies: the kernel releases it, so a crash never leaves anything locked). The
/// file stays; while the lock is held it names the holder's process id (`nameHolder`), so a
/// waiting process can say whom it waits for.
public final class LockFile {
    private let fd: Int32

    /// Opens the lock file at `path`, making it if missing; never through a symbolic link
    /// (`ELOOP`). Does not take the lock.
    public init(path: String) throws(SystemCallError) {
        fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else { throw SystemCallError("open", path: path) }
    }

    /// Takes the lock when no one holds it: true; false when another holder has it.
    public func tryLock() throws(SystemCallError) -> Bool {
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK { return false }
            throw SystemCallError("flock")
        }
        return true
    }

    /// The process id the file names: its holder's, when the holder named itself.
    public var holder: Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Writes this process's id into the file, for the next process that has to wait.
    public func nameHolder() {
        let pid = Array("\(getpid())\n".utf8)
        if ftruncate(fd, 0) == 0 { _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } }
    }

    // Closed here only, once: a second close could hit whatever another thread had opened
    // under the same number meanwhile.
    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

/// Whether a process with this id is running (or exists under another user).
public func processIsAlive(_ pid: Int32) -> Bool {
    guard pid > 0 else { return false }
    return kill(pid, 0) == 0 || errno == EPERM
}
