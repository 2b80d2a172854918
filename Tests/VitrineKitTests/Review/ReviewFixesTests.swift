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
}
