import Foundation

/// `site.yml`, validated. Defaults follow the seeds: 24 a page, 3 columns, 20 favorites.
public struct SiteConfig: Sendable, Equatable {
    public var title: String
    /// Absolute http(s) URL ending in `/`; only used for canonical, Open Graph, sitemap and
    /// feed links. Internal links are relative either way.
    public var baseURL: String?
    public var language: String
    public var perPage: Int
    public var columns: Int
    public var favorites: FavoritesConfig
    public var galleries: [GalleryConfig]

    public static let defaultPerPage = 24
    public static let defaultColumns = 3
}

public struct FavoritesConfig: Sendable, Equatable {
    public enum Order: String, Sendable, CaseIterable {
        case newestFirst = "newest-first"
        case oldestFirst = "oldest-first"
    }

    /// Relative to the site folder.
    public var file: String
    public var limit: Int
    public var order: Order

    public static let `default` = FavoritesConfig(file: "favorites.json", limit: 20, order: .newestFirst)
}

public struct GalleryConfig: Sendable, Equatable {
    /// TMDB lists a gallery can show.
    public enum MovieList: String, Sendable, CaseIterable {
        case popular
        case topRated = "top_rated"
        case search
    }

    /// URL slug: `[a-z0-9][a-z0-9-]*`; the gallery lives at `<name>/`.
    public var name: String
    public var title: String
    public var source: Source
    /// Search text; GIPHY without a query shows trending.
    public var query: String?
    /// TMDB only.
    public var list: MovieList?
    /// App Store only: the ids to look up, in display order.
    public var ids: [String]
    /// File galleries only: the catalog, relative to the site folder.
    public var path: String?
    /// App Store storefront (`kr`), or a region for other sources.
    public var country: String?
    /// Items to fetch in total.
    public var limit: Int
    /// Overrides the site's page size and columns for this gallery.
    public var perPage: Int?
    public var columns: Int?

    /// What the gallery asks its API, for snapshots and messages.
    public var requestSummary: String? {
        switch source {
        case .appStore: ids.joined(separator: ",")
        case .tmdb: list == .search ? query : (list ?? .popular).rawValue
        case .giphy, .googleBooks: query
        case .file: path
        }
    }

    /// Where the gallery's items are read from, relative to the site folder: its snapshot
    /// `data/NAME.json`, or a file gallery's catalog.
    public var inputPath: String {
        source == .file ? (path ?? "") : "data/\(name).json"
    }
}

extension SiteConfig {
    /// The path part of `baseURL`, always ending in `/`: `/`, `/fixture/`. Links that cannot
    /// be relative (the 404 page's, served at any depth) start with it; `serve` serves there.
    public var sitePath: String {
        Self.sitePath(of: baseURL)
    }

    /// The path part of a base URL, always ending in `/`.
    public static func sitePath(of baseURL: String?) -> String {
        guard let baseURL, let path = URLComponents(string: baseURL)?.path, !path.isEmpty, path != "/" else { return "/" }
        return (path.hasPrefix("/") ? "" : "/") + path + (path.hasSuffix("/") ? "" : "/")
    }

    /// What `build` and `check` say, in one line, when there is no `baseURL`.
    public static let withoutBaseURL =
        "no baseURL in site.yml (or --base-url): sitemap.xml, feed.xml, canonical and Open Graph URLs, structured data and the e-mail/X/Facebook share links are left out; copy link and the share sheet use the page's address in the browser"
}
