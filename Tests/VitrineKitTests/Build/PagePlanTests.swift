import Foundation
import Testing

@testable import VitrineKit

/// A large site's item paths and item digests are made by every core: the same results, in
/// the same order, as one core makes them.
@Suite("page plan and keys of a large site")
struct PagePlanTests {
    static func items(_ count: Int) -> [Item] {
        (0..<count).map { index in
            Item(
                id: ItemID(source: .catalog, value: "it\(index)"), title: "Item \(index) 한국어",
                image: index % 3 == 0 ? nil : Picture(url: "https://example.org/\(index).png", width: 100 + index % 7, height: 90),
                details: .entry(EntryDetails(rating: Double(index % 11), description: String(repeating: "text \(index) ", count: index % 40)))
            )
        }
    }

    @Test("item pages made by every core are the ones made one by one, in order", arguments: [10, 1_999, 2_000, 4_321])
    func itemPagesInOrder(count: Int) {
        let items = Self.items(count)
        let pages = PagePlan.itemPages(items, jobs: 8)
        #expect(pages.count == count)
        #expect(pages.map(\.path) == items.map { SitePath.item($0.id) })
        #expect(pages.enumerated().allSatisfy { position, page in if case .item(position) = page.job { true } else { false } })
    }

    @Test("item digests made by every core are each item's own, in order; any field changes them", arguments: [10, 2_000, 4_321])
    func itemDigestsInOrder(count: Int) {
        let items = Self.items(count)
        let digests = PageKeys.digests(items, jobs: 8)
        #expect(digests == items.map(\.digest))
        #expect(Set(digests).count == count, "every item has its own digest")
        var edited = items
        edited[count / 2].title += "!"
        let again = PageKeys.digests(edited, jobs: 8)
        #expect(zip(digests, again).enumerated().filter { $1.0 != $1.1 }.map(\.offset) == [count / 2])
    }
}
