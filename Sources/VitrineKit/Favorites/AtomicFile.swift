import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replaces a person's file so that a reader — or a crash at any instant — sees either the
/// old bytes or the new ones, never a mix (`ReplacedFile`: a temporary file in the same
/// folder, synced, renamed over the target, the folder synced).
///
/// The file stays the person's: a symbolic link is written through (its target changes,
/// the link stays), the mode and owner are kept, and a read-only file is refused.
enum AtomicFile {
    /// Called after the temporary file is complete and before the rename; tests use it to
    /// stop a process at the worst moment.
    typealias BeforeRename = @Sendable (_ temporary: URL) -> Void

    /// `.NAME.tmp-PID-RANDOM`, beside the file.
    static func temporaryPrefix(for url: URL) -> String { ".\(url.lastPathComponent).tmp-" }

    /// The file a write lands in: `url`, or what its symbolic link points at.
    static func destination(of url: URL, label: String) throws(VitrineError) -> URL {
        var status = stat()
        guard lstat(url.path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return url }
        let target = url.resolvingSymlinksInPath()
        guard lstat(target.path, &status) == 0 else {
            throw VitrineError(file: label, "is a symbolic link to \(target.path), which does not exist")
        }
        return target
    }

    /// Refuses a file that is read-only — by its permission bits, which root would ignore,
    /// or for this user.
    static func checkWritable(_ url: URL, label: String) throws(VitrineError) {
        var status = stat()
        guard stat(url.path, &status) == 0 else { return }
        if status.st_mode & 0o222 == 0 || access(url.path, W_OK) != 0 {
            throw VitrineError(file: label, "is read-only; nothing was changed (make it writable to change it)", kind: .output)
        }
    }

    /// `refusingReadOnly: false` replaces a read-only file too (vitrine's snapshots, which it
    /// always replaced as a whole).
    static func write(_ data: Data, to url: URL, label: String, refusingReadOnly: Bool = true, beforeRename: BeforeRename? = nil) throws(VitrineError) {
        let target = try destination(of: url, label: label)
        if refusingReadOnly { try checkWritable(target, label: label) }
        let temporary = target.deletingLastPathComponent().appendingPathComponent(temporaryPrefix(for: target) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        do {
            try ReplacedFile.replaceDurably(target.path, with: data, by: temporary.path) { beforeRename?(temporary) }
        } catch {
            let step = ["open": "create", "fsync": "write"][error.call] ?? error.call
            throw VitrineError(file: label, "cannot write (\(step): \(error.reason))", kind: .output)
        }
    }

    /// Removes temporary files that writers killed mid-write left beside `url` (never a
    /// running process's). Call it holding the file's lock.
    static func removeLeftovers(besides url: URL) {
        removeLeftovers(in: url.deletingLastPathComponent(), prefix: temporaryPrefix(for: url))
    }

    /// Removes what killed writers left in `folder` (`data/`): every `.NAME.tmp-PID-RANDOM`
    /// whose process is gone, and the temporary files of Foundation's atomic writes, which
    /// vitrine used before (`.dat.nosync…`, which name no process) once ten minutes old.
    static func removeLeftovers(in folder: URL, prefix: String? = nil) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names {
            let path = folder.appendingPathComponent(name).path
            let rest: Substring
            if let prefix {
                guard name.hasPrefix(prefix) else { continue }
                rest = name.dropFirst(prefix.count)
            } else if name.hasPrefix(".dat.nosync") {
                let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
                if let modified, modified.timeIntervalSinceNow < -600 { unlink(path) }
                continue
            } else {
                guard name.hasPrefix("."), let marker = name.range(of: ".tmp-", options: .backwards) else { continue }
                rest = name[marker.upperBound...]
            }
            guard let pid = rest.split(separator: "-").first.flatMap({ Int32($0) }), pid != getpid(), !processIsAlive(pid) else { continue }
            unlink(path)
        }
    }

    /// Writes a new file beside `url` (`body` calls `write` with each piece), then renames it
    /// into place, so a reader never sees half a file. No fsync: for vitrine's own caches,
    /// which a power cut may lose at the cost of one slower build. The temporary file is
    /// `temporary` when given (its owner removes what a killed writer left), else
    /// `.NAME.tmp-PID-RANDOM`, and leftovers of killed writers are removed here.
    static func replaceQuickly(_ url: URL, temporary: URL? = nil, body: (_ write: ([UInt8]) -> Bool) -> Bool) -> Bool {
        let folder = url.deletingLastPathComponent()
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return false }
        if temporary == nil { removeLeftovers(besides: url) }
        let temporary = temporary ?? folder.appendingPathComponent(temporaryPrefix(for: url) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))")
        return ReplacedFile.replaceQuickly(url.path, by: temporary.path, body: body)
    }
}
