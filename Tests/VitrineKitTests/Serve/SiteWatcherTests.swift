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

    /// Runs a watcher over one folder until `until` holds or 30 s pass (generous: the whole
    /// suite runs alongside on two cores, and a starved pool must not fail the test).
    func watch(_ folder: URL, rebuild: @escaping @Sendable () async -> [URL], until: @escaping @Sendable () async -> Bool) async throws {
        let watcher = SiteWatcher(
            paths: [folder], pollInterval: .milliseconds(20), debounce: .milliseconds(20),
            rebuild: rebuild, logger: Logger(label: "test")
        )
        let task = Task { try await watcher.run() }
        defer { task.cancel() }
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline, await !until() { try await Task.sleep(for: .milliseconds(20)) }
    }

    /// Edits `file` until the watcher has rebuilt once (its first scan may not have run yet).
    func editUntilFirstRebuild(_ file: URL, _ rebuilds: Rebuilds) async throws {
        let deadline = ContinuousClock.now + .seconds(30)
        var number = 0
        while await rebuilds.count == 0, ContinuousClock.now < deadline {
            number += 1
            try Data("edit \(number)".utf8).write(to: file)
            try await Task.sleep(for: .milliseconds(100))
        }
    }

    @Test func anEditSavedDuringARebuildTriggersAnotherOne() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let file = folder.appendingPathComponent("about.md")
        try Data("one".utf8).write(to: file)
        let rebuilds = Rebuilds()
        let watching = Task {
            try await watch(
                folder,
                rebuild: {
                    if await rebuilds.next() == 1 {
                        // The person saves again while the first rebuild runs.
                        try? Data("saved during the build".utf8).write(to: file)
                        try? await Task.sleep(for: .milliseconds(300))
                    }
                    return []
                }, until: { await rebuilds.count >= 2 })
        }
        try await editUntilFirstRebuild(file, rebuilds)
        try await watching.value
        #expect(await rebuilds.count >= 2)
    }

    @Test func filesTheBuildWroteDoNotTriggerARebuild() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let snapshot = folder.appendingPathComponent("cats.json")
        try Data("{}".utf8).write(to: snapshot)
        let rebuilds = Rebuilds()
        let watching = Task {
            try await watch(
                folder,
                rebuild: {
                    let number = await rebuilds.next()
                    // Like `--refresh`: every build rewrites a watched snapshot.
                    try? Data("{\"build\": \(number)}".utf8).write(to: snapshot)
                    return [snapshot]
                }, until: { false })
        }
        try await editUntilFirstRebuild(folder.appendingPathComponent("site.yml"), rebuilds)
        try await Task.sleep(for: .milliseconds(500))  // an edit may have landed during that build
        let settled = await rebuilds.count
        try await Task.sleep(for: .milliseconds(800))
        watching.cancel()
        #expect(settled >= 1)
        #expect(await rebuilds.count == settled, "the build's own writes do not start rebuild after rebuild")
    }
}
