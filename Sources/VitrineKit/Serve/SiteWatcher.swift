import Foundation
import Logging
import ServiceLifecycle

/// Watches the files a build reads by polling their modification time, size and inode
/// (portable, and an atomic rename is seen as a change); when they have changed and stayed
/// still for a moment, rebuilds and tells open pages through the hub.
struct SiteWatcher: Service {
    /// Files or folders (walked recursively) to watch; missing ones may appear later.
    let paths: [URL]
    let pollInterval: Duration
    let debounce: Duration
    /// Rebuilds; returns the watched files the build itself wrote.
    let rebuild: @Sendable () async -> [URL]
    let logger: Logger

    struct Stamp: Equatable, Sendable {
        var modified: Date
        var size: Int
        var inode: Int
    }

    func run() async throws {
        do {
            try await cancelWhenGracefulShutdown { try await self.watch() }
        } catch is CancellationError {
            // Shutting down.
        }
    }

    private func watch() async throws {
        var last = Self.scan(paths)
        while true {
            try await Task.sleep(for: pollInterval)
            var current = Self.scan(paths)
            guard current != last else { continue }
            // Wait until the editor (or `favorites add`) has finished writing.
            while true {
                try await Task.sleep(for: debounce)
                let again = Self.scan(paths)
                if again == current { break }
                current = again
            }
            logger.info("changed: \(Self.describe(from: last, to: current)); rebuilding")
            let written = await rebuild()
            // What changed while the build ran must still trigger the next one: the baseline
            // is what this build saw, except files the build itself wrote (fresh snapshots,
            // favorites looked up by id), taken as they are now so they do not loop.
            last = current
            let now = Self.scan(paths)
            for url in written {
                last[url.path] = now[url.path]  // same spelling as `scan`: both start from the site's URL
            }
        }
    }

    /// Path → stamp of every regular file under `paths`.
    static func scan(_ paths: [URL]) -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        let manager = FileManager.default
        func add(_ path: String) {
            guard let attributes = try? manager.attributesOfItem(atPath: path),
                attributes[.type] as? FileAttributeType == .typeRegular
            else { return }
            stamps[path] = Stamp(
                modified: attributes[.modificationDate] as? Date ?? .distantPast,
                size: (attributes[.size] as? NSNumber)?.intValue ?? -1,
                inode: (attributes[.systemFileNumber] as? NSNumber)?.intValue ?? -1
            )
        }
        for url in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else {
                add(url.path)
                continue
            }
            guard let enumerator = manager.enumerator(atPath: url.path) else { continue }
            for case let relative as String in enumerator {
                add(url.appendingPathComponent(relative).path)
            }
        }
        return stamps
    }

    /// `content/about.md` or `3 files`, for the log line.
    static func describe(from old: [String: Stamp], to new: [String: Stamp]) -> String {
        let changed = Set(old.keys).union(new.keys).filter { old[$0] != new[$0] }.sorted()
        if changed.count == 1, let only = changed.first { return URL(fileURLWithPath: only).lastPathComponent }
        return "\(changed.count) files"
    }
}
