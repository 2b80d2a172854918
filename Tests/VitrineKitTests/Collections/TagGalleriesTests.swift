import Foundation
import Testing

@testable import VitrineKit

/// Issue 35 item 3: `source: favorites` galleries split one favorites.json into lists by tag,
/// each with its own title, page, pagination and find-as-you-type, in its own order; the
/// favorites page stays as it was.
@Suite("galleries of favorites")
struct TagGalleriesTests {
    let file = "Site/site.yml"

    @Test func parsesTagsOrderAndTheGalleryKeys() throws {
        let config = try SiteConfig.parse(
            """
            title: Books
            galleries:
              - name: read
                title: Read
                source: favorites
                tags: [read, Read]
                order: rating
                perPage: 2
                layout: list
              - name: everything
                source: favorites
            """, file: file)
        #expect(config.galleries.isEmpty, "no API gallery: nothing is fetched for these")
        #expect(
            config.favoriteGalleries == [
                FavoritesGalleryConfig(
                    name: "read", title: "Read", tags: ["read"], order: .rating, limit: nil, perPage: 2, columns: nil, layout: .list, cells: .square),
                FavoritesGalleryConfig(
                    name: "everything", title: "everything", tags: [], order: .newestFirst, limit: nil, perPage: nil, columns: nil, layout: .grid,
                    cells: .square),
            ])
    }

    @Test(arguments: [
        (
            "  - name: read\n    source: favorites\n    order: api\n",
            "Site/site.yml:5:12: 'order' of a favorites gallery is one of newest-first, oldest-first, manual, rating, title, date (in galleries[0]), got 'api'"
        ),
        (
            "  - name: read\n    source: favorites\n    query: cats\n",
            "Site/site.yml:5:12: 'query' does not apply to favorites galleries (in galleries[0]); they select favorites by 'tags'"
        ),
        ("  - name: read\n    source: favorites\n    tags: [\" read\"]\n", "Site/site.yml:5:11: a tag cannot start or end with a space (' read') (in galleries[0])"),
        (
            "  - name: cats\n    source: giphy\n  - name: cats\n    source: favorites\n",
            "Site/site.yml:5:11: gallery name 'cats' is used twice"
        ),
        (
            "  - name: favorites\n    source: favorites\n",
            "Site/site.yml:3:11: invalid gallery name 'favorites' in galleries[0]: 'favorites' is reserved for vitrine's own folders"
        ),
    ])
    func errorsNameFileLineAndKey(galleries: String, message: String) {
        #expect(throws: VitrineError(message)) { try SiteConfig.parse("title: T\ngalleries:\n" + galleries, file: file) }
    }

    static func favorite(_ id: String, added: String, rating: Double? = nil, date: String? = nil, tags: [String] = []) throws -> (Favorite, Item) {
        var favorite = Favorite(id: try ItemID(typed: id), addedAtText: added, addedAt: RFC3339.date(from: added)!, item: nil)
        favorite.owner = OwnerFields(rating: rating, date: date, tags: tags)
        return (favorite, Item(id: favorite.id, title: "Title \(id.suffix(1))"))
    }

    @Test func everyOrderIsTotalWithTiesByID() throws {
        // File order: c, a, b, d. Titles C, A, B, D.
        let entries = [
            try Self.favorite("books:c", added: "2026-11-02T00:00:00Z", rating: 4, date: "2026-10-01"),
            try Self.favorite("books:a", added: "2026-11-01T00:00:00Z", rating: 4.5),
            try Self.favorite("books:b", added: "2026-11-02T00:00:00Z", rating: 4, date: "2026-10-03"),
            try Self.favorite("books:d", added: "2026-11-03T00:00:00Z"),
        ]
        let fileOrder = Dictionary(uniqueKeysWithValues: entries.enumerated().map { ($1.0.id, $0) })
        func order(_ order: GalleryOrder) -> [String] {
            LoadedSite.ordered(entries.map { (favorite: $0.0, item: $0.1) }, by: order, fileOrder: fileOrder).map { String($0.favorite.id.value) }
        }
        #expect(order(.newestFirst) == ["d", "b", "c", "a"])
        #expect(order(.oldestFirst) == ["a", "b", "c", "d"])
        #expect(order(.manual) == ["c", "a", "b", "d"])
        #expect(order(.rating) == ["a", "b", "c", "d"], "4.5, then the two 4s by id, then the unrated")
        #expect(order(.title) == ["a", "b", "c", "d"])
        #expect(order(.date) == ["b", "c", "a", "d"], "most recent first, then undated by id")
    }

    /// A site with one API gallery (cats: g0…g4) and favorites tagged into lists.
    static func site(galleries: String) throws -> URL {
        let site = try FavoritesServiceTests.site(galleryItems: 5)
        try Data(
            """
            title: Lists
            galleries:
              - name: cats
                source: giphy
                query: cats
            \(galleries)
            """.utf8
        ).write(to: site.appendingPathComponent("site.yml"))
        let json = #"""
            {"favorites": [
              {"id": "giphy:g3", "addedAt": "2026-11-20T09:00:00Z", "rating": 3, "tags": ["read"]},
              {"id": "giphy:g1", "addedAt": "2026-11-21T09:00:00Z", "rating": 5, "tags": ["Read", "loved"]},
              {"id": "giphy:g4", "addedAt": "2026-11-22T09:00:00Z", "tags": ["want"]},
              {"id": "giphy:g2", "addedAt": "2026-11-23T09:00:00Z", "rating": 4, "tags": ["read"]}
            ]}
            """#
        try Data(json.utf8).write(to: site.appendingPathComponent("favorites.json"))
        try FileManager.default.createDirectory(at: site.appendingPathComponent("content"), withIntermediateDirectories: true)
        try Data("Books I have *finished*.\n".utf8).write(to: site.appendingPathComponent("content/read.md"))
        return site
    }

    /// The ids of the cells of a built page, in order.
    static func cellIDs(_ html: String) -> [String] {
        html.components(separatedBy: "data-cell data-kind=\"gif\" data-id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func tagGalleriesHaveTheirOwnPagesOrderPaginationAndFilter() async throws {
        let site = try Self.site(
            galleries: """
                  - name: read
                    title: Read
                    source: favorites
                    tags: [read]
                    order: manual
                  - name: best
                    title: Best read
                    source: favorites
                    tags: [read]
                    order: rating
                    perPage: 2
                  - name: wishlist
                    title: Want to read
                    source: favorites
                    tags: [want-to-read]
                """)
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        let tree = try TestSupport.tree(output)

        let read = TestSupport.text(tree, "read/index.html")
        #expect(Self.cellIDs(read) == ["giphy:g3", "giphy:g1", "giphy:g2"], "manual: the file's order; tags ignore case")
        #expect(read.contains("<h1") && read.contains(">Read</h1>"))
        #expect(read.contains("3 favorites"))
        #expect(read.contains("<em>finished</em>"), "content/read.md is the gallery's intro")
        #expect(tree["read/filter-index.js"] != nil, "find as you type")
        #expect(read.contains("Rated 5 of 5 by me"))

        #expect(Self.cellIDs(TestSupport.text(tree, "best/index.html")) == ["giphy:g1", "giphy:g2"], "rating, highest first, 2 a page")
        #expect(Self.cellIDs(TestSupport.text(tree, "best/page/2/index.html")) == ["giphy:g3"])

        let wishlist = TestSupport.text(tree, "wishlist/index.html")
        #expect(Self.cellIDs(wishlist).isEmpty && wishlist.contains("No favorites yet"), "no entry has the tag: the empty state")

        // One detail page per item, homed where it was before (g1 in cats), and linked from the lists.
        #expect(read.contains("../items/giphy-g1/index.html"))
        #expect(TestSupport.text(tree, "items/giphy-g1/index.html").contains(#"href="../../cats/index.html""#))

        // The navigation and the home page list them; the favorites page is as it was: all, newest first.
        let home = TestSupport.text(tree, "index.html")
        #expect(home.contains(#"href="read/index.html""#) && home.contains("Best read"))
        #expect(Self.cellIDs(TestSupport.text(tree, "favorites/index.html")) == ["giphy:g2", "giphy:g4", "giphy:g1", "giphy:g3"])
    }

    @Test func aSiteWithoutFavoritesGalleriesBuildsTheSamePages() async throws {
        // Adding a list changes only its own pages and the pages that link every gallery.
        let plain = try Self.site(galleries: "")
        let listed = try Self.site(galleries: "  - name: read\n    source: favorites\n    tags: [read]\n")
        try await TestSupport.build(plain, output: plain.appendingPathComponent("public"))
        try await TestSupport.build(listed, output: listed.appendingPathComponent("public"))
        let before = try TestSupport.tree(plain.appendingPathComponent("public"))
        let after = try TestSupport.tree(listed.appendingPathComponent("public"))
        #expect(Set(after.keys).subtracting(before.keys).filter { !$0.hasPrefix("read/") }.isEmpty)
        let favorites = TestSupport.text(after, "favorites/index.html")
        #expect(Self.cellIDs(favorites) == Self.cellIDs(TestSupport.text(before, "favorites/index.html")))
    }
}
