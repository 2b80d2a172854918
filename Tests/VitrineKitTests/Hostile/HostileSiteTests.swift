import Foundation
import Testing

@testable import VitrineKit

/// A whole site built from hostile fixtures (`Fixtures/hostile/site`): every control
/// character, every URL shape, ratings of 1e18 and -1e300, a NUL in Markdown, ids of 60
/// Korean characters, repeated catalog ids. The build succeeds, says what it left out,
/// and its output has no broken link, no control character, no `src=""`.
/// (The browser suite runs the Nu HTML checker over the same site: test_hostile_site.py.)
@Suite("hostile input: a whole site")
struct HostileSiteTests {
    static var site: URL { TestSupport.fixtures.appendingPathComponent("hostile/site") }

    struct Built {
        let summary: BuildSummary
        let tree: [String: Data]
        func text(_ path: String) -> String { TestSupport.text(tree, path) }
    }

    /// One build shared by the tests of this suite (each reads it only).
    static let shared = Task { () throws -> (Built, URL) in
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
        let summary = try await TestSupport.build(site, output: output)
        return (Built(summary: summary, tree: try TestSupport.tree(output)), output)
    }

    static func build() async throws -> (Built, URL) {
        try await shared.value
    }

    @Test func itBuildsWithNoBrokenLink() async throws {
        let (built, output) = try await Self.build()
        #expect(try LinkCheck.problems(in: output, sitePath: "/hostile/") == [])
        #expect(built.tree["index.html"] != nil)
        #expect(built.summary.items == 4 + 10 + 1 + 1 + 6 + 2)
    }

    @Test func itSaysWhatItLeftOutWithFileLineAndField() async throws {
        let (built, _) = try await Self.build()
        let warnings = built.summary.warnings
        #expect(warnings.contains("site/data/movies.json:18:20: items[0] 'tmdb:1' movie.voteAverage: 1e+18 is not a rating from 0 to 10; left out"))
        #expect(warnings.contains { $0.hasPrefix("site/data/movies.json:") && $0.contains("items[1] 'tmdb:2' movie.voteAverage: -1e+300") })
        #expect(warnings.contains { $0.hasPrefix("site/catalog.json:7:14: items[0] 'file:") && $0.contains("entry.rating: 1e+18") })
        #expect(warnings.contains { $0 == "site/catalog.json:34:10: items[3].id 'dup' repeats items[2].id (line 28, column 10); the first is kept" })
        #expect(warnings.contains { $0.hasPrefix("site/favorites.json:") && $0.contains("favorites[1].item 'tmdb:99' movie.voteAverage") })
        for warning in warnings {
            #expect(!warning.contains("\n") && warning.count < 300, "one short line: \(warning)")
        }
    }

    @Test func noControlCharacterAndNoEmptyOrScriptURLReachesAPage() async throws {
        let (built, _) = try await Self.build()
        for (path, data) in built.tree where path.hasSuffix(".html") || path.hasSuffix(".xml") {
            let text = String(decoding: data, as: UTF8.self)
            let bad = text.unicodeScalars.first { ($0 != "\n" && $0 != "\t" && TextPolicy.isControl($0)) || TextPolicy.isNoncharacter($0) }
            #expect(bad == nil, "\(path) holds U+\(String(bad?.value ?? 0, radix: 16, uppercase: true))")
            for forbidden in [
                #"src="""#, #"srcset="""#, "javascript", "&colon;", "user:pass", "http://media", "http://image.tmdb", "http://books.google", ".mzstatic.com/image",
                "images/cat.gif", "evil.example",
            ]
            where forbidden != ".mzstatic.com/image" || text.contains("http://is1-ssl.mzstatic.com") {
                #expect(!text.contains(forbidden), "\(path) contains \(forbidden)")
            }
        }
    }

