/// A catalog API vitrine can read a gallery from.
///
/// The raw value is the spelling used in `site.yml` (`source: google-books`).
public enum Source: String, Codable, Sendable, CaseIterable, Comparable {
    case giphy
    case tmdb
    case googleBooks = "google-books"
    case appStore = "app-store"
    /// A catalog file in the site folder (`path: catalog.json`, format `vitrine-catalog/1`).
    case file

    /// The prefix of this source's item ids: `giphy:`, `tmdb:`, `books:`, `appstore:`.
    var idPrefix: String {
        switch self {
        case .giphy: "giphy"
        case .tmdb: "tmdb"
        case .googleBooks: "books"
        case .appStore: "appstore"
        case .file: "file"
        }
    }

    /// The kind of item the source yields.
    var kind: ItemKind {
        switch self {
        case .giphy: .gif
        case .tmdb: .movie
        case .googleBooks: .book
        case .appStore: .app
        case .file: .entry
        }
    }

    /// The source whose ids start with `idPrefix` (`books` → `.googleBooks`); nil for none.
    init?(idPrefix: String) {
        guard let source = Source.allCases.first(where: { $0.idPrefix == idPrefix }) else { return nil }
        self = source
    }

    /// Sources sort by their `site.yml` spelling.
    public static func < (lhs: Source, rhs: Source) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// What an item is; decides its caption and detail layout.
enum ItemKind: String, Codable, Sendable {
    case gif, movie, book, app
    /// An entry of a catalog file: image, rating, Markdown description.
    case entry
}

extension Source {
    /// The name people know the service by.
    var label: String {
        switch self {
        case .giphy: "GIPHY"
        case .tmdb: "TMDB"
        case .googleBooks: "Google Books"
        case .appStore: "App Store"
        case .file: "catalog file"
        }
    }

    /// Items an API page holds by default (seeds: GIPHY 24, TMDB 20, Google Books 40).
    var pageSize: Int {
        switch self {
        case .giphy: 24
        case .tmdb: 20
        case .googleBooks: 40
        case .appStore: 200
        case .file: 10_000_000  // the whole catalog
        }
    }

    /// The environment variable holding the source's API key (`vitrine new`'s next steps);
    /// nil when the source needs none.
    var keyVariable: String? {
        switch self {
        case .giphy: "GIPHY_API_KEY"
        case .tmdb: "TMDB_API_KEY"
        case .googleBooks, .appStore, .file: nil
        }
    }
}
