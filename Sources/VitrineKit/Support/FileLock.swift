import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (`flock`) on a lock file, held for a read-modify-write of
/// favorites.json or for a whole build of one output. The kernel releases it when the
/// process dies, so a crash never leaves anything locked. The lock file stays (deleting it
/// would race with other holders); while held it names the holder's process id, so a
/// waiting process can say whom it waits for.
final class FileLock {
    private let fd: Int32

    /// What to do while another process holds the lock.
    struct Waiting {
        /// Called once, with the holder's pid when known, before waiting.
        var announce: (_ holder: Int32?) -> Void = { _ in }
        /// Give up after this long; nil waits as long as it takes.
        var timeout: Duration?
        /// The error thrown on timeout, given the holder's pid.
        var timedOut: (_ holder: Int32?) -> VitrineError = { _ in VitrineError("timed out waiting for a lock", kind: .busy) }
    }

    /// Blocks until the lock is ours (or `waiting.timeout` passes). `name` names the lock
    /// file in messages (default: its file name).
    init(_ url: URL, label: String, name: String? = nil, waiting: Waiting = Waiting()) throws(VitrineError) {
        fd = open(url.path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard fd >= 0 else {
            let name = name ?? url.lastPathComponent
            if errno == ELOOP {
                throw VitrineError(file: label, "lock file \(name) is a symbolic link, which vitrine never follows; remove it", kind: .output)
            }
            throw VitrineError(file: label, "cannot open lock file \(name): \(String(cString: strerror(errno)))", kind: .output)
        }
        // No close here when this throws: the object is whole by then, so its deinit runs
        // and closes `fd`. Closing it here too closed it twice, and the second close could
        // hit whatever another thread had opened under the same number meanwhile (a build
        // whose lock wait timed out once broke a listing running beside it: EBADF).
        try acquire(label: label, waiting: waiting)
        // Say who holds it, for the next process that has to wait.
        let pid = Array("\(getpid())\n".utf8)
        if ftruncate(fd, 0) == 0 { _ = pid.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } }
    }

    private func acquire(label: String, waiting: Waiting) throws(VitrineError) {
        if try tryLock(label: label) { return }
        let holder = Self.holder(fd)
        waiting.announce(holder)
        let clock = ContinuousClock()
        let deadline = waiting.timeout.map { clock.now + $0 }
        while true {
            if let deadline, clock.now >= deadline { throw waiting.timedOut(holder) }
            usleep(50_000)
            if try tryLock(label: label) { return }
        }
    }

    private func tryLock(label: String) throws(VitrineError) -> Bool {
        while flock(fd, LOCK_EX | LOCK_NB) != 0 {
            if errno == EINTR { continue }
            if errno == EWOULDBLOCK { return false }
            throw VitrineError(file: label, "cannot lock: \(String(cString: strerror(errno)))", kind: .busy)
        }
        return true
    }

    private static func holder(_ fd: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }

    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }
}

/// Whether a process with this id is running (or exists under another user).
func processIsAlive(_ pid: Int32) -> Bool {
    guard pid > 0 else { return false }
    return kill(pid, 0) == 0 || errno == EPERM
}
