import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file replaced as a whole, so that a reader — or a crash at any instant — sees either the
/// old bytes or the new ones, never a mix: the new bytes go into a temporary file in the same
/// folder, which is then renamed over the file.
public enum ReplacedFile {
    /// Replaces `target` with `data` by way of `temporary` (a new name in its folder), for a
    /// person's file: the temporary file gets the mode and owner of the file it replaces
    /// (the owner where this process may give it) and is synced before the rename, and the
    /// folder after it. `beforeRename` runs between the complete temporary file and the
    /// rename. On failure nothing is left at `temporary`; the error's call is `open`,
    /// `write` (or `fsync`) or `rename`.
    public static func replaceDurably(_ target: String, with data: Data, by temporary: String, beforeRename: () -> Void) throws(SystemCallError) {
        var existing = stat()
        let hadFile = stat(target, &existing) == 0
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw SystemCallError("open", path: temporary) }
        if hadFile {
            fchmod(fd, existing.st_mode & 0o7777)
            if fchown(fd, existing.st_uid, existing.st_gid) != 0 { _ = fchown(fd, getuid(), existing.st_gid) }
        }
        let written = writeAll(fd, data)
        let error = written ? (fsync(fd) == 0 ? nil : SystemCallError("fsync", path: temporary)) : SystemCallError("write", path: temporary)
        close(fd)
        if let error {
            unlink(temporary)
            throw error
        }
        beforeRename()
        guard rename(temporary, target) == 0 else {
            let error = SystemCallError("rename", path: target)
            unlink(temporary)
            throw error
        }
        let folder = open((target as NSString).deletingLastPathComponent, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// Writes a new file at `temporary` (`body` calls `write` with each piece), then renames
    /// it over `target`, so a reader never sees half a file. No fsync: for caches, which a
    /// power cut may lose at the cost of recomputing them. False when anything failed, with
    /// nothing left at `temporary`.
    public static func replaceQuickly(_ target: String, by temporary: String, body: (_ write: ([UInt8]) -> Bool) -> Bool) -> Bool {
        unlink(temporary)
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        let written = body { piece in writeAll(fd, piece) }
        close(fd)
        guard written, rename(temporary, target) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}
