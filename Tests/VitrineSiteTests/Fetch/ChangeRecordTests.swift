import Foundation
import Synchronization
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// Issue 39, first part: every refresh knows what is new and what left — the change record
/// beside the snapshot, `--report`'s `added`/`removed`, `vitrine diff` and `--detailed-exitcode`.
@Suite("what changed")
struct ChangeRecordTests {
    static func item(_ id: String) -> Item {
        Item(id: ItemID(source: .giphy, value: id), title: "GIF \(id)")
    }

    static let t0 = ChangePagesTests.t0

    @Test func addedRemovedReorderedAndUnchanged() {
        let old = ["a", "b", "c"].map(Self.item)
        let added = ChangeRecord.refresh(from: old, to: ["c", "a", "d"].map(Self.item), at: Self.t0)
        #expect(added.added.map(\.id.value) == ["d"])
        #expect(added.removed.map(\.id.value) == ["b"])
        #expect(added.removed.first?.title == "GIF b")
        #expect(ChangeRecord.refresh(from: old, to: ["c", "b", "a"].map(Self.item), at: Self.t0).isEmpty, "a new order is no change")
        #expect(ChangeRecord.refresh(from: old, to: old, at: Self.t0).isEmpty)
        let first = ChangeRecord.refresh(from: nil, to: old, at: Self.t0)
        #expect(first.initial == true && first.added.count == 3)
        // Canonically equivalent ids are two items (their bytes differ).
        #expect(ChangeRecord.refresh(from: [Self.item("caf\u{E9}")], to: [Self.item("cafe\u{301}")], at: Self.t0).added.count == 1)
    }

    @Test func firstSeenKeepsTheFirstTimeAndTheHistoryStaysBounded() {
        var record = ChangeRecord(gallery: "cats")
        var items = ["a", "b"].map(Self.item)
        record = record.applying(ChangeRecord.refresh(from: nil, to: items, at: Self.t0), items: items, limit: 30)
        #expect(record.latestChange == nil, "a first snapshot marks nothing as new")
        for step in 1...100 {
            let next = items.dropFirst().map(\.id.value) + ["n\(step)"]
            let refreshed = next.map(Self.item)
            record = record.applying(ChangeRecord.refresh(from: items, to: refreshed, at: Self.t0 + Double(step) * 3600), items: refreshed, limit: 30)
            items = refreshed
        }
        #expect(record.refreshes.count == 30)
        #expect(record.firstSeen.count == 2)
        #expect(record.firstSeen.map(\.id.value) == ["n99", "n100"])
        #expect(record.firstSeen.first?.at == RFC3339.string(from: Self.t0 + 99 * 3600))
        #expect(record.latestChange?.added.map(\.id.value) == ["n100"])
        let unchanged = record.applying(ChangeRecord.refresh(from: items, to: items, at: Self.t0 + 999_999), items: items, limit: 30)
        #expect(unchanged == record, "a refresh that changed nothing writes nothing")
    }

    /// How far a stub GIPHY's results have moved: 0 answers g0…g5, 2 answers g2…g7.
    final class Shift: Sendable {
        let value = Mutex(0)
        func set(_ shift: Int) { value.withLock { $0 = shift } }
    }

    /// A site whose one gallery, `cats`, asks a stub GIPHY whose six results move with the
    /// returned `Shift`; `extra` adds lines to the gallery's entry.
    static func movingSite(_ extra: String = "") async throws -> (Shift, StubServer, FetchTestSite) {
        let shift = Shift()
        let server = try await StubServer.start { _ in
            .json(StubBodies.giphy(offset: shift.value.withLock { $0 }, count: 6, total: 6))
        }
        let site = try FetchTestSite(server: server, galleries: "  - name: cats\n    source: giphy\n    query: cats\n    limit: 6\n" + extra)
        return (shift, server, site)
    }

