import Foundation
import Logging
import Testing
@testable import VitrineKit

@Suite("serve: watcher")
struct SiteWatcherTests {
    actor Rebuilds {
        var count = 0
        func next() -> Int {
            count += 1
            return count
        }
    }

    /// Runs a watcher over one folder until `until` holds or 5 s pass.
    func watch(_ folder: URL, rebuild: @escaping @Sendable () async -> [URL], until: @escaping @Sendable () async -> Bool) async throws {
        let watcher = SiteWatcher(
            paths: [folder], pollInterval: .milliseconds(20), debounce: .milliseconds(20),
            rebuild: rebuild, logger: Logger(label: "test")
        )
        let task = Task { try await watcher.run() }
        defer { task.cancel() }
        let deadline = ContinuousClock.now + .seconds(5)
        while ContinuousClock.now < deadline, await !until() { try await Task.sleep(for: .milliseconds(20)) }
    }

    @Test func anEditSavedDuringARebuildTriggersAnotherOne() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let file = folder.appendingPathComponent("about.md")
        try Data("one".utf8).write(to: file)
        let rebuilds = Rebuilds()
        let watching = Task {
            try await watch(folder, rebuild: {
                if await rebuilds.next() == 1 {
                    // The person saves again while the first rebuild runs.
                    try? Data("three!".utf8).write(to: file)
                }
                return []
            }, until: { await rebuilds.count >= 2 })
        }
        try await Task.sleep(for: .milliseconds(100))
        try Data("two".utf8).write(to: file)
        try await watching.value
        #expect(await rebuilds.count >= 2)
    }

    @Test func filesTheBuildWroteDoNotTriggerARebuild() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let snapshot = folder.appendingPathComponent("cats.json")
        try Data("{}".utf8).write(to: snapshot)
        let rebuilds = Rebuilds()
        let watching = Task {
            try await watch(folder, rebuild: {
                let number = await rebuilds.next()
                // Like `--refresh`: every build rewrites a watched snapshot.
                try? Data("{\"build\": \(number)}".utf8).write(to: snapshot)
                return [snapshot]
            }, until: { false })
        }
        try await Task.sleep(for: .milliseconds(100))
        try Data("title: edited".utf8).write(to: folder.appendingPathComponent("site.yml"))
        try await Task.sleep(for: .milliseconds(700))
        watching.cancel()
        #expect(await rebuilds.count == 1, "one edit, one rebuild: the build's own writes do not loop")
    }
}