    @Test func urlsFollowThePolicy() async throws {
        let (built, _) = try await Self.build()
        let first = built.text("items/giphy-h0/index.html")
        #expect(first.contains(#"href="https://www.suagape.com/""#), "a scheme-less source that looks like a host")
        #expect(first.contains("https://media1.giphy.com/media/abc/200w.gif"), "http upgraded on a known host")
        #expect(built.text("items/giphy-h1/index.html").contains(#"href="https://att.com/""#))
        #expect(built.text("items/giphy-h1/index.html").contains("https://example.com/a%22b&#39;c%3Cd%3Ee"))
        let bareWord = built.text("items/giphy-h2/index.html")
        #expect(!bareWord.contains("extinguisher"), "a bare word is no link")
        #expect(bareWord.contains("gif-box--none"), "a dropped image gives the no-image box")
        #expect(built.text("items/giphy-h4/index.html").contains(#"href="https://example.com/secret""#), "credentials dropped")
        #expect(built.text("items/giphy-h4/index.html").contains("https://example.com/path%20with%20spaces/?q=a%20b"))
        #expect(built.text("items/tmdb-1/index.html").contains("https://image.tmdb.org/t/p/w500/a.jpg"))
        #expect(built.text("items/books-b1/index.html").contains("https://books.googleusercontent.com/b1.jpg"))
        let app = built.text("items/appstore-1/index.html")
        #expect(app.contains("https://a1.mzstatic.com/us/r30/Purple/screen1136x1136.jpeg"))
        #expect(app.contains("Screenshot 1 of 2"), "the javascript: screenshot is dropped, the quoted one encoded")
    }

    @Test func textKeepsItsWordsAndLosesItsControls() async throws {
        let (built, _) = try await Self.build()
        #expect(built.text("items/giphy-h0/index.html").contains("<span class=\"item__title-text\">Bad\t\n\n title</span>"), "tab and line feeds are kept (CR became LF)")
        #expect(built.text("items/tmdb-1/index.html").contains("Overview[31m red"))
        let home = built.text("index.html")
        #expect(home.contains("<strong>survives</strong>"), "a NUL in Markdown does not cut the page")
        #expect(home.contains("and NUL\u{FFFD}"))
        let about = built.text("about/index.html")
        #expect(about.contains("Before\u{FFFD}after.") && about.contains("END-OF-ABOUT"))
    }

    @Test func idsOfAnyLengthGetAFolderUnderTheFileNameLimit() async throws {
        let (built, _) = try await Self.build()
        let folders = Set(built.tree.keys.filter { $0.hasPrefix("items/") }.map { $0.split(separator: "/")[1] })
        #expect(folders.count == built.summary.items)
        for folder in folders {
            #expect(folder.utf8.count <= ItemID.maxPathSegmentBytes, "\(folder)")
        }
        let korean = try #require(folders.first { $0.hasPrefix("file-~EA~B0~80") })
        #expect(korean.contains("~~"))
        let entry = built.text("items/\(korean)/index.html")
        #expect(entry.contains("Before NUL\u{FFFD}after NUL: the rest of the page <strong>stays</strong>."))
        #expect(built.text("favorites/index.html").contains("items/\(korean)/index.html"), "the favorite finds the catalog item by its long id")
    }

    @Test func theShortenedFolderIsStableAndCollisionFree() throws {
        let long = String(repeating: "가", count: 60)
        let a = try ItemID(parsing: "file:" + long)
        let b = try ItemID(parsing: "file:" + long + "x")
        let c = try ItemID(parsing: "file:" + String(repeating: "가", count: 59) + "나")
        #expect(a.pathSegment == (try ItemID(parsing: "file:" + long)).pathSegment)
        #expect(Set([a.pathSegment, b.pathSegment, c.pathSegment]).count == 3)
        #expect(a.pathSegment.hasPrefix("file-~EA~B0~80"))
        let tildes = try ItemID(parsing: "file:" + String(repeating: "~", count: 200))
        #expect(tildes.pathSegment.utf8.count <= ItemID.maxPathSegmentBytes)
        #expect(!tildes.pathSegment.dropLast(34).contains("~~"), "the cut never splits an escape")
        #expect((try ItemID(parsing: "giphy:FiGiRei2ICzzG")).pathSegment == "giphy-FiGiRei2ICzzG")
    }
}
