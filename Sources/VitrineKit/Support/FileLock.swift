import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lock of a read-modify-write of favorites.json or of a whole build of one output: a
/// `LockFile` taken exclusively, waiting for another holder as `Waiting` says, with its
/// system-call errors labelled for the user. The kernel releases it when the process dies,
/// so a crash never leaves anything locked; the lock file stays (deleting it would race with
/// other holders).
final class FileLock {
    private let file: LockFile

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
        do {
            file = try LockFile(path: url.path)
        } catch {
            let name = name ?? url.lastPathComponent
            if error.code == ELOOP {
                throw VitrineError(file: label, "lock file \(name) is a symbolic link, which vitrine never follows; remove it", kind: .output)
            }
            throw VitrineError(file: label, "cannot open lock file \(name): \(error.reason)", kind: .output)
        }
        // When this throws, the lock file is closed by its own deinit, once.
        try acquire(label: label, waiting: waiting)
        file.nameHolder()
    }

    private func acquire(label: String, waiting: Waiting) throws(VitrineError) {
        if try tryLock(label: label) { return }
        let holder = file.holder
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
        do {
            return try file.tryLock()
        } catch {
            throw VitrineError(file: label, "cannot lock: \(error.reason)", kind: .busy)
        }
    }
}
