/// A normalized catalog item: what every source's decoder produces, what snapshots store
/// and what pages are rendered from. Every URL in it has passed `SafeURL`.
struct Item: Sendable, Hashable {
    var id: ItemID
    var title: String
    /// The item's page at its origin (GIPHY page, TMDB page, Google Books info, App Store).
    var link: String?
    /// The grid thumbnail.
    var image: Picture?
    /// What only this kind of item has; nil when a snapshot stored none. Its case is always
    /// the kind of the id's source (`Details.kind == id.source.kind`).
    var details: Details?

    init(id: ItemID, title: String, link: String? = nil, image: Picture? = nil, details: Details? = nil) {
        self.id = id
        self.title = title
        self.link = link
        self.image = image
        self.details = details
    }

    var kind: ItemKind { id.source.kind }

    /// One case per kind of item: a new source's kind is a new case, and every `switch`
    /// over it is a place the compiler names. Boxed (`indirect`): an app's or a movie's
    /// details are hundreds of bytes, and every copy of an `Item` — a 100,000-item catalog's
    /// are copied several times per build — copied them field by field.
    indirect enum Details: Sendable, Hashable {
        case gif(GIFDetails)
        case movie(MovieDetails)
        case book(BookDetails)
        case app(AppDetails)
        case entry(EntryDetails)

        /// The kind these details belong to.
        var kind: ItemKind {
            switch self {
            case .gif: .gif
            case .movie: .movie
            case .book: .book
            case .app: .app
            case .entry: .entry
            }
        }
    }

    /// The GIF's details, when the item is a GIF.
    var gif: GIFDetails? {
        if case .gif(let details) = details { details } else { nil }
    }
    /// The movie's details, when the item is a movie.
    var movie: MovieDetails? {
        if case .movie(let details) = details { details } else { nil }
    }
    /// The book's details, when the item is a book.
    var book: BookDetails? {
        if case .book(let details) = details { details } else { nil }
    }
    /// The app's details, when the item is an app.
    var app: AppDetails? {
        if case .app(let details) = details { details } else { nil }
    }
    /// The catalog entry's details, when the item comes from a catalog file.
    var entry: EntryDetails? {
        if case .entry(let details) = details { details } else { nil }
    }
}

/// Snapshots keep the shape they always had: the details sit under their kind's key
/// (`"gif": {…}`, `"movie": {…}`). Only the key of the id's kind is read; another kind's
/// details in the same object are ignored.
extension Item: Codable {
    private enum CodingKeys: String, CodingKey {
        case id, title, link, image, gif, movie, book, app, entry
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(ItemID.self, forKey: .id)
        title = try container.decode(String.self, forKey: .title)
        link = try container.decodeIfPresent(String.self, forKey: .link)
        image = try container.decodeIfPresent(Picture.self, forKey: .image)
        switch id.source.kind {
        case .gif: details = try container.decodeIfPresent(GIFDetails.self, forKey: .gif).map(Details.gif)
        case .movie: details = try container.decodeIfPresent(MovieDetails.self, forKey: .movie).map(Details.movie)
        case .book: details = try container.decodeIfPresent(BookDetails.self, forKey: .book).map(Details.book)
        case .app: details = try container.decodeIfPresent(AppDetails.self, forKey: .app).map(Details.app)
        case .entry: details = try container.decodeIfPresent(EntryDetails.self, forKey: .entry).map(Details.entry)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encodeIfPresent(link, forKey: .link)
        try container.encodeIfPresent(image, forKey: .image)
        switch details {
        case .gif(let gif): try container.encode(gif, forKey: .gif)
        case .movie(let movie): try container.encode(movie, forKey: .movie)
        case .book(let book): try container.encode(book, forKey: .book)
        case .app(let app): try container.encode(app, forKey: .app)
        case .entry(let entry): try container.encode(entry, forKey: .entry)
        case nil: break
        }
    }
}

/// An image with its intrinsic size when the API gives one.
struct Picture: Codable, Sendable, Hashable {
    var url: String
    var width: Int?
    var height: Int?
    /// The other sizes of the same image that the API publishes (GIPHY's renditions, TMDB's
    /// `w92`…`w780`, Google Books' zoom levels, App Store artwork sizes), narrowest first,
    /// for `srcset`. Absent in older snapshots: then `url` is the only size.
    var renditions: [Rendition]?

    init(url: String, width: Int? = nil, height: Int? = nil, renditions: [Rendition]? = nil) {
        self.url = url
        self.width = width
        self.height = height
        self.renditions = renditions
    }
}

/// One size of an image: a checked URL and its width in pixels (the `w` of `srcset`).
struct Rendition: Codable, Sendable, Hashable {
    var url: String
    var width: Int
    /// Known for GIPHY, TMDB (2:3) and the App Store; nominal for Google Books (which gives none).
    var height: Int?

    init(url: String, width: Int, height: Int? = nil) {
        self.url = url
        self.width = width
        self.height = height
    }

    /// Sorted narrowest first, one per width (the first seen wins), widths above zero only.
    static func ordered(_ renditions: [Rendition]) -> [Rendition]? {
        var seen: Set<Int> = []
        let kept = renditions.filter { $0.width > 0 && seen.insert($0.width).inserted }
        return kept.isEmpty ? nil : kept.sorted { $0.width < $1.width }
    }
}

/// An entry of a catalog file (`source: file`).
struct EntryDetails: Sendable, Hashable {
    /// 0–10, shown with one decimal.
    var rating: Double?
    /// CommonMark source; rendered (safe mode) once, on the item's own page. Kept as an
    /// `EntryText`: from the catalog cache, its bytes are read only for the pages rendered.
    var text: EntryText?

