import Foundation
import Testing

@testable import VitrineKit

/// Issue 35 item 3, "with its own … feed": a `source: favorites` gallery has an Atom feed of
/// the entries it shows at `<gallery>/feed.xml`, written (and linked) only with `baseURL`,
/// newest added first, its `updated` from the entries.
@Suite("a favorites gallery's feed")
struct FavoritesGalleryFeedTests {
    static let galleries = """
          - name: best
            title: Best <read> & co
            source: favorites
            tags: [read]
            order: rating
            limit: 2
          - name: nothing
            source: favorites
            tags: [none]
        """

    func build(baseURL: Bool) async throws -> [String: Data] {
        let site = try TagGalleriesTests.site(galleries: Self.galleries)
        if baseURL {
            let yml = site.appendingPathComponent("site.yml")
            let text = try String(contentsOf: yml, encoding: .utf8)
            try Data(text.replacingOccurrences(of: "title: Lists\n", with: "title: Lists\nbaseURL: https://example.org/\n").utf8).write(to: yml)
        }
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        return try TestSupport.tree(output)
    }

    @Test func theEntriesTheGalleryShowsNewestAddedFirst() async throws {
        let tree = try await build(baseURL: true)
        let xml = TestSupport.text(tree, "best/feed.xml")
        let feed = try #require(AtomCheck(xml), "not well-formed XML: \(xml)")
        #expect(feed.problems == [], "\(xml)")
        #expect(feed.selfLink == "https://example.org/best/feed.xml")
        // The gallery shows g1 (5) and g2 (4) of the three read; the feed lists them by addedAt.
        #expect(feed.entryIDs == ["https://example.org/items/giphy-g2/", "https://example.org/items/giphy-g1/"], "\(xml)")
        #expect(xml.firstMatch(of: /<updated>([^<]*)</)?.1 == "2026-11-23T09:00:00Z", "the newest entry's, not the clock")
        #expect(xml.contains("<title>Lists — Best &lt;read&gt; &amp; co</title>"), "escaped as the favorites feed is")
        #expect(
            TestSupport.text(tree, "best/index.html").contains(
                #"<link rel="alternate" type="application/atom+xml" href="../best/feed.xml" title="Best &lt;read&gt; &amp; co">"#))
        // An empty gallery has no feed (its `updated` would be made up); the favorites feed stays.
        #expect(tree["nothing/feed.xml"] == nil)
        #expect(!TestSupport.text(tree, "nothing/index.html").contains("application/atom+xml"))
        #expect(try #require(AtomCheck(TestSupport.text(tree, "feed.xml"))).entryIDs.count == 4)
        #expect(try await build(baseURL: true)["best/feed.xml"] == tree["best/feed.xml"], "the same bytes from another build")
    }

    @Test func noBaseURLNoFeedAndNoLink() async throws {
        let tree = try await build(baseURL: false)
        #expect(tree["best/feed.xml"] == nil)
        #expect(!TestSupport.text(tree, "best/index.html").contains("application/atom+xml"))
    }
}
