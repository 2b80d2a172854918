/// How a gallery orders its items (`order:` in site.yml). Search galleries take `api` (the
/// API's order), `newest-first` or `oldest-first`; favorites galleries (`source: favorites`)
/// take `newest-first` (the default), `oldest-first`, `manual`, `rating`, `title` or `date`.
enum GalleryOrder: String, Sendable, CaseIterable {
    case api
    case newestFirst = "newest-first"
    case oldestFirst = "oldest-first"
    /// The order of the entries in favorites.json (`vitrine favorites move` changes it).
    case manual
    /// The owner's rating, highest first; unrated entries last.
    case rating
    /// By title, A to Z, ignoring case.
    case title
    /// The owner's `date`, most recent first; entries without one last.
    case date

    /// The orders of a gallery of an API: its own, or by first appearance.
    static let searchOrders: [GalleryOrder] = [.api, .newestFirst, .oldestFirst]

    /// The `order` key of `mapping`, one of `allowed` (nil when absent); an error at the value
    /// naming the allowed ones otherwise.
    static func parse(_ mapping: YAMLMapping, allowed: [GalleryOrder], of gallery: String) throws(VitrineError) -> GalleryOrder? {
        guard let text = try mapping.string("order") else { return nil }
        guard let parsed = GalleryOrder(rawValue: text), allowed.contains(parsed) else {
            let names = allowed.map(\.rawValue).joined(separator: ", ")
            throw mapping.error(at: "order", "'order' of \(gallery) is one of \(names) (in \(mapping.path)), got '\(text)'")
        }
        return parsed
    }

    /// `items` in this order, by `firstSeen` (RFC 3339 UTC times, which sort as text). An
    /// item the record does not know (no record yet, or one written before the item came)
    /// counts as the oldest. A stable sort: ties keep the API's order.
    func arranged(_ items: [Item], firstSeen: [ChangeRecord.Seen]) -> [Item] {
        guard self == .newestFirst || self == .oldestFirst, !firstSeen.isEmpty else { return items }
        let seen = Dictionary(firstSeen.map { ($0.id, $0.at) }, uniquingKeysWith: { first, _ in first })
        let keyed = items.enumerated().map { (at: seen[$0.element.id] ?? "", position: $0.offset, item: $0.element) }
        let newestFirst = self == .newestFirst
        return keyed.sorted { lhs, rhs in
            guard lhs.at != rhs.at else { return lhs.position < rhs.position }
            return newestFirst ? lhs.at > rhs.at : lhs.at < rhs.at
        }.map(\.item)
    }
}
