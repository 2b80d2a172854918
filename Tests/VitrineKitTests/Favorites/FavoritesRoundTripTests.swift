import Foundation
import Testing

@testable import VitrineKit

/// favorites.json is the user's file: keys vitrine does not know survive every rewrite, a
/// symbolic link is written through, mode and owner stay, a read-only file is refused, and
/// a build that stores looked-up items in it says so.
@Suite("favorites.json round trip", .serialized)
struct FavoritesRoundTripTests {
    /// A note on an entry, a note inside its stored item, and a top-level comment.
    static let annotated = #"""
        {
          "comment": "curated by hand; do not sort",
          "favorites": [
            {"id": "giphy:g1", "addedAt": "2026-11-20T09:12:00Z", "note": "the best one", "labels": ["a", 1, 2.50, null, true]},
            {"id": "giphy:g2", "addedAt": "2026-11-21T10:00:00Z",
             "item": {"id": "giphy:g2", "title": "Cat 2", "mine": {"big": 123456789012345678901234567890}}}
          ],
          "version": 3
        }
        """#

    static func site() throws -> URL {
        let site = try FavoritesServiceTests.site()
        try Data(annotated.utf8).write(to: site.appendingPathComponent("favorites.json"))
        return site
    }

    static func service(_ site: URL) -> FavoritesService {
        FavoritesService(options: BuildOptions(site: site, siteLabel: "site"))
    }

    static func json(_ url: URL) throws -> NSDictionary {
        try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! NSDictionary
    }

    /// The unknown keys, as a user would check them.
    static func expectUnknownKeysKept(_ url: URL, _ when: String) throws {
        let object = try json(url)
        #expect(object["comment"] as? String == "curated by hand; do not sort", "\(when)")
        #expect(object["version"] as? Int == 3, "\(when)")
        let entries = object["favorites"] as! [NSDictionary]
        let first = entries.first { $0["id"] as? String == "giphy:g1" }
        #expect(first?["note"] as? String == "the best one", "\(when)")
        #expect((first?["labels"] as? NSArray)?.count == 5, "\(when)")
        let second = entries.first { $0["id"] as? String == "giphy:g2" }
        let mine = (second?["item"] as? NSDictionary)?["mine"] as? NSDictionary
        #expect(mine != nil, "a key inside a stored item, \(when)")
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("123456789012345678901234567890"), "digits as written, \(when)")
        #expect(text.contains("2.5"), "\(when)")
    }

    @Test func unknownKeysSurviveAddRemoveAndTheServeStar() async throws {
        let site = try Self.site()
        let file = site.appendingPathComponent("favorites.json")
        _ = try await Self.service(site).add("giphy:g5")
        try Self.expectUnknownKeysKept(file, "add")
        _ = try Self.service(site).remove("giphy:g5")
        try Self.expectUnknownKeysKept(file, "remove")

        // The serve star goes through the same service.
        let served = try await ServedSite.start()
        do {
            try Data(Self.annotated.replacingOccurrences(of: "giphy:g2", with: "tmdb:550").utf8).write(to: served.favoritesFile)
            #expect(try await served.star("giphy:g3", true).status == 200)
            let object = try Self.json(served.favoritesFile)
            #expect(object["comment"] as? String == "curated by hand; do not sort")
            #expect((object["favorites"] as! [NSDictionary]).first?["note"] as? String == "the best one")
        } catch {
            await served.stop()
            throw error
        }
        await served.stop()
    }

    @Test func aSymbolicLinkIsWrittenThroughAndModeIsKept() async throws {
        let site = try Self.site()
        let elsewhere = try TestSupport.temporaryDirectory("vitrine-favs-target").appendingPathComponent("my-favorites.json")
        try FileManager.default.moveItem(at: site.appendingPathComponent("favorites.json"), to: elsewhere)
        try FileManager.default.createSymbolicLink(at: site.appendingPathComponent("favorites.json"), withDestinationURL: elsewhere)
        chmod(elsewhere.path, 0o600)

        _ = try await Self.service(site).add("giphy:g7")
        let link = try FileManager.default.destinationOfSymbolicLink(atPath: site.appendingPathComponent("favorites.json").path)
        #expect(link == elsewhere.path, "the link is still a link")
        #expect(try FavoritesStore(url: elsewhere, label: "f", jobs: 2).read().favorites.map(\.id.value).contains("g7"))
        var status = stat()
        stat(elsewhere.path, &status)
        #expect(status.st_mode & 0o777 == 0o600)
        try Self.expectUnknownKeysKept(elsewhere, "through a link")
        let strays = try FileManager.default.contentsOfDirectory(atPath: elsewhere.deletingLastPathComponent().path).filter { $0.contains(".tmp-") }
        #expect(strays == [])
    }

    @Test func aReadOnlyFileIsRefusedWithOneLineAndNotChanged() async throws {
        let site = try Self.site()
        let file = site.appendingPathComponent("favorites.json")
        chmod(file.path, 0o444)
        let before = try Data(contentsOf: file)
        await #expect(throws: VitrineError("site/favorites.json: is read-only; nothing was changed (make it writable to change it)", kind: .output)) {
            try await Self.service(site).add("giphy:g5")
        }
        #expect(throws: VitrineError.self) { try Self.service(site).remove("giphy:g1") }
        #expect(try Data(contentsOf: file) == before)
    }

    @Test func temporaryFilesOfKilledWritersAreRemovedByTheNextWrite() async throws {
        let site = try Self.site()
        let stray = site.appendingPathComponent(".favorites.json.tmp-4000000-12345")
        try Data("half".utf8).write(to: stray)
        let live = site.appendingPathComponent(".favorites.json.tmp-1-12345")
        try Data("half".utf8).write(to: live)
        _ = try await Self.service(site).add("giphy:g5")
        #expect(!FileManager.default.fileExists(atPath: stray.path))
        #expect(FileManager.default.fileExists(atPath: live.path), "pid 1 is running: not ours to remove")
    }

    @Test func aBuildThatStoresItemsSaysSoAndKeepsUnknownKeys() async throws {
        let server = try await StubServer.start { request in
            // Id-only favorites are looked up in one batch (`/v1/gifs?ids=`).
            request.path == "/v1/gifs"
                ? .json(#"{"data":[{"type":"gif","id":"far","title":"Far away","images":{}}],"meta":{"status":200,"msg":"OK","response_id":"x"}}"#)
                : .json(#"{"data":{"type":"gif","id":"far","title":"Far away","images":{}},"meta":{"status":200,"msg":"OK","response_id":"x"}}"#)
        }
        defer { Task { await server.stop() } }
        let site = try Self.site()
        let file = site.appendingPathComponent("favorites.json")
        try Data(Self.annotated.replacingOccurrences(of: "giphy:g1", with: "giphy:far").utf8).write(to: file)
        let base = server.baseURL
        let fetch = FetchOptions(
            mode: .snapshotsFirst, endpoints: APIEndpoints(giphy: base, tmdb: base, googleBooks: base, itunes: base),
            credentials: APICredentials(giphyKey: "test-giphy-key"), cacheDirectory: site.appendingPathComponent("cache"), cacheMaxAge: .zero
        )
        let options = BuildOptions(site: site, siteLabel: "site", output: site.appendingPathComponent("public"), fetch: fetch)
        let summary = try await SiteBuilder().build(options)
        #expect(summary.line.hasSuffix("; stored 1 favorite's item in site/favorites.json"))
        let object = try Self.json(file)
        #expect(object["comment"] as? String == "curated by hand; do not sort")
        let far = (object["favorites"] as! [NSDictionary]).first { $0["id"] as? String == "giphy:far" }
        #expect(far?["note"] as? String == "the best one")
        #expect((far?["item"] as? NSDictionary)?["title"] as? String == "Far away")

        // Read-only: the build still succeeds and says why nothing was stored.
        try Data(Self.annotated.replacingOccurrences(of: "giphy:g1", with: "giphy:far").utf8).write(to: file)
        chmod(file.path, 0o444)
        let before = try Data(contentsOf: file)
        let readOnly = try await SiteBuilder().build(options)
        #expect(readOnly.warnings.contains("site/favorites.json: is read-only; nothing was changed (make it writable to change it); the favorites looked up by id were not stored"))
        #expect(try Data(contentsOf: file) == before)
    }
}
