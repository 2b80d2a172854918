/// `home.mustache`.
struct HomePage: Sendable, Encodable {
    let page: PageContext
    let introHTML: RenderedHTML?
    let galleries: [GalleryCard]
    let favorites: FavoritesSummary
}

struct GalleryCard: Sendable, Encodable {
    let title: String
    let href: String
    /// "24 items · 3,148 results" style summary.
    let summary: String
    /// `GIPHY`, `TMDB`, `Google Books`, `App Store`.
    let sourceLabel: String
    let cover: ImageView?
    let isEmpty: Bool
}

struct FavoritesSummary: Sendable, Encodable {
    let href: String
    /// "7 / 20". Not shown by the theme (see `GalleryPage.favoritesCount`).
    let count: String
    let cells: [CellView]
    let isEmpty: Bool
    let columns: Int
}

/// `page.mustache` (content/*.md other than index and gallery intros).
struct ContentPage: Sendable, Encodable {
    let page: PageContext
    let heading: String
    let bodyHTML: RenderedHTML
}

/// `404.mustache`.
struct NotFoundPage: Sendable, Encodable {
    let page: PageContext
}
