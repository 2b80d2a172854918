import Foundation
import Testing

@testable import VitrineKitTests

#if canImport(Glibc)
    import Glibc
#endif

/// The favorites commands as a user runs them: messages, exit codes, concurrency, crashes.
@Suite("vitrine favorites CLI")
struct FavoritesCLITests {
    func favorites(_ site: URL) async throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: site.appendingPathComponent("favorites.json"))) as? [String: Any]
        return (object?["favorites"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
    }

    @Test func listAddRemoveSpeakPlainly() async throws {
        let site = try FavoritesServiceTests.site(limit: 2, favorites: ["giphy:g1"])
        let folder = site.deletingLastPathComponent()
        let list = try await TestSupport.spawn(["favorites", "list", "site"], in: folder)
        #expect(list.status == 0)
        #expect(list.stdout == "#  id        kind  title  added\n1  giphy:g1  gif   Cat 1  2026-11-20T10:00:00Z\n")

        let add = try await TestSupport.spawn(["favorites", "add", "giphy:g2", "site", "--offline"], in: folder)
        #expect(add.status == 0)
        #expect(add.stdout == "added giphy:g2 “Cat 2” (2/2)\n")

        let full = try await TestSupport.spawn(["favorites", "add", "giphy:g3", "site", "--offline"], in: folder)
        #expect(full.status == 1)
        #expect(full.stderr == "error: favorites are full (2/2): remove one first\n")

        let again = try await TestSupport.spawn(["favorites", "add", "giphy:g2", "site"], in: folder)
        #expect(again.status == 0)
        #expect(again.stdout == "giphy:g2 is already a favorite (2/2); nothing changed\n")

        let remove = try await TestSupport.spawn(["favorites", "remove", "giphy:g1", "site"], in: folder)
        #expect(remove.status == 0)
        #expect(remove.stdout == "removed giphy:g1 (1/2)\n")
        await #expect(try favorites(site) == ["giphy:g2"])

        let missing = try await TestSupport.spawn(["favorites", "remove", "giphy:g1", "site"], in: folder)
        #expect(missing.status == 1)
        #expect(missing.stderr == "error: 'giphy:g1' is not in site/favorites.json\n")

        let bad = try await TestSupport.spawn(["favorites", "add", "cats", "site"], in: folder)
        #expect(bad.status == 64)
        #expect(bad.stderr == "error: invalid id 'cats': expected SOURCE:ID, e.g. giphy:FiGiRei2ICzzG or tmdb:550\n")

        let empty = try await TestSupport.spawn(["favorites", "list", "site"], in: try FavoritesServiceTests.site().deletingLastPathComponent())
        #expect(empty.stdout == "No favorites yet. Add one with: vitrine favorites add giphy:ID site\n")
    }

    /// 20 processes add at once: every entry that fits under the limit is there, the rest are refused.
    @Test func twentyConcurrentAddsLoseNothing() async throws {
        let site = try FavoritesServiceTests.site(limit: 20, favorites: ["giphy:g0", "giphy:g1", "giphy:g2", "giphy:g3", "giphy:g4"])
        let processes = (5..<25).map { index -> (Process, Pipe) in
            let process = Process()
            process.executableURL = TestSupport.binary
            process.arguments = ["favorites", "add", "giphy:g\(index)", "site", "--offline", "--quiet"]
            process.currentDirectoryURL = site.deletingLastPathComponent()
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            return (process, err)
        }
        for (process, _) in processes { try process.run() }
        var refusals = 0
        for (process, err) in processes {
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationStatus != 0 {
                #expect(stderr == "error: favorites are full (20/20): remove one first\n")
                refusals += 1
            }
        }
        let ids = try await favorites(site)
        #expect(ids.count == 20)
        #expect(Set(ids).count == 20)
        #expect(refusals == 5)
        #expect(Array(ids.prefix(5)) == ["giphy:g0", "giphy:g1", "giphy:g2", "giphy:g3", "giphy:g4"])
    }

    /// A process killed after writing the new file and before renaming it leaves the old file intact.
    @Test func aCrashBetweenWriteAndRenameKeepsTheOldFile() async throws {
        let site = try FavoritesServiceTests.site(favorites: ["giphy:g1"])
        let before = try Data(contentsOf: site.appendingPathComponent("favorites.json"))
        let process = Process()
        process.executableURL = TestSupport.binary
        process.arguments = ["favorites", "add", "giphy:g2", "site", "--offline", "--test-pause-before-rename", "30"]
        process.currentDirectoryURL = site.deletingLastPathComponent()
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // Wait until the new file is complete and the process is about to rename it.
        let line = String(decoding: err.fileHandleForReading.availableData, as: UTF8.self)
        #expect(line.hasPrefix("paused before rename: .favorites.json.tmp-"))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try Data(contentsOf: site.appendingPathComponent("favorites.json")) == before)

        // The lock died with the process; the next add works and ignores the stray temporary file.
        let next = try await TestSupport.spawn(["favorites", "add", "giphy:g2", "site", "--offline"], in: site.deletingLastPathComponent())
        #expect(next.status == 0)
        await #expect(try favorites(site) == ["giphy:g1", "giphy:g2"])
    }
}
