/// `item.mustache`: one detail page per item, shared by every gallery it is in.
public struct ItemPage: Sendable, Encodable {
    public let page: PageContext
    public let id: String
    public let title: String
    public let kind: String
    /// "GIF", "Movie", "Book", "App".
    public let kindLabel: String
    /// Exactly one is true, whether or not the kind's details below are there:
    /// `item.mustache` picks the kind's partial (`item-gif` …) with them.
    public let isGIF: Bool
    public let isMovie: Bool
    public let isBook: Bool
    public let isApp: Bool
    public let isEntry: Bool
    public let gif: GIFView?
    public let movie: MovieView?
    public let book: BookView?
    public let app: AppView?
    public let entry: EntryView?
    /// The item's page at its origin ("View on GIPHY"), checked.
    public let originHref: String?
    public let originLabel: String?
    public let share: [ShareLink]
    /// URL that "copy link" and the Web Share API use: absolute with `baseURL`, else relative.
    public let shareURL: String
    public let prev: ItemLink?
    public let next: ItemLink?
    /// The gallery (or favorites) this page's prev/next walk through.
    public let back: NavLink?
    public let isFavorite: Bool
    /// "In favorites" / "Not in favorites".
    public let favoriteLabel: String
}

public struct ItemLink: Sendable, Encodable {
    public let href: String
    public let title: String
}

/// Share links carry `data-share="<network>"`. `copy` and `native` work with JavaScript
/// (`href` is the page URL as a fallback); the rest are plain links.
public struct ShareLink: Sendable, Encodable {
    /// `copy`, `native`, `email`, `x`, `facebook`, `image`.
    public let network: String
    public let label: String
    public let href: String
    /// True for links that need JavaScript to do more than follow `href`.
    public let needsScript: Bool
}

public struct GIFView: Sendable, Encodable {
    /// The animation, shown in a 160×160 box, aspect kept.
    /// nil when the GIF has no usable image: the template shows its "no image" box.
    public let image: ImageView?
    /// GIPHY's mp4 of the same animation, played as a video with a pause button; the
    /// picture above is its fallback. nil when GIPHY gave no mp4.
    public let video: GIFVideoView?
    public let rating: String?
    public let username: String?
    public let sourceHref: String?
    public let sourceDomain: String?
}

/// `<video autoplay muted loop playsinline>` of a GIF: the mp4, the still as poster.
public struct GIFVideoView: Sendable, Encodable {
    public let mp4: String
    /// The still frame (shown before playing and under reduced motion).
    public let poster: String?
    public let width: Int
    public let height: Int
    /// The GIF's title, the video's accessible name.
    public let label: String
}

public struct MovieView: Sendable, Encodable {
    public let poster: ImageView?
    /// "7.3" (one decimal) and "/ 10".
    public let rating: String?
    public let voteCount: String?
    public let releaseDate: String?
    public let overview: String?
    /// Shown when it differs from the title.
    public let originalTitle: String?
}

public struct BookView: Sendable, Encodable {
    public let cover: ImageView?
    public let subtitle: String?
    public let authors: String?
    public let publisher: String?
    public let publishedDate: String?
    /// "320 pages".
    public let pageCount: String?
    public let categories: String?
    /// Plain text; newlines kept (templates use `white-space: pre-line`).
    public let description: String?
    public let rating: String?
    public let identifiers: String?
    public let language: String?
}

public struct AppView: Sendable, Encodable {
    public let icon: ImageView?
    public let seller: String?
    /// "4.6" (one decimal, of 5).
    public let rating: String?
    /// "1,234 ratings".
    public let ratingCount: String?
    public let category: String?
    /// "123.4 MB".
    public let size: String?
    public let version: String?
    public let ageRating: String?
    public let price: String?
    /// "EN, JA, KO".
    public let languages: String?
    public let screenshots: [ScreenshotView]
    public let hasScreenshots: Bool
    /// Plain text with newlines (`white-space: pre-line`); folds and unfolds.
    public let description: String?
    public let releaseNotes: String?
    public let minimumOSVersion: String?
}

/// An entry of a catalog file (`source: file`).
public struct EntryView: Sendable, Encodable {
    public let image: ImageView?
    /// "7.3" (one decimal) and "/ 10".
    public let rating: String?
    /// The Markdown description, rendered by libcmark in safe mode.
    public let descriptionHTML: RenderedHTML?
}

public struct ScreenshotView: Sendable, Encodable {
    public let image: ImageView
    /// The full-size image; the plain link when JavaScript is off.
    public let href: String
    /// 1-based position, for "Screenshot 2 of 5".
    public let number: Int
    public let label: String
}
