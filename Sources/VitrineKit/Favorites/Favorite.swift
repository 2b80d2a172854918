import Foundation

/// One entry of `favorites.json`.
struct Favorite: Sendable, Equatable {
    var id: ItemID
    /// The RFC 3339 text as written (kept verbatim so the file round-trips).
    var addedAtText: String
    /// The instant it denotes; ordering uses this, never the text.
    var addedAt: Date
    /// The stored copy of the normalized item (the entry's `item`), when present.
    var item: Item? {
        didSet { itemAsRead = nil }
    }
    /// The stored item exactly as the file had it (unknown keys included), written back while
    /// `item` is unchanged.
    var itemAsRead: JSONValue?
    /// The entry's other keys, as read and kept through every rewrite: the owner's fields
    /// (`note`, `rating`, `date`, `tags`; checked in `owner`) and keys vitrine does not know.
    var otherKeys: [String: JSONValue] = [:]
    /// `note`, `rating`, `date`, `tags` as checked (their JSON stays in `otherKeys`): `owner`.
    var ownerFields = OwnerFields()
    /// When the stored item was fetched (`Favorite+Stamp.swift`); nil for entries stored
    /// before vitrine recorded it.
    var stamp: FetchStamp?

    init(id: ItemID, addedAtText: String, addedAt: Date, item: Item?) {
        self.id = id
        self.addedAtText = addedAtText
        self.addedAt = addedAt
        self.item = item
    }

    /// The favorite's item: its own stored item, else the copy `known` holds (a gallery's, or
    /// one looked up by id). The one rule every command resolves a favorite by.
    func resolved(in known: [ItemID: Item]) -> Item? {
        item ?? known[id]
    }
}

/// `favorites.json`: `{"favorites": [{"id", "addedAt", "item"?}]}`.
struct FavoritesFile: Sendable, Equatable {
    /// Favorites stored without their item: found in a gallery, or looked up by id.
    var unresolvedIDs: [ItemID] {
        favorites.filter { $0.item == nil }.map(\.id)
    }

    var favorites: [Favorite]
    /// Top-level keys vitrine does not know (`comment`), kept through every rewrite.
    var otherKeys: [String: JSONValue] = [:]
    /// Values the input policies left out of the stored items, one line each.
    var warnings: [String] = []

    init(favorites: [Favorite]) {
        self.favorites = favorites
    }

    /// Favorites in display order: by instant (ties by id, so the order is total).
    func ordered(_ order: FavoritesConfig.Order) -> [Favorite] {
        favorites.sorted { lhs, rhs in
            if lhs.addedAt != rhs.addedAt {
                return order == .newestFirst ? lhs.addedAt > rhs.addedAt : lhs.addedAt < rhs.addedAt
            }
            return lhs.id < rhs.id
        }
    }
}

extension FavoritesFile {
    /// The file's JSON shape, read and written. Keys vitrine does not know are kept at every
    /// level: in the file, in each entry, in each stored item.
    struct Wire: Codable {
        struct Entry: Codable {
            var id: ItemID
            var addedAt: String
            var item: Item?
            var itemAsRead: JSONValue?
            var otherKeys: [String: JSONValue] = [:]
            var stamp: FetchStamp?

            init(_ favorite: Favorite) {
                id = favorite.id
                addedAt = favorite.addedAtText
                item = favorite.item
                itemAsRead = favorite.itemAsRead
                otherKeys = favorite.otherKeys
                stamp = favorite.stamp
            }

            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: AnyKey.self)
                id = try container.decode(ItemID.self, forKey: AnyKey("id"))
                addedAt = try container.decode(String.self, forKey: AnyKey("addedAt"))
                item = try container.decodeIfPresent(Item.self, forKey: AnyKey("item"))
                if item != nil { itemAsRead = try container.decode(JSONValue.self, forKey: AnyKey("item")) }
                stamp = FetchStamp(storedItem: itemAsRead)
                otherKeys = try container.unknownMembers(except: ["id", "addedAt", "item"])
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyKey.self)
                try container.encode(id, forKey: AnyKey("id"))
                try container.encode(addedAt, forKey: AnyKey("addedAt"))
                if let itemAsRead {
                    try container.encode(itemAsRead, forKey: AnyKey("item"))
                } else if let item {
                    try container.encode(StampedItem(item: item, stamp: stamp), forKey: AnyKey("item"))
                }
                try container.encodeMembers(otherKeys)
            }
        }
        var favorites: [Entry]
        var otherKeys: [String: JSONValue] = [:]

        init(_ file: FavoritesFile) {
            favorites = file.favorites.map(Entry.init)
            otherKeys = file.otherKeys
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyKey.self)
            favorites = try container.decode([Entry].self, forKey: AnyKey("favorites"))
            otherKeys = try container.unknownMembers(except: ["favorites"])
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyKey.self)
            try container.encode(favorites, forKey: AnyKey("favorites"))
            try container.encodeMembers(otherKeys)
        }
    }

    /// Reads and validates the file's bytes; `file` is the path used in messages. A long list's
    /// stored items are checked on `jobs` threads.
    static func parse(_ data: Data, file: String, jobs: Int) throws(VitrineError) -> FavoritesFile {
        // Saved with a byte-order mark or CRLF line ends: read as the same JSON.
        let data = UserText.normalized(data)
        var wire = try JSONFile.decode(Wire.self, from: data, file: file)
        let storedItems = wire.favorites.enumerated().compactMap { index, entry in entry.item.map { (index, $0) } }
        let (checked, warnings) = Item.checked(storedItems.map { $0.1 }, file: file, data: data, jobs: jobs) {
            [.key("favorites"), .index(storedItems[$0].0), .key("item")]
        }
        for (offset, item) in checked.enumerated() { wire.favorites[storedItems[offset].0].item = item }
        var favorites: [Favorite] = []
        var seen: Set<ItemID> = []
        for (index, entry) in wire.favorites.enumerated() {
            func error(_ key: String?, _ message: String) -> VitrineError {
                var path: [JSONLocator.Step] = [.key("favorites"), .index(index)]
                if let key { path.append(.key(key)) }
                let position = JSONLocator.position(of: path, in: data)
                let keyPath = "favorites[\(index)]" + (key.map { ".\($0)" } ?? "")
                return VitrineError(file: file, line: position?.line, column: position?.column, "\(keyPath): \(message)")
            }
            guard let date = RFC3339.date(from: entry.addedAt) else {
                throw error("addedAt", "'\(entry.addedAt)' is not an RFC 3339 timestamp like 2026-11-20T09:12:00Z")
            }
            guard seen.insert(entry.id).inserted else {
                throw error("id", "'\(entry.id)' is listed twice")
            }
            if let item = entry.item, item.id != entry.id {
                throw error("item", "the stored item's id '\(item.id)' does not match '\(entry.id)'")
            }
            var favorite = Favorite(id: entry.id, addedAtText: entry.addedAt, addedAt: date, item: entry.item)
            favorite.itemAsRead = entry.itemAsRead
            favorite.otherKeys = entry.otherKeys
            favorite.ownerFields = try OwnerFields.parse(entry.otherKeys, error: error)
            favorite.stamp = entry.stamp
            favorites.append(favorite)
        }
        var parsed = FavoritesFile(favorites: favorites)
        parsed.otherKeys = wire.otherKeys
        parsed.warnings = warnings
        return parsed
    }
}
