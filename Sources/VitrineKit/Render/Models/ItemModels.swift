/// `item.mustache`: one detail page per item, shared by every gallery it is in.
struct ItemPage: Sendable, Encodable {
    let page: PageContext
    let id: String
    let title: String
    let kind: String
    /// "GIF", "Movie", "Book", "App".
    let kindLabel: String
    /// The kind's partial, `item-gif` … `item-entry`, that `item.mustache` renders with
    /// `{{>*itemPartial}}`, whether or not the kind's details below are there; named by
    /// `ItemKind`, never by an item's data.
    let itemPartial: String
    /// Exactly one is true; kept for site templates written before `itemPartial`.
    let isGIF: Bool
    let isMovie: Bool
    let isBook: Bool
    let isApp: Bool
    let isEntry: Bool
    let gif: GIFView?
    let movie: MovieView?
    let book: BookView?
    let app: AppView?
    let entry: EntryView?
    /// The item's page at its origin ("View on GIPHY"), checked.
    let originHref: String?
    let originLabel: String?
    /// The App Store badge's words around the store's name, in the language's order.
    var storeBadge: StoreBadge? = nil
    let share: [ShareLink]
    /// URL that "copy link" and the Web Share API use: absolute with `baseURL`, else relative.
    let shareURL: String
    let prev: ItemLink?
    let next: ItemLink?
    /// The gallery (or favorites) this page's prev/next walk through.
    let back: NavLink?
    let isFavorite: Bool
    /// The star's label: "Owner’s pick" on a favorite's page (the theme shows no star on
    /// other pages); "Not in favorites" otherwise, for custom templates.
    let favoriteLabel: String
    /// A favorite's own note, rating, date and tags (`item-owner`); nil for other items.
    var owner: OwnerView? = nil
    /// The share actions shown first: copy the link, the browser's share sheet.
    var sharePrimary: [ShareLink] = []
    /// The rest of `share` (e-mail, X, Facebook, the image), behind a "More" disclosure.
    var shareMore: [ShareLink] = []
}

struct ItemLink: Sendable, Encodable {
    let href: String
    let title: String
}

/// Share links carry `data-share="<network>"`. `copy` and `native` work with JavaScript
/// (`href` is the page URL as a fallback); the rest are plain links.
struct ShareLink: Sendable, Encodable {
    /// `copy`, `native`, `email`, `x`, `facebook`, `image`.
    let network: String
    let label: String
    let href: String
    /// True for links that need JavaScript to do more than follow `href`.
    let needsScript: Bool
}

struct GIFView: Sendable, Encodable {
    /// The animation, shown in a 160×160 box, aspect kept.
    /// nil when the GIF has no usable image: the template shows its "no image" box.
    let image: ImageView?
    /// GIPHY's mp4 of the same animation, played as a video with a pause button; the
    /// picture above is its fallback. nil when GIPHY gave no mp4.
    let video: GIFVideoView?
    let rating: String?
    let username: String?
    let sourceHref: String?
    let sourceDomain: String?
}

/// `<video autoplay muted loop playsinline>` of a GIF: the mp4, the still as poster.
struct GIFVideoView: Sendable, Encodable {
    let mp4: String
    /// The still frame (shown before playing and under reduced motion).
    let poster: String?
    let width: Int
    let height: Int
    /// The GIF's title, the video's accessible name.
    let label: String
}

struct MovieView: Sendable, Encodable {
    let poster: ImageView?
    /// "7.3" (one decimal) and "/ 10".
    let rating: String?
    let voteCount: String?
    let releaseDate: String?
    let overview: String?
    /// Shown when it differs from the title.
    let originalTitle: String?
    /// TMDB's backdrop (16:9), the page's hero, with a `srcset` sized for the screen.
    var backdrop: ImageView? = nil
}

struct BookView: Sendable, Encodable {
    let cover: ImageView?
    let subtitle: String?
    let authors: String?
    let publisher: String?
    let publishedDate: String?
    /// "320 pages".
    let pageCount: String?
    let categories: String?
    /// Plain text; newlines kept (templates use `white-space: pre-line`).
    let description: String?
    let rating: String?
    let identifiers: String?
    let language: String?
}

struct AppView: Sendable, Encodable {
    let icon: ImageView?
    let seller: String?
    /// "4.6" (one decimal, of 5).
    let rating: String?
    /// "1,234 ratings".
    let ratingCount: String?
    let category: String?
    /// "123.4 MB".
    let size: String?
    let version: String?
    let ageRating: String?
    let price: String?
    /// "EN, JA, KO".
    let languages: String?
    let screenshots: [ScreenshotView]
    let hasScreenshots: Bool
    /// Plain text with newlines (`white-space: pre-line`); folds and unfolds.
    let description: String?
    let releaseNotes: String?
    let minimumOSVersion: String?
}

/// An entry of a catalog file (`source: file`).
struct EntryView: Sendable, Encodable {
    let image: ImageView?
    /// "7.3" (one decimal) and "/ 10".
    let rating: String?
    /// The Markdown description, rendered by libcmark in safe mode.
    let descriptionHTML: RenderedHTML?
}

struct ScreenshotView: Sendable, Encodable {
    let image: ImageView
    /// The full-size image; the plain link when JavaScript is off.
    let href: String
    /// 1-based position, for "Screenshot 2 of 5".
    let number: Int
    let label: String
}

/// The words of a store badge before and after the store's name, which has its own style:
/// en "Download on the" | App Store, ko App Store | "에서 다운로드하기".
struct StoreBadge: Sendable, Encodable, Equatable {
    let before: String?
    let after: String?

    init(before: String?, after: String?) {
        self.before = before
        self.after = after
    }

    /// Splits `template` (`appStoreBadgeLine`, as `ThemeStrings.fill` reads `{store}`) around
    /// the store's name; without one, it all goes before.
    init(_ template: String) {
        guard let store = template.range(of: "{store}") else {
            before = Format.nonEmpty(template)
            after = nil
            return
        }
        before = Format.nonEmpty(String(template[..<store.lowerBound]))
        after = Format.nonEmpty(String(template[store.upperBound...]))
    }
}