    /// The description as a `String` (decoded on every read of an item from the cache).
    var description: String? {
        get { text?.string }
        set { text = newValue.map(EntryText.init) }
    }

    init(rating: Double? = nil, description: String? = nil) {
        self.rating = rating
        self.text = description.map(EntryText.init)
    }

    init(rating: Double?, text: EntryText?) {
        self.rating = rating
        self.text = text
    }
}

/// The shape snapshots always had: `{"rating": 7.5, "description": "…"}`, absent keys left out.
extension EntryDetails: Codable {
    private enum CodingKeys: String, CodingKey {
        case rating, description
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        rating = try container.decodeIfPresent(Double.self, forKey: .rating)
        text = try container.decodeIfPresent(String.self, forKey: .description).map(EntryText.init)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(rating, forKey: .rating)
        try container.encodeIfPresent(description, forKey: .description)
    }
}

struct GIFDetails: Codable, Sendable, Hashable {
    /// `g`, `pg`, `pg-13`, `r` (or the legacy `y`).
    var rating: String?
    var username: String?
    /// The page the GIF was posted on (GIPHY's `source_post_url`, else `source`); stored as
    /// `sourceURL`.
    var postURL: String?
    /// That page's domain (GIPHY's `source_tld`); stored as `sourceDomain`.
    var postDomain: String?
    /// The animated GIF for the detail page (`fixed_width`/`original`).
    var animated: Picture?
    /// A still frame for `prefers-reduced-motion`.
    var still: Picture?
    /// Lighter animated renditions, when GIPHY gives them.
    var mp4: String?
    var webp: String?
    /// Every webp size GIPHY gives, narrowest first (absent in older snapshots).
    var webpRenditions: [Rendition]?

    init(
        rating: String? = nil, username: String? = nil, postURL: String? = nil, postDomain: String? = nil,
        animated: Picture? = nil, still: Picture? = nil, mp4: String? = nil, webp: String? = nil,
        webpRenditions: [Rendition]? = nil
    ) {
        self.rating = rating
        self.username = username
        self.postURL = postURL
        self.postDomain = postDomain
        self.animated = animated
        self.still = still
        self.mp4 = mp4
        self.webp = webp
        self.webpRenditions = webpRenditions
    }

    /// The keys snapshots, catalogs and favorites.json have always used.
    enum CodingKeys: String, CodingKey {
        case rating, username, animated, still, mp4, webp, webpRenditions
        case postURL = "sourceURL"
        case postDomain = "sourceDomain"
    }
}

struct MovieDetails: Codable, Sendable, Hashable {
    var originalTitle: String?
    var overview: String?
    /// `YYYY-MM-DD` as TMDB gives it; nil when empty.
    var releaseDate: String?
    /// 0–10.
    var voteAverage: Double?
    var voteCount: Int?
    /// The large poster for the detail page (the grid uses `Item.image`).
    var poster: Picture?
    var backdrop: Picture?
    var originalLanguage: String?

    init(
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

struct BookDetails: Codable, Sendable, Hashable {
    var subtitle: String?
    var authors: [String]
    var publisher: String?
    /// `2013`, `2012-11`, `2012-11-26`: kept as given.
    var publishedDate: String?
    var pageCount: Int?
    var categories: [String]
    /// Plain text: Google's HTML is stripped and its entities decoded by the decoder.
    var description: String?
    var averageRating: Double?
    var ratingsCount: Int?
    var language: String?
    /// ISBN-13, then ISBN-10, then others, as `TYPE:value`.
    var identifiers: [String]
    /// The larger cover for the detail page.
    var cover: Picture?

    init(
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

struct AppDetails: Codable, Sendable, Hashable {
    var seller: String?
    var bundleID: String?
    /// 0–5, as precise as Apple sends it; rounded for display only.
    var averageRating: Double?
    var ratingCount: Int?
    /// `primaryGenreName` (stays English), then localized `genres`.
    var category: String?
    var genres: [String]
    var fileSizeBytes: Int64?
    var version: String?
    /// `contentAdvisoryRating`, e.g. `4+`, `12+`.
    var ageRating: String?
    /// `formattedPrice` as the storefront writes it (`Free`, `무료`, `$4.99`).
    var price: String?
    /// `price` as a number (`0`, `4.99`), for structured data; absent in older snapshots.
    var priceAmount: Double?
    /// ISO 4217 code of the storefront's currency (`USD`, `KRW`).
    var currency: String?
    /// ISO codes, duplicates removed, order kept.
    var languages: [String]
    var screenshots: [Picture]
    var iPadScreenshots: [Picture]
    var description: String?
    var releaseNotes: String?
    var releaseDate: String?
    var minimumOSVersion: String?

    init(
        seller: String? = nil, bundleID: String? = nil, averageRating: Double? = nil, ratingCount: Int? = nil,
        category: String? = nil, genres: [String] = [], fileSizeBytes: Int64? = nil, version: String? = nil,
        ageRating: String? = nil, price: String? = nil, languages: [String] = [], screenshots: [Picture] = [],
        iPadScreenshots: [Picture] = [], description: String? = nil, releaseNotes: String? = nil,
        releaseDate: String? = nil, minimumOSVersion: String? = nil, priceAmount: Double? = nil, currency: String? = nil
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
        self.priceAmount = priceAmount
        self.currency = currency
    }

    /// Three ASCII capital letters (`KRW`), else nil.
    static func currencyCode(_ raw: String) -> String? {
        raw.unicodeScalars.count == 3 && raw.unicodeScalars.allSatisfy { ("A"..."Z").contains($0) } ? raw : nil
    }
}
