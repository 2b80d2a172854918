import Foundation
import Testing

@testable import VitrineKit

/// Issue 35 item 2: a favorite's own `note`, `rating`, `date` and `tags` are checked with
/// file:line:column errors, kept through rewrites, and shown: stars and tags on cells, the
/// note (safe Markdown), rating and date on the item's one detail page.
@Suite("owner's own fields")
struct OwnerFieldsTests {
    let file = "Site/favorites.json"

    func parse(_ json: String) throws -> FavoritesFile {
        try FavoritesFile.parse(Data(json.utf8), file: file, jobs: 2)
    }

    static func entry(_ fields: String) -> String {
        "{\"favorites\": [\n  {\"id\": \"giphy:a\", \"addedAt\": \"2026-11-20T09:12:00Z\", \(fields)}\n]}"
    }

    @Test func fieldsAreReadAndTagsCompareWithoutCase() throws {
        let file = try parse(Self.entry(#""note": "*so* good", "rating": 4.5, "date": "2026-11-01", "tags": ["Read", "2026"]"#))
        let owner = file.favorites[0].owner
        #expect(owner == OwnerFields(note: "*so* good", rating: 4.5, date: "2026-11-01", tags: ["Read", "2026"]))
        #expect(owner.has(tag: "read") && owner.has(tag: "READ") && !owner.has(tag: "reading"))
        #expect(try parse(Self.entry(#""rating": 0, "note": null"#)).favorites[0].owner == OwnerFields(rating: 0))
    }

    @Test(arguments: [
        (#""rating": 4.3"#, "Site/favorites.json:2:66: favorites[0].rating: the rating is from 0 to 5 in halves (4, 4.5), got 4.3"),
        (#""rating": 6"#, "Site/favorites.json:2:66: favorites[0].rating: the rating is from 0 to 5 in halves (4, 4.5), got 6"),
        (#""rating": -0.5"#, "Site/favorites.json:2:66: favorites[0].rating: the rating is from 0 to 5 in halves (4, 4.5), got -0.5"),
        (#""rating": "4""#, "Site/favorites.json:2:66: favorites[0].rating: the rating is a number from 0 to 5 in halves (4, 4.5)"),
        (#""date": "2026-02-30""#, "Site/favorites.json:2:64: favorites[0].date: '2026-02-30' is not a date like 2026-11-01 (YYYY-MM-DD)"),
        (#""date": "2026-11-01T10:00:00Z""#, "Site/favorites.json:2:64: favorites[0].date: '2026-11-01T10:00:00Z' is not a date like 2026-11-01 (YYYY-MM-DD)"),
        (#""date": 20261101"#, "Site/favorites.json:2:64: favorites[0].date: the date is text like \"2026-11-01\" (YYYY-MM-DD)"),
        (#""note": ["a"]"#, "Site/favorites.json:2:64: favorites[0].note: a note is Markdown text in quotes"),
        (#""tags": "read""#, "Site/favorites.json:2:64: favorites[0].tags: tags are a list of text, like [\"read\", \"2026\"]"),
        (#""tags": ["read", 1]"#, "Site/favorites.json:2:64: favorites[0].tags: tags are text in quotes, like [\"read\", \"2026\"]"),
        (#""tags": [""]"#, "Site/favorites.json:2:64: favorites[0].tags: a tag cannot be empty"),
        (#""tags": [" read"]"#, "Site/favorites.json:2:64: favorites[0].tags: a tag cannot start or end with a space (' read')"),
        (#""tags": ["a\u0007b"]"#, "Site/favorites.json:2:64: favorites[0].tags: a tag cannot hold control characters"),
        (#""tags": ["Read", "read"]"#, "Site/favorites.json:2:64: favorites[0].tags: the tag 'read' is listed twice (tags ignore case)"),
        (
            #""tags": ["\#(String(repeating: "x", count: 41))"]"#,
            "Site/favorites.json:2:64: favorites[0].tags: a tag has at most 40 characters ('xxxxxxxxxxxxxxxxxxxx…' has 41)"
        ),
    ])
    func errorsNameFileLineColumnAndKey(fields: String, message: String) {
        #expect(throws: VitrineError(message)) { try parse(Self.entry(fields)) }
    }

    /// A site whose favorites carry the owner's fields; the note tries raw HTML and a script link.
    static func site() throws -> URL {
        let site = try FavoritesServiceTests.site(galleryItems: 5)
        let json = #"""
            {"favorites": [
              {"id": "giphy:g1", "addedAt": "2026-11-20T09:12:00Z", "rating": 4.5, "date": "2026-11-01", "tags": ["read", "<b>bold</b>"],
               "note": "A *fine* cat. <script>alert(1)</script> [x](javascript:alert(2)) & more"},
              {"id": "giphy:g2", "addedAt": "2026-11-21T09:12:00Z", "rating": 3},
              {"id": "giphy:g3", "addedAt": "2026-11-22T09:12:00Z"}
            ]}
            """#
        try Data(json.utf8).write(to: site.appendingPathComponent("favorites.json"))
        return site
    }

    @Test func cellsShowTheStarsAndTagsAndTheDetailPageTheNoteRatingAndDate() async throws {
        let site = try Self.site()
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        let tree = try TestSupport.tree(output)

        let favorites = TestSupport.text(tree, "favorites/index.html")
        #expect(favorites.contains(#"<span aria-hidden="true">★★★★½</span><span class="visually-hidden">Rated 4.5 of 5 by me</span>"#))
        #expect(favorites.contains(#"<span aria-hidden="true">★★★☆☆</span><span class="visually-hidden">Rated 3 of 5 by me</span>"#))
        #expect(favorites.contains(#"<span class="tag">read</span>"#))
        #expect(favorites.contains(#"<span class="tag">&lt;b&gt;bold&lt;/b&gt;</span>"#), "a tag is text, escaped")
        #expect(!favorites.contains("<b>bold</b>"))
        #expect(!favorites.contains("fine"), "the note is on the detail page only")

        // The item's one page, whichever gallery it is in (g1 is also in `cats`).
        let page = TestSupport.text(tree, "items/giphy-g1/index.html")
        #expect(page.contains("<p>A <em>fine</em> cat."), "the note, rendered as Markdown")
        #expect(page.contains("&amp; more"))
        #expect(!page.contains("<script>alert(1)"), "raw HTML never passes")
        #expect(!page.contains("javascript:"), "nor a script link")
        #expect(page.contains("Rated 4.5 of 5 by me"))
        #expect(page.contains(#"<time datetime="2026-11-01">"#))
        #expect(page.contains(#"<span class="tag">read</span>"#))

        // An item that is no favorite, and one without fields, show none of it.
        #expect(!TestSupport.text(tree, "items/giphy-g0/index.html").contains("data-owner"))
        #expect(!TestSupport.text(tree, "items/giphy-g3/index.html").contains("data-owner"))
        let cats = TestSupport.text(tree, "cats/index.html")
        #expect(cats.contains("Rated 4.5 of 5 by me"), "the owner's rating shows on the item's cell in every gallery")
    }

    @Test func theLabelsAreTranslated() throws {
        for language in ["ko", "ja"] {
            let strings = try Theme.load(overrides: nil, overridesLabel: "templates").strings(for: language)
            #expect(strings.ownerRated != ThemeStrings.english.ownerRated && strings.ownerRated.contains("{value}"))
        }
    }

    @Test func aRewriteKeepsTheFieldsAsWritten() async throws {
        let site = try Self.site()
        let file = site.appendingPathComponent("favorites.json")
        // Written once by vitrine (its own layout), then through an add and a remove: the same bytes.
        _ = try await FavoritesRoundTripTests.service(site).add("giphy:g4")
        let before = try Data(contentsOf: file)
        #expect(String(decoding: before, as: UTF8.self).contains(#""rating" : 4.5"#))
        _ = try await FavoritesRoundTripTests.service(site).add("giphy:g0")
        _ = try FavoritesRoundTripTests.service(site).remove("giphy:g0")
        #expect(try Data(contentsOf: file) == before)
    }
}
