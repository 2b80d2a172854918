/// `gallery.mustache` (each gallery page, and the favorites pages).
public struct GalleryPage: Sendable, Encodable {
    public let page: PageContext
    /// Gallery name (slug), for `data-gallery`.
    public let name: String
    public let heading: String
    public let introHTML: RenderedHTML?
    /// "3,148 results", "1 result", "No results".
    public let resultCount: String
    public let columns: Int
    public let cells: [CellView]
    public let isEmpty: Bool
    public let emptyTitle: String
    public let emptyMessage: String
    public let pagination: PaginationView?
    /// Links between related galleries (TMDB popular / top rated); empty when none.
    public let switcher: [NavLink]
    public let hasSwitcher: Bool
    /// For the favorites gallery: "7 / 20".
    public let favoritesCount: String?
    /// The gallery's find-as-you-type index (`filter-index.js`), relative; nil for favorites
    /// and empty galleries (no search box then).
    public let filterIndexHref: String?
    /// `sizes` of the grid's cells, for the cells the filter builds.
    public let cellSizes: String
    /// Whether a cell on this page animates (a GIF): the page gets a pause button for them.
    public let hasAnimations: Bool
}

/// One cell of a grid (`cell.mustache`).
public struct CellView: Sendable, Encodable {
    public let href: String
    public let title: String
    /// `gif`, `movie`, `book`, `app`, `entry` (for `data-kind` and CSS).
    public let kind: String
    /// Exactly one is true: `cell.mustache` picks the kind's partial (`cell-gif` …) with them.
    public let isGIF: Bool
    public let isMovie: Bool
    public let isBook: Bool
    public let isApp: Bool
    public let isEntry: Bool
    public let image: ImageView?
    /// "★ 7.3" style display value, nil when the item has no rating.
    public let rating: String?
    /// Accessible wording of the rating: "rated 7.3 out of 10".
    public let ratingLabel: String?
    /// Books: "Author One, Author Two".
    public let authors: String?
    /// Books: the published date as given.
    public let published: String?
    public let isFavorite: Bool
    /// The item's id (`giphy:abc`) for `data-id`.
    public let id: String
}

/// Windowed page links: first, last, current ± 2, with gaps; prev/next with `rel`; More.
public struct PaginationView: Sendable, Encodable {
    public let links: [PageLinkView]
    public let prevHref: String?
    public let nextHref: String?
    /// Same as `nextHref`; the More link (JavaScript loads it in place).
    public let moreHref: String?
    public let current: Int
    public let total: Int
    /// "Page 2 of 5".
    public let label: String
}

public struct PageLinkView: Sendable, Encodable {
    public let number: Int
    public let href: String
    public let isCurrent: Bool
    /// An ellipsis between windows; `number` and `href` are meaningless then.
    public let isGap: Bool
    /// "Page 3", for `aria-label`.
    public let label: String
}
