/// Where a gallery reads its items: one of the catalog APIs, or a catalog file in the site.
///
/// The raw value is the spelling used in `site.yml` (`source: google-books`).
public enum Source: String, Codable, Sendable, CaseIterable, Comparable {
    case giphy
    case tmdb
    case googleBooks = "google-books"
    case appStore = "app-store"
    /// A catalog file in the site folder (`path: catalog.json`, format `vitrine-catalog/1`):
    /// spelled `source: file` in `site.yml` and `file:` in its items' ids, as always.
    case catalog = "file"

    /// The prefix of this source's item ids: `giphy:`, `tmdb:`, `books:`, `appstore:`.
    var idPrefix: String {
        switch self {
        case .giphy: "giphy"
        case .tmdb: "tmdb"
        case .googleBooks: "books"
        case .appStore: "appstore"
        case .catalog: "file"
        }
    }

    /// The kind of item the source yields.
    var kind: ItemKind {
        switch self {
        case .giphy: .gif
        case .tmdb: .movie
        case .googleBooks: .book
        case .appStore: .app
        case .catalog: .entry
        }
    }

    /// The source whose ids start with `idPrefix` (`books` → `.googleBooks`); nil for none.
    init?(idPrefix: String) {
        guard let source = Source.allCases.first(where: { $0.idPrefix == idPrefix }) else { return nil }
        self = source
    }

    /// How long its terms let a stored copy be kept (`StoredCopyAge`).
    var copyTerms: CopyTerms {
        switch self {
        case .tmdb: .days(StoredCopyAge.tmdbDays)
        case .googleBooks: .cacheHeader
        case .giphy, .appStore, .catalog: .unlimited
        }
    }

    /// Sources sort by their `site.yml` spelling.
    public static func < (lhs: Source, rhs: Source) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What an item is; decides its caption and detail layout.
enum ItemKind: String, Codable, Sendable {
    case gif, movie, book, app
    /// An item of a catalog file (an entry): image, rating, Markdown description.
    case entry
}

extension Source {
    /// What an id of the source looks like, and how a message describes it.
    var idForm: (pattern: String, description: String)? {
        switch self {
        case .appStore: ("^[0-9]{1,15}$", "numbers")
        case .tmdb: ("^[0-9]{1,12}$", "numbers (the 550 of themoviedb.org/movie/550)")
        case .giphy: ("^[A-Za-z0-9]{1,64}$", "letters and digits (the end of a giphy.com/gifs/… address)")
        case .googleBooks: ("^[A-Za-z0-9_-]{1,64}$", "letters, digits, '-' and '_' (the id=… of a books.google.com address)")
        case .catalog: nil
        }
    }
}
