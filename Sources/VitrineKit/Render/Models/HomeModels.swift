/// `home.mustache`.
public struct HomePage: Sendable, Encodable {
    public let page: PageContext
    public let introHTML: RenderedHTML?
    public let galleries: [GalleryCard]
    public let favorites: FavoritesSummary
}

public struct GalleryCard: Sendable, Encodable {
    public let title: String
    public let href: String
    /// "24 items · 3,148 results" style summary.
    public let summary: String
    /// `GIPHY`, `TMDB`, `Google Books`, `App Store`.
    public let sourceLabel: String
    public let cover: ImageView?
    public let isEmpty: Bool
}

public struct FavoritesSummary: Sendable, Encodable {
    public let href: String
    /// "7 / 20".
    public let count: String
    public let cells: [CellView]
    public let isEmpty: Bool
    public let columns: Int
}

/// `page.mustache` (content/*.md other than index and gallery intros).
public struct ContentPage: Sendable, Encodable {
    public let page: PageContext
    public let heading: String
    public let bodyHTML: RenderedHTML
}

/// `404.mustache`.
public struct NotFoundPage: Sendable, Encodable {
    public let page: PageContext
}
