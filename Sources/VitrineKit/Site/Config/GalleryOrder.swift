/// The order a gallery shows its items in: site.yml's gallery key `order`.
enum GalleryOrder: String, Sendable, CaseIterable {
    /// The API's order (the default).
    case api
    /// By when each current item first appeared (the change record's `firstSeen`), the
    /// newest first; ties keep the API's order.
    case newestFirst = "newest-first"
    /// By when each current item first appeared, the oldest first; ties keep the API's order.
    case oldestFirst = "oldest-first"

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
