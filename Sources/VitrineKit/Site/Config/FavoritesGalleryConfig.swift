/// A gallery of favorites (`source: favorites` in site.yml): the favorites carrying any of
/// `tags` (every favorite when there are none), in the gallery's `order`, with its own
/// title, page, pagination and find-as-you-type. Several of them split one favorites.json
/// into lists ("want to read", "reading", "read"); the seed's favorites page stays as it is.
struct FavoritesGalleryConfig: Sendable, Equatable {
    /// URL slug, as any gallery's.
    var name: String
    var title: String
    /// Compared without regard to case; empty: every favorite.
    var tags: [String]
    var order: GalleryOrder
    /// Items shown at most; nil: all that match.
    var limit: Int?
    var perPage: Int?
    var columns: Int?
    var layout: GalleryConfig.Layout
    var cells: GalleryConfig.Cells

    static let orders: [GalleryOrder] = [.newestFirst, .oldestFirst, .manual, .rating, .title, .date]

    /// The source name that makes a gallery one of these.
    static let source = "favorites"

    /// The gallery config the pages are drawn with (its `source` is not used for these).
    var gallery: GalleryConfig {
        GalleryConfig(
            name: name, title: title, source: .catalog, query: nil, list: nil, ids: [], path: nil, country: nil,
            limit: limit ?? 10_000_000, perPage: perPage, columns: columns, layout: layout, cells: cells
        )
    }

    static func parse(_ mapping: YAMLMapping) throws(VitrineError) -> FavoritesGalleryConfig {
        let known: Set<String> = ["name", "title", "source", "tags", "order", "limit", "perPage", "columns", "layout", "cells"]
        for key in ["query", "list", "ids", "path", "country", "history"] where mapping.value(key) != nil {
            throw mapping.error(at: key, "'\(key)' does not apply to favorites galleries (in \(mapping.path)); they select favorites by 'tags'")
        }
        try mapping.rejectUnknownKeys(known)
        // The name, title, layout and cells follow every gallery's rules.
        let name = try GalleryConfig.checkedName(mapping)
        var tags: [String] = []
        for tag in try mapping.strings("tags") ?? [] {
            if let problem = OwnerFields.problem(tag: tag) {
                throw mapping.error(at: "tags", "\(problem) (in \(mapping.path))")
            }
            if !tags.contains(where: { OwnerFields.tagKey($0) == OwnerFields.tagKey(tag) }) { tags.append(tag) }
        }
        let order = try GalleryOrder.parse(mapping, allowed: orders, of: "a favorites gallery") ?? .newestFirst
        let layout = try mapping.choice("layout", GalleryConfig.Layout.self) ?? .grid
        let cells = try mapping.choice("cells", GalleryConfig.Cells.self)
        if cells != nil, layout == .list {
            throw mapping.error(at: "cells", "'cells' only applies to grid galleries (in \(mapping.path)); a list shows a thumbnail per row")
        }
        return FavoritesGalleryConfig(
            name: name,
            title: try mapping.string("title") ?? name,
            tags: tags,
            order: order,
            limit: try mapping.int("limit", in: 1...10_000),
            perPage: try mapping.int("perPage", in: 1...500),
            columns: try mapping.int("columns", in: 1...12),
            layout: layout,
            cells: cells ?? .square
        )
    }
}
