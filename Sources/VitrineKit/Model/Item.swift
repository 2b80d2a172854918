/// A normalized catalog item: what every source's decoder produces, what snapshots store
/// and what pages are rendered from. Every URL in it has passed `SafeURL`.
public struct Item: Codable, Sendable, Hashable {
    public var id: ItemID
    public var title: String
    /// The item's page at its origin (GIPHY page, TMDB page, Google Books info, App Store).
    public var link: String?
    /// The grid thumbnail.
    public var image: Picture?
    public var gif: GIFDetails?
    public var movie: MovieDetails?
    public var book: BookDetails?
    public var app: AppDetails?
    public var entry: EntryDetails?

    public init(
        id: ItemID, title: String, link: String? = nil, image: Picture? = nil,
        gif: GIFDetails? = nil, movie: MovieDetails? = nil, book: BookDetails? = nil, app: AppDetails? = nil,
        entry: EntryDetails? = nil
    ) {
        self.id = id
        self.title = title
        self.link = link
        self.image = image
        self.gif = gif
        self.movie = movie
        self.book = book
        self.app = app
        self.entry = entry
    }

    public var kind: ItemKind { id.source.kind }
}

/// An image with its intrinsic size when the API gives one.
public struct Picture: Codable, Sendable, Hashable {
    public var url: String
    public var width: Int?
    public var height: Int?

    public init(url: String, width: Int? = nil, height: Int? = nil) {
        self.url = url
        self.width = width
        self.height = height
    }
}

/// An entry of a catalog file (`source: file`).
public struct EntryDetails: Codable, Sendable, Hashable {
    /// 0–10, shown with one decimal.
    public var rating: Double?
    /// CommonMark source; rendered (safe mode) once, on the item's own page.
    public var description: String?

    public init(rating: Double? = nil, description: String? = nil) {
        self.rating = rating
        self.description = description
    }
}

public struct GIFDetails: Codable, Sendable, Hashable {
    /// `g`, `pg`, `pg-13`, `r` (or the legacy `y`).
    public var rating: String?
    public var username: String?
    /// Where the GIF was found (`source_post_url`, else `source`).
    public var sourceURL: String?
    /// The domain of the source (`source_tld`).
    public var sourceDomain: String?
    /// The animated GIF for the detail page (`fixed_width`/`original`).
    public var animated: Picture?
    /// A still frame for `prefers-reduced-motion`.
    public var still: Picture?
    /// Lighter animated renditions, when GIPHY gives them.
    public var mp4: String?
    public var webp: String?

    public init(
        rating: String? = nil, username: String? = nil, sourceURL: String? = nil, sourceDomain: String? = nil,
        animated: Picture? = nil, still: Picture? = nil, mp4: String? = nil, webp: String? = nil
    ) {
        self.rating = rating
        self.username = username
        self.sourceURL = sourceURL
        self.sourceDomain = sourceDomain
        self.animated = animated
        self.still = still
        self.mp4 = mp4
        self.webp = webp
    }
}

public struct MovieDetails: Codable, Sendable, Hashable {
    public var originalTitle: String?
    public var overview: String?
    /// `YYYY-MM-DD` as TMDB gives it; nil when empty.
    public var releaseDate: String?
    /// 0–10.
    public var voteAverage: Double?
    public var voteCount: Int?
    /// The large poster for the detail page (the grid uses `Item.image`).
    public var poster: Picture?
    public var backdrop: Picture?
    public var originalLanguage: String?

    public init(
        originalTitle: String? = nil, overview: String? = nil, releaseDate: String? = nil,
        voteAverage: Double? = nil, voteCount: Int? = nil, poster: Picture? = nil,
        backdrop: Picture? = nil, originalLanguage: String? = nil
    ) {
        self.originalTitle = originalTitle
        self.overview = overview
        self.releaseDate = releaseDate
        self.voteAverage = voteAverage
        self.voteCount = voteCount
        self.poster = poster
        self.backdrop = backdrop
        self.originalLanguage = originalLanguage
    }
}

public struct BookDetails: Codable, Sendable, Hashable {
    public var subtitle: String?
    public var authors: [String]
    public var publisher: String?
    /// `2013`, `2012-11`, `2012-11-26`: kept as given.
    public var publishedDate: String?
    public var pageCount: Int?
    public var categories: [String]
    /// Plain text: Google's HTML is stripped and its entities decoded by the decoder.
    public var description: String?
    public var averageRating: Double?
    public var ratingsCount: Int?
    public var language: String?
    /// ISBN-13, then ISBN-10, then others, as `TYPE:value`.
    public var identifiers: [String]
    /// The larger cover for the detail page.
    public var cover: Picture?

    public init(
        subtitle: String? = nil, authors: [String] = [], publisher: String? = nil, publishedDate: String? = nil,
        pageCount: Int? = nil, categories: [String] = [], description: String? = nil,
        averageRating: Double? = nil, ratingsCount: Int? = nil, language: String? = nil,
        identifiers: [String] = [], cover: Picture? = nil
    ) {
        self.subtitle = subtitle
        self.authors = authors
        self.publisher = publisher
        self.publishedDate = publishedDate
        self.pageCount = pageCount
        self.categories = categories
        self.description = description
        self.averageRating = averageRating
        self.ratingsCount = ratingsCount
        self.language = language
        self.identifiers = identifiers
        self.cover = cover
    }
}

public struct AppDetails: Codable, Sendable, Hashable {
    public var seller: String?
    public var bundleID: String?
    /// 0–5, as precise as Apple sends it; rounded for display only.
    public var averageRating: Double?
    public var ratingCount: Int?
    /// `primaryGenreName` (stays English), then localized `genres`.
    public var category: String?
    public var genres: [String]
    public var fileSizeBytes: Int64?
    public var version: String?
    /// `contentAdvisoryRating`, e.g. `4+`, `12+`.
    public var ageRating: String?
    /// `formattedPrice` as the storefront writes it (`Free`, `무료`, `$4.99`).
    public var price: String?
    /// ISO codes, duplicates removed, order kept.
    public var languages: [String]
    public var screenshots: [Picture]
    public var iPadScreenshots: [Picture]
    public var description: String?
    public var releaseNotes: String?
    public var releaseDate: String?
    public var minimumOSVersion: String?

    public init(
        seller: String? = nil, bundleID: String? = nil, averageRating: Double? = nil, ratingCount: Int? = nil,
        category: String? = nil, genres: [String] = [], fileSizeBytes: Int64? = nil, version: String? = nil,
        ageRating: String? = nil, price: String? = nil, languages: [String] = [], screenshots: [Picture] = [],
        iPadScreenshots: [Picture] = [], description: String? = nil, releaseNotes: String? = nil,
        releaseDate: String? = nil, minimumOSVersion: String? = nil
    ) {
        self.seller = seller
        self.bundleID = bundleID
        self.averageRating = averageRating
        self.ratingCount = ratingCount
        self.category = category
        self.genres = genres
        self.fileSizeBytes = fileSizeBytes
        self.version = version
        self.ageRating = ageRating
        self.price = price
        self.languages = languages
        self.screenshots = screenshots
        self.iPadScreenshots = iPadScreenshots
        self.description = description
        self.releaseNotes = releaseNotes
        self.releaseDate = releaseDate
        self.minimumOSVersion = minimumOSVersion
    }
}
