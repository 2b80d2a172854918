import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// Issue 35 item 4, "on a near miss suggests the right form": an id written almost as vitrine
/// names it is refused in one line that says the form it most likely means, on the command
/// line (exit 64) and in `ids:` (at the id's `file:line:col`).
@Suite("near-miss ids")
struct NearMissTests {
    static let imdb = "vitrine cannot map IMDb ids; find the movie's TMDB id with vitrine search tmdb \"title\""

    @Test(
        arguments: [
            ("tmdb550", "did you mean tmdb:550?"),
            ("TMDB:550", "did you mean tmdb:550?"),
            ("movie:550", "did you mean tmdb:550?"),
            ("book:zyTCAlFPjgYC", "did you mean books:zyTCAlFPjgYC?"),
            ("google-books:zyTCAlFPjgYC", "did you mean books:zyTCAlFPjgYC?"),
            ("gif:FiGiRei2ICzzG", "did you mean giphy:FiGiRei2ICzzG?"),
            ("app:1", "did you mean appstore:1?"),
            ("apps:1", "did you mean appstore:1?"),
            ("app-store:1", "did you mean appstore:1?"),
            ("https://www.imdb.com/title/tt0137523/", imdb),
            ("tt0137523", imdb),
        ]
    )
    func aNearMissSaysTheRightForm(typed: String, hint: String) {
        do {
            let id = try ItemID(typed: typed)
            Issue.record("'\(typed)' was taken as \(id)")
        } catch {
            #expect(error.message == "invalid id '\(typed)': \(hint)")
            #expect(error.kind == .usage)
        }
    }

    @Test(arguments: ["nonsense", "apple:1", "movie:abc", "https://example.org/movie/550"])
    func nothingCloseKeepsTheGeneralMessage(typed: String) {
        #expect(ItemID.nearMiss(typed) == nil)
        #expect(throws: VitrineError.self) { try ItemID(typed: typed) }
    }

    @Test(arguments: [
        ("  - name: m\n    source: tmdb\n    ids: [550, tmdb550]\n", "site.yml:5:16: 'tmdb550' in galleries[0] is no TMDB id: did you mean tmdb:550?"),
        ("  - name: m\n    source: tmdb\n    ids:\n      - movie:550\n", "site.yml:6:9: invalid id 'movie:550': did you mean tmdb:550? (in galleries[0])"),
        ("  - name: a\n    source: app-store\n    ids: [\"app-store:1\"]\n", "site.yml:5:11: invalid id 'app-store:1': did you mean appstore:1? (in galleries[0])"),
        (
            "  - name: m\n    source: tmdb\n    ids: [\"https://www.imdb.com/title/tt0137523/\"]\n",
            "site.yml:5:11: invalid id 'https://www.imdb.com/title/tt0137523/': \(imdb) (in galleries[0])"
        ),
    ])
    func idsInSiteYAMLSayTheRightFormAtTheID(galleries: String, message: String) {
        let yaml = "title: T\ngalleries:\n" + galleries
        #expect(throws: VitrineError(message)) { try SiteConfig.parse(yaml, file: "site.yml") }
    }

    @Test func theCommandLineRefusesANearMissInOneLine() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let folder = site.deletingLastPathComponent()
        let favorites = site.appendingPathComponent("favorites.json")
        let before = try Data(contentsOf: favorites)
        for (arguments, hint) in [
            (["favorites", "add", "tmdb550", "site", "--offline"], "did you mean tmdb:550?"),
            (["favorites", "remove", "movie:550", "site"], "did you mean tmdb:550?"),
            (["favorites", "edit", "gif:FiGiRei2ICzzG", "site", "--rating", "4"], "did you mean giphy:FiGiRei2ICzzG?"),
            (["favorites", "move", "apps:1", "site", "--top"], "did you mean appstore:1?"),
            (["favorites", "add", "https://www.imdb.com/title/tt0137523/", "site", "--offline"], Self.imdb),
        ] {
            let run = try await TestSupport.spawn(arguments, in: folder)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains(hint), "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count == 1, "\(arguments): \(run.stderr)")
        }
        #expect(try Data(contentsOf: favorites) == before)
    }
}
