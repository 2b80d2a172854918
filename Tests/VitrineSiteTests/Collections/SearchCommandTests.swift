import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// `vitrine search SOURCE QUERY` (issue 35, item 4, the search part): the binary against the
/// stub API, configured through the environment as a user's would be.
@Suite("vitrine search")
struct SearchCommandTests {
    static func server() async throws -> StubServer {
        try await StubServer.start { request in
            switch request.path {
            case "/3/configuration":
                return .json(StubBodies.tmdbConfiguration(base: URL(string: "http://127.0.0.1")!))
            case "/3/search/movie":
                return .json(StubBodies.tmdbList(page: Int(request.query["page"] ?? "") ?? 1, count: 20, totalPages: 3, totalResults: 55))
            case "/books/v1/volumes":
                return .json(StubBodies.books(start: Int(request.query["startIndex"] ?? "") ?? 0, count: 2, total: 2))
            case "/v1/gifs/search":
                let offset = Int(request.query["offset"] ?? "") ?? 0
                return .json(StubBodies.giphy(offset: offset, count: Int(request.query["limit"] ?? "") ?? 0, total: 100))
            default:
                return .json("{}", status: 404)
            }
        }
    }

    func environment(_ server: StubServer) -> [String: String] {
        let base = server.baseURL.absoluteString
        return [
            "VITRINE_TMDB_URL": base, "VITRINE_GOOGLE_BOOKS_URL": base, "VITRINE_GIPHY_URL": base, "TMDB_API_KEY": "tmdb-SECRET-key-1",
            "GIPHY_API_KEY": "giphy-SECRET-key-2",
        ]
    }

    @Test func textShowsIDTitleYearAndTheLineThatAddsIt() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let folder = try TestSupport.temporaryDirectory()
        let run = try await LiveCLITests.spawn(["search", "tmdb", "fight club", "--cache-dir", "cache"], in: folder, environment: environment(server))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(2) == ["tmdb:100  Movie 100  (2020)", "    vitrine favorites add tmdb:100"], "\(run.stdout)")
        #expect(lines.count == 22 && lines[20] == "page 1: 10 of about 55 results; --page 2 for more", "\(run.stdout)")
        #expect(await server.received().first { $0.path == "/3/search/movie" }?.query["query"] == "fight club")
        #expect(!(run.stdout + run.stderr).contains("SECRET"))

        let second = try await LiveCLITests.spawn(["search", "tmdb", "fight club", "--page", "2", "--cache-dir", "cache"], in: folder, environment: environment(server))
        #expect(second.stdout.hasPrefix("tmdb:110  Movie 110  (2020)\n"), "\(second.stdout)")
    }

    @Test func jsonHasStableKeysForScripts() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let folder = try TestSupport.temporaryDirectory()
        let run = try await LiveCLITests.spawn(
            ["search", "google-books", "swift", "--json", "--site", "my site", "--cache-dir", "cache"], in: folder, environment: environment(server))
        #expect(run.status == 0, "\(run.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["source", "query", "page", "totalResults", "results"])
        let results = try #require(object["results"] as? [[String: Any]])
        #expect(results.count == 2)
        #expect(results[0]["id"] as? String == "books:b0")
        #expect(results[0]["title"] as? String == "Book 0")
        #expect(results[0]["authors"] as? [String] == ["Ann"])
        #expect(results[0]["add"] as? String == "vitrine favorites add books:b0 'my site'")
    }

    @Test func theAppStoreHasNoSearchAndUsageErrorsExit64() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let apps = try await TestSupport.spawn(["search", "app-store", "kakao"], in: folder)
        #expect(apps.status == 64)
        #expect(apps.stderr.hasPrefix("error: the App Store has no search vitrine can use (lookup by id only): find the app on apps.apple.com"), "\(apps.stderr)")
        #expect(apps.stderr.split(separator: "\n").count == 1, "one line: \(apps.stderr)")
        #expect(try TestSupport.tree(folder).isEmpty, "nothing written into the folder")
        #expect(try await TestSupport.spawn(["search", "tmdb", "x", "--page", "0"], in: folder).status == 64)
        #expect(try await TestSupport.spawn(["search", "flickr", "x"], in: folder).status == 64)
        #expect(try await TestSupport.spawn(["search", "tmdb"], in: folder).status == 64)
        #expect(try await TestSupport.spawn(["search", "tmdb", "x", "--offline"], in: folder).status == 64)
        let help = try await TestSupport.spawn(["search", "--help"], in: folder)
        #expect(help.status == 0 && help.stdout.contains("USAGE: vitrine search <source> <query>"), "\(help.stdout)")
    }

    @Test func aMissingKeyIsOneLineAndNoKeyIsEverPrinted() async throws {
        let server = try await Self.server()
        defer { Task { await server.stop() } }
        let folder = try TestSupport.temporaryDirectory()
        let run = try await LiveCLITests.spawn(["search", "giphy", "cats", "--cache-dir", "cache"], in: folder, environment: ["VITRINE_GIPHY_URL": server.baseURL.absoluteString])
        #expect(run.status == 64)
        #expect(run.stderr == "error: search 'cats' (giphy): GIPHY_API_KEY is not set\n", "\(run.stderr)")
    }
    @Test func anIDNoCommandCouldTakeIsNoResultAndNothingIsWrittenOutsideASite() async throws {
        // A hostile API: ids a shell would read as more than an id, beside one good id.
        let server = try await StubServer.start { _ in
            let body = StubBodies.giphy(offset: 0, count: 3, total: 3)
                .replacingOccurrences(of: #""id":"g0""#, with: #""id":"abc$(touch pwned)""#)
                .replacingOccurrences(of: #""id":"g1""#, with: #""id":"a b;c""#)
            return .json(body)
        }
        defer { Task { await server.stop() } }
        let folder = try TestSupport.temporaryDirectory()
        let run = try await LiveCLITests.spawn(
            ["search", "giphy", "cats"], in: folder, environment: ["VITRINE_GIPHY_URL": server.baseURL.absoluteString, "GIPHY_API_KEY": "giphy-SECRET-key-2"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.hasPrefix("giphy:g2  Cat 2 GIF\n    vitrine favorites add giphy:g2\n"), "\(run.stdout)")
        #expect(!run.stdout.contains("pwned") && !run.stdout.contains("a b;c"), "\(run.stdout)")
        // No cache in the current folder (no site there), and no file anywhere under it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }
}
