import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OutputPublisher {
    /// What the earlier layout (vitrine 0.1) kept beside the output, each under its own name:
    /// `.public.vitrine-lock`, `-folders`, `-filter`, `-spare`, `-staging-PID`, `-old-PID`…
    private var oldPrefix: String { ".\(output.lastPathComponent).vitrine-" }

    /// Moves what an earlier vitrine kept beside the output into the sidecar, or removes it:
    /// the records and a complete spare tree are moved (so the next build still reads only
    /// what changed), what a stopped build left is removed, and the old lock last. The old
    /// lock is held meanwhile, so a build of the earlier version still running finishes
    /// first. A link at any of these names is removed, never followed. Returns one line per
    /// name moved or removed.
    func upgradeOldLayout(waiting: FileLock.Waiting) throws(VitrineError) -> [String] {
        guard let names = try? fileManager.contentsOfDirectory(atPath: parent.path) else { return [] }
        let old = names.filter { $0.hasPrefix(oldPrefix) }.sorted()
        guard !old.isEmpty else { return [] }
        let oldLock = parent.appendingPathComponent(oldPrefix + "lock")
        var status = stat()
        func kind(_ path: String) -> mode_t? { lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil }
        let lock = kind(oldLock.path) == S_IFREG ? try FileLock(oldLock, label: label, name: oldLock.lastPathComponent, waiting: waiting) : nil
        var done: [String] = []
        for name in old {
            let path = parent.appendingPathComponent(name).path
            let rest = name.dropFirst(oldPrefix.count)
            switch rest {
            case "lock":
                continue
            case "spare", "folders", "filter":
                let target = sidecar.appendingPathComponent(String(rest)).path
                let whole = rest == "spare" ? Self.isCompleteTree(path) : kind(path) == S_IFREG
                if whole, kind(target) == nil, rename(path, target) == 0 {
                    done.append("moved \(name) into \(sidecar.lastPathComponent)/")
                    continue
                }
            default:
                // With the old lock held, no build of the earlier version is running.
                guard let dash = rest.lastIndex(of: "-"), ["staging", "old", "backup", "folders", "filter"].contains(rest[..<dash]),
                    let pid = Int32(rest[rest.index(after: dash)...]), lock != nil || !processIsAlive(pid)
                else { continue }
            }
            if (try? FileTree.remove(path)) != nil { done.append("removed \(name)") }
        }
        if let found = kind(oldLock.path), found == S_IFREG || found == S_IFLNK, unlink(oldLock.path) == 0 {
            done.append("removed \(oldLock.lastPathComponent)")
        }
        withExtendedLifetime(lock) {}
        return done
    }
}
