import Foundation

/// A favorite's stored item records when it was fetched (`fetchedAt`, and `cacheMaxAge` when
/// the answer's cache header gave one) inside its `item` object: entries written before
/// vitrine recorded it stay readable, and a file is never rewritten just to add it.
extension FetchStamp {
    /// The stamp inside a stored item object as read; nil when it has none.
    init?(storedItem: JSONValue?) {
        guard case .object(let members)? = storedItem, case .string(let fetchedAt)? = members["fetchedAt"] else { return nil }
        var maxAge: Int?
        if case .integer(let seconds)? = members["cacheMaxAge"] { maxAge = Int(exactly: seconds) }
        self.init(fetchedAt: fetchedAt, cacheMaxAge: maxAge)
    }
}

/// An item written with its stamp beside its own keys.
struct StampedItem: Encodable {
    var item: Item
    var stamp: FetchStamp?

    func encode(to encoder: any Encoder) throws {
        try item.encode(to: encoder)
        guard let stamp else { return }
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode(stamp.fetchedAt, forKey: AnyKey("fetchedAt"))
        try container.encodeIfPresent(stamp.cacheMaxAge, forKey: AnyKey("cacheMaxAge"))
    }
}
