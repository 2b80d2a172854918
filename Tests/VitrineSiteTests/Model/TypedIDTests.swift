import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// Issue 35, "no way to find an id" (a first part): `favorites add|remove` take an item's id,
/// the folder of its page, or its address on the source's own site.
@Suite("ids as people type them")
struct TypedIDTests {
    @Test(
        arguments: [
            ("tmdb:550", "tmdb:550"),
            ("tmdb-550", "tmdb:550"),
            ("giphy-FiGiRei2ICzzG", "giphy:FiGiRei2ICzzG"),
            ("books-a~2Eb", "books:a.b"),
            ("https://www.themoviedb.org/movie/550-fight-club", "tmdb:550"),
            ("https://www.themoviedb.org/movie/550?language=ko", "tmdb:550"),
            ("https://giphy.com/gifs/cat-funny-FiGiRei2ICzzG", "giphy:FiGiRei2ICzzG"),
            ("https://giphy.com/gifs/FiGiRei2ICzzG", "giphy:FiGiRei2ICzzG"),
            ("https://media2.giphy.com/media/FiGiRei2ICzzG/giphy.gif", "giphy:FiGiRei2ICzzG"),
            ("https://i.giphy.com/FiGiRei2ICzzG.webp", "giphy:FiGiRei2ICzzG"),
            ("https://books.google.com/books?id=zyTCAlFPjgYC&hl=ko", "books:zyTCAlFPjgYC"),
            ("https://books.google.co.kr/books/about/Title.html?id=zyTCAlFPjgYC", "books:zyTCAlFPjgYC"),
            ("https://www.google.com/books/edition/_/zyTCAlFPjgYC", "books:zyTCAlFPjgYC"),
            ("https://apps.apple.com/kr/app/some-app/id872469884", "appstore:872469884"),
        ]
    )
    func whatPeopleTypeNamesTheItem(typed: String, id: String) throws {
        #expect(try ItemID(typed: typed).description == id)
    }

    /// Every page folder reads back as its id (the shortened ones excepted).
    @Test(arguments: ["giphy:FiGiRei2ICzzG", "books:a/../b", "tmdb:550", "giphy:카페~%", "books:caf\u{E9}"])
    func aFolderReadsBackAsItsID(text: String) throws {
        let id = try ItemID(parsing: text)
        #expect(ItemID(pathSegment: id.pathSegment) == id)
    }

    @Test(
        arguments: [
            "https://example.org/movie/550", "https://www.themoviedb.org/tv/1399", "https://apps.apple.com/kr/app/x",
            "https://giphy.com/explore/cats",
        ]
    )
    func anAddressOfNoItemIsOneLine(typed: String) {
        #expect(throws: VitrineError.self) { try ItemID(typed: typed) }
        do {
            _ = try ItemID(typed: typed)
        } catch {
            #expect(error.kind == .usage)
            #expect(error.message.contains("give SOURCE:ID, e.g. tmdb:550"), "\(error.message)")
        }
    }

    @Test func favoritesTakeAnAddressAndSayTheID() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let folder = site.deletingLastPathComponent()
        let favorites = try String(contentsOf: site.appendingPathComponent("favorites.json"), encoding: .utf8)
        let present = try #require(favorites.firstMatch(of: /"id"\s*:\s*"(tmdb:\d+)"/)).1
        let number = present.dropFirst("tmdb:".count)
        let remove = try await TestSupport.spawn(["favorites", "remove", "https://www.themoviedb.org/movie/\(number)-a-title", "site"], in: folder)
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(remove.stdout.hasPrefix("removed \(present) "), "\(remove.stdout)")
        let add = try await TestSupport.spawn(["favorites", "add", "tmdb-\(number)", "site", "--offline"], in: folder)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.hasPrefix("added \(present) "), "\(add.stdout)")
    }
}
