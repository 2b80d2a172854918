import Foundation

/// Galleries of favorites (`source: favorites`): chosen from the resolved favorites by tag
/// and ordered per gallery. Their items keep their home (the API gallery they are in, else
/// the favorites page): an item has one detail page whichever galleries show it.
extension LoadedSite {
    /// One gallery per `config.favoriteGalleries`, after the API galleries. `favorites` are
    /// resolved; `fileOrder` is each favorite's position in favorites.json (`manual`).
    static func favoriteGalleries(
        config: SiteConfig, favorites: [(favorite: Favorite, item: Item)], fileOrder: [ItemID: Int], intros: [String: ContentFile]
    ) -> [Gallery] {
        config.favoriteGalleries.map { list in
            let chosen = favorites.filter { entry in list.tags.isEmpty || list.tags.contains { entry.favorite.owner.has(tag: $0) } }
            let items = ordered(chosen, by: list.order, fileOrder: fileOrder).prefix(list.limit ?? .max).map(\.item)
            let gallery = list.gallery
            return Gallery(
                config: gallery,
                snapshot: Snapshot(gallery: list.name, source: gallery.source, query: nil, totalResults: items.count, items: []),
                items: items, intro: intros[list.name],
                perPage: list.perPage ?? config.perPage, columns: list.columns ?? config.columns,
                favorites: list
            )
        }
    }

    /// `entries` in `order`; every tie is broken by id, so the order is total.
    static func ordered(
        _ entries: [(favorite: Favorite, item: Item)], by order: GalleryOrder, fileOrder: [ItemID: Int]
    ) -> [(favorite: Favorite, item: Item)] {
        typealias Entry = (favorite: Favorite, item: Item)
        // Whether `lhs` comes first, or nil when the order has no say (then the id decides).
        let before: (Entry, Entry) -> Bool? =
            switch order {
            case .newestFirst, .api:
                { $0.favorite.addedAt == $1.favorite.addedAt ? nil : $0.favorite.addedAt > $1.favorite.addedAt }
            case .oldestFirst:
                { $0.favorite.addedAt == $1.favorite.addedAt ? nil : $0.favorite.addedAt < $1.favorite.addedAt }
            case .manual:
                { (fileOrder[$0.favorite.id] ?? .max) < (fileOrder[$1.favorite.id] ?? .max) }
            case .rating:
                { lhs, rhs in
                    let (a, b) = (lhs.favorite.owner.rating ?? -1, rhs.favorite.owner.rating ?? -1)
                    return a == b ? nil : a > b
                }
            case .title:
                { lhs, rhs in
                    // Scalars both ways: String `==` is canonical equivalence ("É" is "E\u{301}"),
                    // which with a scalar order is no total order.
                    let (a, b) = (lhs.item.title.lowercased().unicodeScalars, rhs.item.title.lowercased().unicodeScalars)
                    return a.elementsEqual(b) ? nil : a.lexicographicallyPrecedes(b)
                }
            case .date:
                // `YYYY-MM-DD` sorts as text; no date sorts last.
                { lhs, rhs in
                    let (a, b) = (lhs.favorite.owner.date ?? "", rhs.favorite.owner.date ?? "")
                    return a == b ? nil : a > b
                }
            }
        return entries.sorted { lhs, rhs in before(lhs, rhs) ?? (lhs.favorite.id < rhs.favorite.id) }
    }
}
