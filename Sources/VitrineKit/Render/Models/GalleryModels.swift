/// `gallery.mustache` (each gallery page, and the favorites pages).
struct GalleryPage: Sendable, Encodable {
    let page: PageContext
    /// Gallery name (slug), for `data-gallery`.
    let name: String
    let heading: String
    let introHTML: RenderedHTML?
    /// Controls vitrine itself writes into the toolbar, unfolded: the search form of
    /// `vitrine serve`'s search page. Nil on every page of a built site.
    var controlsHTML: RenderedHTML? = nil
    /// "24 of 3,148" (shown of what the source reported), "24 results", "1 result", "No results".
    let resultCount: String
    /// "from GIPHY" next to the count; nil for favorites and catalog files.
    var resultSource: String? = nil
    let columns: Int
    /// `list` for a gallery with `layout: list` (`data-layout` on the grid); nil for a grid.
    var layout: String? = nil
    /// `poster` for a grid with `cells: poster` (`data-cells` on the grid); nil for square cells.
    var cellShape: String? = nil
    let cells: [CellView]
    let isEmpty: Bool
    let emptyTitle: String
    let emptyMessage: String
    let pagination: PaginationView?
    /// Links between related galleries (TMDB popular / top rated); empty when none.
    let switcher: [NavLink]
    let hasSwitcher: Bool
    /// For the favorites gallery: "7 / 20". The theme does not show it (visitors see no
    /// limit; `vitrine serve` shows the count); kept for custom templates.
    let favoritesCount: String?
    /// The gallery's find-as-you-type index (`filter-index.js`), relative; nil for favorites
    /// and empty galleries (no search box then).
    let filterIndexHref: String?
    /// `sizes` of the grid's cells, for the cells the filter builds.
    let cellSizes: String
    /// Whether a cell on this page animates (a GIF): the page gets a pause button for them.
    let hasAnimations: Bool
    /// The gallery's changes page and Atom feed, relative; nil without a change record
    /// (and for the feed, without `baseURL`).
    var changesHref: String? = nil
    var changesFeedHref: String? = nil
    /// A favorites gallery's Atom feed of its entries (`<gallery>/feed.xml`), relative; nil
    /// for other galleries, and without `baseURL`.
    var feedHref: String? = nil
}

/// One cell of a grid (`cell.mustache`).
struct CellView: Sendable, Encodable {
    let href: String
    let title: String
    /// `gif`, `movie`, `book`, `app`, `entry` (for `data-kind` and CSS).
    let kind: String
    /// The kind's partial, `cell-gif` … `cell-entry`, that `cell.mustache` renders with
    /// `{{>*cellPartial}}`; named by `ItemKind`, never by an item's data.
    let cellPartial: String
    /// Exactly one is true; kept for site templates written before `cellPartial`.
    let isGIF: Bool
    let isMovie: Bool
    let isBook: Bool
    let isApp: Bool
    let isEntry: Bool
    let image: ImageView?
    /// "★ 7.3" style display value, nil when the item has no rating.
    let rating: String?
    /// Accessible wording of the rating: "rated 7.3 out of 10".
    let ratingLabel: String?
    /// Books: "Author One, Author Two".
    let authors: String?
    /// Books: the published date as given.
    let published: String?
    let isFavorite: Bool
    /// The item's id (`giphy:abc`) for `data-id`.
    let id: String
    /// A favorite's own rating and tags (`cell-owner`); nil for other items.
    var owner: OwnerView? = nil
    /// The last refresh that changed its gallery added it: `data-new` and a "New" badge.
    var isNew: Bool = false
    /// A list row's line under the title for movies (the year) and apps (the seller).
    var byline: String? = nil
}

/// Windowed page links: first, last, current ± 2, with gaps; prev/next with `rel`; More.
struct PaginationView: Sendable, Encodable {
    let links: [PageLinkView]
    let prevHref: String?
    let nextHref: String?
    /// Same as `nextHref`; the More link (JavaScript loads it in place).
    let moreHref: String?
    let current: Int
    let total: Int
    /// "Page 2 of 5".
    let label: String
}

struct PageLinkView: Sendable, Encodable {
    let number: Int
    let href: String
    let isCurrent: Bool
    /// An ellipsis between windows; `number` and `href` are meaningless then.
    let isGap: Bool
    /// "Page 3", for `aria-label`.
    let label: String
}
