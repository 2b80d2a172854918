/// Everything the render stage needs, read and validated by the load stages.
struct LoadedSite: Sendable {
    struct Gallery: Sendable {
        let config: GalleryConfig
        /// The snapshot's metadata; its `items` are emptied once copied into `items`.
        let snapshot: Snapshot
        /// The snapshot's items capped at the gallery's `limit`, with ids unique (first wins).
        let items: [Item]
        let intro: ContentFile?
        var perPage: Int
        var columns: Int
        /// A gallery of favorites (`source: favorites`); nil for an API or catalog gallery.
        var favorites: FavoritesGalleryConfig? = nil
        /// Its change record, when it is an API gallery that has one.
        var changes: ChangeRecord? = nil
        /// The items the last refresh that changed it added: their cells say "New".
        var newIDs: Set<ItemID> = []
    }

    let config: SiteConfig
    let galleries: [Gallery]
    /// Favorites in display order, each with its resolved item.
    let favorites: [(favorite: Favorite, item: Item)]
    let home: ContentFile?
    /// Content pages other than `index` and gallery intros, in navigation order.
    let pages: [ContentFile]
    /// Every item with a detail page, in a stable order: galleries in config order, then favorites.
    let items: [Item]
    /// For each item: the gallery it is first listed in (nil: favorites only) and its index there.
    let homeOf: [ItemID: (gallery: Int?, index: Int)]
    let favoriteIDs: Set<ItemID>
    /// The owner's own fields of each favorite that has some.
    var owners: [ItemID: OwnerFields] = [:]
    /// Facts a user should see that do not fail the build.
    let warnings: [String]
}
