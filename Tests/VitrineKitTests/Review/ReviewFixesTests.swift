import Foundation
import Testing

@testable import VitrineKit

/// Fixes from the review of the day's merges: orders, badges and headings.
@Suite("review fixes")
struct ReviewFixesTests {
    @Test func orderByTitleIsTotalForCanonicallyEquivalentTitles() throws {
        // "E" + combining acute and "É" are one String to `==`, but not to a scalar order: with
        // "F" between them ("e\u{301}" < "f" < "é" by scalars) a tie by id made a cycle, and the
        // result depended on the input's order.
        func entry(_ id: String, _ title: String) throws -> (favorite: Favorite, item: Item) {
            let (favorite, _) = try TagGalleriesTests.favorite(id, added: "2026-11-01T00:00:00Z")
            return (favorite, Item(id: favorite.id, title: title))
        }
        let entries = [try entry("books:a", "\u{C9}"), try entry("books:b", "E\u{301}"), try entry("books:c", "F")]
        let permutations = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]
        for permutation in permutations {
            let ordered = LoadedSite.ordered(permutation.map { entries[$0] }, by: .title, fileOrder: [:]).map(\.favorite.id.value)
            #expect(ordered == ["b", "c", "a"], "from \(permutation)")
        }
    }

    @Test func theAppStoreBadgeHasTheLanguagesWordOrder() async throws {
        #expect(StoreBadge(ThemeStrings.english.appStoreBadgeLine) == StoreBadge(before: "Download on the", after: nil))
        let theme = try Theme.load(overrides: nil, overridesLabel: "templates")
        #expect(StoreBadge(try theme.strings(for: "ko").appStoreBadgeLine) == StoreBadge(before: nil, after: "에서 다운로드하기"))
        #expect(StoreBadge(try theme.strings(for: "ja").appStoreBadgeLine) == StoreBadge(before: nil, after: "からダウンロード"))
        #expect(StoreBadge("Get it") == StoreBadge(before: "Get it", after: nil), "a theme's line without {store} stays before it")
        // The fixture site is Korean: the store's name first, in its own style, then the line.
        let output = try TestSupport.temporaryDirectory("vitrine-badge").appendingPathComponent("public")
        try await TestSupport.build(TestSupport.fixtureSite, output: output)
        let page = TestSupport.text(try TestSupport.tree(output), "items/appstore-1/index.html")
        #expect(
            page.contains(
                #"data-store-badge><span class="store-badge__name">App Store</span> <span class="store-badge__line">에서 다운로드하기</span></a>"#),
            "\(page.components(separatedBy: "data-store-badge").dropFirst().first?.prefix(200) ?? "no badge")")
    }

    @Test func aNotesHeadingsGoTwoLevelsDownUnderANeutralLabel() async throws {
        let site = try FavoritesServiceTests.site(galleryItems: 3)
        let json = #"""
            {"favorites": [
              {"id": "giphy:g1", "addedAt": "2026-11-20T09:12:00Z", "rating": 4,
               "note": "# Why\n\nBecause.\n\n## More\n\n##### Deep\n\n###### Deepest\n\n![x](javascript:alert(1))"},
              {"id": "giphy:g2", "addedAt": "2026-11-21T09:12:00Z", "rating": 3}
            ]}
            """#
        try Data(json.utf8).write(to: site.appendingPathComponent("favorites.json"))
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        let tree = try TestSupport.tree(output)
        let page = TestSupport.text(tree, "items/giphy-g1/index.html")
        #expect(page.components(separatedBy: "<h1").count == 2, "one <h1> on the page")
        for heading in ["<h3>Why</h3>", "<h4>More</h4>", "<h6>Deep</h6>", "<h6>Deepest</h6>"] {
            #expect(page.contains(heading), "\(heading)")
        }
        #expect(!page.contains("javascript:"), "still the safe renderer")
        // The section is labelled for what it holds: a rating alone is no note.
        #expect(page.contains(#"<section class="owner" data-owner aria-label="From the owner">"#))
        let rated = TestSupport.text(tree, "items/giphy-g2/index.html")
        #expect(rated.contains(#"aria-label="From the owner""#) && !rated.contains(#"aria-label="My note""#))
        for language in ["ko", "ja"] {
            let strings = try Theme.load(overrides: nil, overridesLabel: "templates").strings(for: language)
            #expect(!strings.ownerSection.isEmpty && strings.ownerSection != ThemeStrings.english.ownerSection)
        }
    }
}
