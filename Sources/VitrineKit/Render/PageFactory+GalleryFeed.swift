/// The Atom feeds of favorites: the seed's `feed.xml` (every favorite) and, with
/// `baseURL`, one per `source: favorites` gallery at `<gallery>/feed.xml`, of the entries
/// that gallery shows.
extension PageFactory {
    /// Whether a favorites gallery's feed is written: it is a gallery of favorites with an
    /// entry (its `updated` comes from the entries: no clock), and the site has a `baseURL`.
    func hasGalleryFeed(_ gallery: LoadedSite.Gallery) -> Bool {
        config.baseURL != nil && gallery.favorites != nil && !gallery.items.isEmpty
    }

    /// A favorites gallery's entries as an Atom feed: newest added first whatever the
    /// gallery's order (each entry's `updated` is when it was added, so a new addition is
    /// on top, as feed readers expect; a rank by rating or title means nothing to them).
    func galleryFeed(_ index: Int) -> FeedModel {
        let gallery = site.galleries[index]
        let name = gallery.config.name
        let favoriteOf = Dictionary(site.favorites.map { ($0.item.id, $0.favorite) }) { first, _ in first }
        let entries = feedEntries(gallery.items.compactMap { item in favoriteOf[item.id].map { (favorite: $0, item: item) } })
        return FeedModel(
            title: "\(config.title) — \(gallery.config.title)",
            id: absoluteURL(.gallery(name, page: 1)) ?? "urn:vitrine:gallery:\(name)",
            updated: entries.first?.updated ?? "1970-01-01T00:00:00Z",
            selfHref: absoluteURL(.galleryFeed(name)),
            alternateHref: absoluteURL(.gallery(name, page: 1)),
            entries: entries
        )
    }

    /// Favorites as feed entries, newest added first (ties by id).
    func feedEntries(_ favorites: [(favorite: Favorite, item: Item)]) -> [FeedEntry] {
        let newestFirst = favorites.sorted { lhs, rhs in
            lhs.favorite.addedAt != rhs.favorite.addedAt ? lhs.favorite.addedAt > rhs.favorite.addedAt : lhs.favorite.id < rhs.favorite.id
        }
        return newestFirst.map { favorite, item in
            FeedEntry(
                id: absoluteURL(.item(item.id)) ?? "urn:vitrine:item:\(item.id.pathSegment)",
                title: item.title,
                updated: RFC3339.string(from: favorite.addedAt),
                href: absoluteURL(.item(item.id)),
                summary: summary(of: item),
                image: item.image.flatMap { SafeURL.check($0.url) }
            )
        }
    }
}