    @Test func aRefreshRecordsWhatItAddedAndRemovedAndReportsIt() async throws {
        let (shift, server, site) = try await Self.movingSite("    history: 3\n")
        defer { Task { await server.stop() } }
        var options = site.options(.refresh, cacheMaxAge: .zero)
        let clock = Mutex(Self.t0)
        options.now = { clock.withLock { $0 } }
        let first = try await site.build(options)
        #expect(first.changedGalleries.isEmpty, "the first snapshot is no change")
        let recordURL = site.folder.appendingPathComponent("data/cats.changes.json")
        var record = try JSONDecoder().decode(ChangeRecord.self, from: Data(contentsOf: recordURL))
        #expect(record.refreshes.map(\.initial) == [true])

        shift.set(2)
        clock.withLock { $0 = Self.t0 + 3600 }
        let second = try await site.build(options)
        #expect(second.changedGalleries == ["cats"])
        #expect(second.line.contains("; new or gone items in cats (vitrine diff)"), "\(second.line)")
        record = try JSONDecoder().decode(ChangeRecord.self, from: Data(contentsOf: recordURL))
        let latest = try #require(record.latestChange)
        #expect(latest.at == RFC3339.string(from: Self.t0 + 3600))
        #expect(latest.added.map(\.id.value) == ["g6", "g7"])
        #expect(latest.removed.map(\.id.value) == ["g0", "g1"])
        #expect(record.firstSeen.map(\.at) == Array(repeating: RFC3339.string(from: Self.t0), count: 4) + Array(repeating: latest.at, count: 2))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: site.folder.appendingPathComponent("report.json"))) as? [String: Any]
        let gallery = try #require((report?["galleries"] as? [[String: Any]])?.first)
        #expect(gallery["added"] as? [String] == ["giphy:g6", "giphy:g7"])
        #expect(gallery["removed"] as? [String] == ["giphy:g0", "giphy:g1"])

        // The same results again: no change, nothing written to the record.
        clock.withLock { $0 = Self.t0 + 7200 }
        let third = try await site.build(options)
        #expect(third.changedGalleries.isEmpty)
        #expect(try JSONDecoder().decode(ChangeRecord.self, from: Data(contentsOf: recordURL)) == record)

        // `vitrine diff`, as text and JSON, reads the record.
        let folder = site.folder.deletingLastPathComponent()
        let diff = try await TestSupport.spawn(["diff", "site"], in: folder)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(
            diff.stdout == """
                cats (giphy): 2 added, 2 removed at \(latest.at)
                  + giphy:g6  Cat 6 GIF
                  + giphy:g7  Cat 7 GIF
                  - giphy:g0  Cat 0 GIF
                  - giphy:g1  Cat 1 GIF

                """)
        let json = try await TestSupport.spawn(["diff", "site", "--json"], in: folder)
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let galleries = try #require(object?["galleries"] as? [[String: Any]])
        #expect((galleries.first?["added"] as? [[String: Any]])?.map { $0["id"] as? String } == ["giphy:g6", "giphy:g7"])
    }

    @Test func diffBetweenTwoCopiesOfASite() async throws {
        let (shift, server, site) = try await Self.movingSite()
        defer { Task { await server.stop() } }
        try await site.build(site.options(.refresh, cacheMaxAge: .zero))
        let old = site.folder.deletingLastPathComponent().appendingPathComponent("old")
        try FileManager.default.copyItem(at: site.folder, to: old)
        shift.set(1)
        try await site.build(site.options(.refresh, cacheMaxAge: .zero))
        let diff = try await TestSupport.spawn(["diff", "site", "--from", "old"], in: site.folder.deletingLastPathComponent())
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout == "cats (giphy): 1 added, 1 removed\n  + giphy:g6  Cat 6 GIF\n  - giphy:g0  Cat 0 GIF\n")
    }

    @Test func aDamagedRecordStopsNoRefreshAndAFolderThatIsNoSiteIsAnError() async throws {
        let (shift, server, site) = try await Self.movingSite()
        defer { Task { await server.stop() } }
        let options = site.options(.refresh, cacheMaxAge: .zero)
        try await site.build(options)
        let record = site.folder.appendingPathComponent("data/cats.changes.json")
        try Data("<<<<<<< HEAD\n{}\n=======\n".utf8).write(to: record)
        shift.set(1)
        let logs = LogCapture()
        let summary = try await site.build(options, logs: logs)
        #expect(summary.changedGalleries == ["cats"])
        #expect(logs.all.contains { $0.contains("site/data/cats.changes.json") && $0.contains("a new change record starts") }, "\(logs.all)")
        #expect(try JSONDecoder().decode(ChangeRecord.self, from: Data(contentsOf: record)).latestChange?.added.map(\.id.value) == ["g6"])
        let diff = try await TestSupport.spawn(["diff", "site", "--from", "no-such-site"], in: site.folder.deletingLastPathComponent())
        #expect(diff.status == 1, "\(diff.stdout)")
        #expect(diff.stderr.hasPrefix("error: ") && diff.stdout.isEmpty, "\(diff.stderr)")
    }

    @Test func detailedExitcodeSaysWhetherARefreshChangedAGallery() async throws {
        let (shift, server, site) = try await Self.movingSite()
        defer { Task { await server.stop() } }
        let folder = site.folder.deletingLastPathComponent()
        let environment = ["VITRINE_GIPHY_URL": server.baseURL.absoluteString, "GIPHY_API_KEY": "cli-SECRET-key"]
        let arguments = ["build", "site", "--refresh", "--quiet", "--cache-max-age", "0", "--cache-dir", "cache", "--detailed-exitcode"]
        #expect(try await TestSupport.spawn(arguments, in: folder, environment: environment).status == 0, "a first snapshot")
        #expect(try await TestSupport.spawn(arguments, in: folder, environment: environment).status == 0, "the same results")
        shift.set(3)
        let changed = try await TestSupport.spawn(arguments, in: folder, environment: environment)
        #expect(changed.status == 2, "\(changed.stderr)")
        #expect(changed.stderr.isEmpty, "\(changed.stderr)")
        let offline = try await TestSupport.spawn(["build", "site", "--offline", "--quiet", "--detailed-exitcode"], in: folder)
        #expect(offline.status == 0, "an offline build refreshes nothing: \(offline.stderr)")
    }
}
