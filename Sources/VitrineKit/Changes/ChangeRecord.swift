import Foundation

/// What each refresh of a gallery changed, kept beside its snapshot (`data/cats.changes.json`):
/// the items it added and removed, with the refresh's time, and when each current item first
/// appeared. Bounded: the last `GalleryConfig.history` refreshes that changed something (a
/// refresh that changed nothing is not a change), and first appearances of current items only.
///
/// ```json
/// {"format": "vitrine-changes/1", "gallery": "cats",
///  "refreshes": [{"at": "2026-11-27T10:00:00Z", "added": [{"id": "giphy:x", "title": "X"}], "removed": []}],
///  "firstSeen": [{"id": "giphy:x", "at": "2026-11-27T10:00:00Z"}]}
/// ```
struct ChangeRecord: Codable, Sendable, Equatable {
    static let currentFormat = "vitrine-changes/1"

    /// An item as the record names it: its id and the title it had then.
    struct Entry: Codable, Sendable, Equatable {
        var id: ItemID
        /// Empty in a record that named items by id only (pages then show the id).
        var title: String

        init(id: ItemID, title: String) {
            self.id = id
            self.title = title
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(ItemID.self, forKey: .id)
            title = try container.decodeIfPresent(String.self, forKey: .title) ?? ""
        }
    }

    /// One refresh that changed the gallery.
    struct Refresh: Codable, Sendable, Equatable {
        /// RFC 3339, UTC.
        var at: String
        /// In the new snapshot's order.
        var added: [Entry]
        /// In the old snapshot's order.
        var removed: [Entry]
        /// The gallery's first snapshot: every item was new, and none is marked as such.
        var initial: Bool?

        var isEmpty: Bool { added.isEmpty && removed.isEmpty }
    }

    /// When an item of the current snapshot first appeared.
    struct Seen: Codable, Sendable, Equatable {
        var id: ItemID
        var at: String
    }

    var format = Self.currentFormat
    var gallery: String
    /// Oldest first.
    var refreshes: [Refresh] = []
    /// In the current snapshot's order.
    var firstSeen: [Seen] = []

    init(gallery: String) {
        self.gallery = gallery
    }

    /// Where a gallery's record lives, relative to the site folder.
    static func path(of gallery: GalleryConfig) -> String {
        "data/\(gallery.name).changes.json"
    }

    /// What replacing `old` (nil: no snapshot yet) with `new` changes, compared by id (the
    /// ids' bytes: `ItemID`); an order that changed is no change.
    static func refresh(from old: [Item]?, to new: [Item], at time: Date) -> Refresh {
        let at = RFC3339.string(from: time)
        guard let old else { return Refresh(at: at, added: new.map(Entry.init), removed: [], initial: true) }
        let before = Set(old.map(\.id))
        let after = Set(new.map(\.id))
        return Refresh(
            at: at, added: new.filter { !before.contains($0.id) }.map(Entry.init),
            removed: old.filter { !after.contains($0.id) }.map(Entry.init)
        )
    }

    /// The record with `refresh` applied to the snapshot now holding `items`, keeping the
    /// last `limit` refreshes. A refresh that changed nothing leaves it as it was.
    func applying(_ refresh: Refresh, items: [Item], limit: Int) -> ChangeRecord {
        guard !refresh.isEmpty || refreshes.isEmpty else { return self }
        var record = self
        record.refreshes = Array((refreshes + [refresh]).suffix(max(1, limit)))
        let known = Dictionary(firstSeen.map { ($0.id, $0.at) }, uniquingKeysWith: { first, _ in first })
        record.firstSeen = items.map { Seen(id: $0.id, at: known[$0.id] ?? refresh.at) }
        return record
    }

    /// The last refresh, when it added or removed something (not the first snapshot's).
    var latestChange: Refresh? {
        guard let last = refreshes.last, last.initial != true, !last.isEmpty else { return nil }
        return last
    }
}

extension ChangeRecord.Entry {
    init(_ item: Item) {
        self.init(id: item.id, title: item.title)
    }
}
