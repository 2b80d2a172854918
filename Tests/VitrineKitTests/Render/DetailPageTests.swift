import Foundation
import Testing

@testable import VitrineKit

/// Issue 37 item 5, detail pages that use the space: the facts in a reader's words (ISBNs,
/// language names in the site's language, sizes in MB/GB), TMDB's backdrop as a movie page's
/// hero with renditions for the screen, copy and the share sheet first and the rest behind
/// "More", the App Store link as a badge by the artwork, a list row's year and seller.
@Suite("detail pages")
struct DetailPageTests {
    @Test(
        "sizes in MB below a gigabyte, GB from one",
        arguments: [
            (Int64(3_091_658_752), "2.9 GB"), (Int64(2_951_741_440), "2.7 GB"), (Int64(81_234_944), "77.5 MB"),
            (Int64(1_073_741_824), "1.0 GB"), (Int64(1_048_576), "1.0 MB"), (Int64(900), "1 KB"), (Int64(0), "0 KB"),
            (Int64(5_000_000_000_000), "4,656.6 GB"),
        ])
    func sizes(bytes: Int64, shown: String) {
        #expect(Format.fileSize(bytes) == shown)
    }

    @Test("ISBNs labelled, 13 digits unhyphenated; an ISBN-10 only without an ISBN-13")
    func identifiers() {
        #expect(Format.identifiers(["ISBN_13:9781311792587", "ISBN_10:1311792587"]) == ["ISBN 9781311792587"])
        #expect(Format.identifiers(["ISBN_10:018508311X"]) == ["ISBN-10 018508311X"])
        #expect(Format.identifiers(["OTHER:OCLC:483341178"]) == ["OCLC 483341178"])
        #expect(
            Format.identifiers(["ISSN:1234-5678", "", "ISBN_13:9781311792587", "ISBN_13:9781311792587"]) == [
                "ISSN 1234-5678", "ISBN 9781311792587",
            ])
        #expect(Format.identifiers(["9781311792587", "ISBN_13:"]) == ["9781311792587"])
    }

    @Test("languages named in the site's language; an unknown code as given")
    func languages() {
        #expect(Format.languageName("zh-CN", in: "en").hasPrefix("Chinese (China"))
        #expect(Format.languageName("EN", in: "en") == "English")
        #expect(Format.languageName("ko", in: "ko") == "한국어")
        #expect(Format.languageName("ja", in: "ja") == "日本語")
        #expect(Format.languageName("xx", in: "en") == "xx")
        #expect(Format.languageName("<b>x</b>", in: "en") == "<b>x</b>")
        #expect(Format.languageNames(["EN", "KO"], in: "en") == "English, Korean")
        #expect(Format.languageNames([], in: "en") == nil)
    }

    @Test("TMDB's backdrop carries every configured width as renditions")
    func backdropRenditions() throws {
        let backdrop = try #require(TMDBImages.documentedFallback.backdrop("/b.jpg", preferred: "w780"))
        #expect(backdrop.url == "https://image.tmdb.org/t/p/w780/b.jpg" && backdrop.width == 780 && backdrop.height == 439)
        #expect(backdrop.renditions?.map(\.width) == [300, 780, 1280])
    }

    @Test("the example site's pages: formatted facts, the hero, More, the badge, list bylines")
    func examplePages() async throws {
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
        try await TestSupport.build(TestSupport.exampleSite, output: output)
        let tree = try TestSupport.tree(output)
        let app = TestSupport.text(tree, "items/appstore-362057947/index.html")
        #expect(app.contains("<dd>2.9 GB</dd>") && !app.contains(" MB</dd>"))
        #expect(app.contains("<dd>English, French, German,"))
        #expect(app.contains("data-store-badge") && app.contains("App Store</span></a>"))
        let movie = TestSupport.text(tree, "items/tmdb-648700/index.html")
        let hero = try #require(movie.range(of: "data-hero>")).upperBound
        let heroImage = movie[hero...].prefix(while: { $0 != ">" })
        #expect(heroImage.contains("w300/") && heroImage.contains("1280w") && heroImage.contains(#"alt="""#))
        #expect(movie.contains("data-share-more"))
        let copy = try #require(movie.range(of: #"data-share="copy""#)).lowerBound
        let more = try #require(movie.range(of: "data-share-more")).lowerBound
        let email = try #require(movie.range(of: #"data-share="email""#)).lowerBound
        #expect(copy < more && more < email, "copy first, e-mail behind More")
        let books = tree.keys.filter { $0.hasPrefix("items/books-") }.map { TestSupport.text(tree, $0) }
        #expect(books.contains { $0.contains("<dd>ISBN 978") })
        #expect(!books.contains { $0.contains("ISBN_13:") || $0.contains("ISBN_10:") })
        #expect(books.contains { $0.contains("<dd>English</dd>") })
        #expect(TestSupport.text(tree, "popular/index.html").contains(#"<span class="cell__meta cell__byline">1983</span>"#))
        // Poster grids are at most 36rem wide: their images are chosen for that.
        #expect(TestSupport.text(tree, "popular/index.html").contains(#"sizes="(min-width: 39rem) 280px, 46.2vw""#))
        #expect(TestSupport.text(tree, "apps/index.html").contains(#"<span class="cell__meta cell__byline">Kakao Corp.</span>"#))
    }
}
