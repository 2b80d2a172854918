import Foundation

/// `site.yml`, validated. Defaults follow the seeds: 24 a page, 3 columns, 20 favorites.
struct SiteConfig: Sendable, Equatable {
    var title: String
    /// Absolute http(s) URL ending in `/`; only used for canonical, Open Graph, sitemap and
    /// feed links. Internal links are relative either way.
    var baseURL: String?
    var language: String
    var perPage: Int
    var columns: Int
    var favorites: FavoritesConfig
    var galleries: [GalleryConfig]
    /// Galleries of favorites (`source: favorites`), in site.yml's order; their pages come
    /// after the API galleries'.
    var favoriteGalleries: [FavoritesGalleryConfig] = []

    static let defaultPerPage = 24
    static let defaultColumns = 3
}

struct FavoritesConfig: Sendable, Equatable {
    enum Order: String, Sendable, CaseIterable {
        case newestFirst = "newest-first"
        case oldestFirst = "oldest-first"
    }

    /// Relative to the site folder.
    var file: String
    var limit: Int
    var order: Order

    static let `default` = FavoritesConfig(file: "favorites.json", limit: 20, order: .newestFirst)
}

struct GalleryConfig: Sendable, Equatable {
    /// TMDB lists a gallery can show.
    enum MovieList: String, Sendable, CaseIterable {
        case popular
        case topRated = "top_rated"
        case search
    }

    /// How a gallery page shows its items: a grid of cells, or a row per item (the book finder's form).
    enum Layout: String, Sendable, CaseIterable {
        case grid
        case list
    }

    /// The media box of a grid's cells: square (the default), or 2:3 for posters and covers.
    enum Cells: String, Sendable, CaseIterable {
        case square
        case poster
    }

    /// URL slug: `[a-z0-9][a-z0-9-]*`; the gallery lives at `<name>/`.
    var name: String
    var title: String
    var source: Source
    /// Search text; GIPHY without a query shows trending.
    var query: String?
    /// TMDB only.
    var list: MovieList?
    /// Chosen items (every API source; an App Store gallery's only form): the ids to look
    /// up, in display order.
    var ids: [String]
    /// Catalog galleries (`source: file`) only: the catalog file, relative to the site folder.
    var path: String?
    /// App Store storefront (`kr`), or a region for other sources.
    var country: String?
    /// Items to fetch in total.
    var limit: Int
    /// Overrides the site's page size and columns for this gallery.
    var perPage: Int?
    var columns: Int?
    /// How many refreshes that changed the gallery its change record keeps.
    var history: Int = GalleryConfig.defaultHistory
    var layout: Layout = .grid
    var cells: Cells = .square
    /// The order of its items (`order`): the API's, or by first appearance.
    var order: GalleryOrder = .api

    static let defaultHistory = 30

    /// What the gallery asks its API, for snapshots and messages.
    var requestSummary: String? {
        // Chosen items: the ids, in order (an App Store gallery's only form).
        if !ids.isEmpty, source != .catalog { return ids.joined(separator: ",") }
        guard let descriptor = source.descriptor else { return path }
        return descriptor.requestSummary(query, list)
    }

    /// Where the gallery's items are read from, relative to the site folder: its snapshot
    /// `data/NAME.json`, or a catalog gallery's catalog file.
    var inputPath: String {
        source == .catalog ? (path ?? "") : "data/\(name).json"
    }
}

extension SiteConfig {
    /// The path part of `baseURL`, always ending in `/`: `/`, `/fixture/`. Links that cannot
    /// be relative (the 404 page's, served at any depth) start with it; `serve` serves there.
    var sitePath: String {
        Self.sitePath(of: baseURL)
    }

    /// `text` as a site's base URL — `SafeURL`'s form, ending in `/` — or an error whose one
    /// line starts with `name` (`'baseURL'`, `--base-url`). Every page's address is the base
    /// URL with a path added, so one with a query, a fragment or a space (which would put
    /// every page's path after a `?` or `#`) is refused.
    static func checkedBaseURL(_ text: String, name: String) throws(VitrineError) -> String {
        guard let safe = SafeURL.check(text), SafeURL.scheme(of: safe) != nil else {
            throw VitrineError("\(name) must be an absolute http or https URL, got '\(text)'", kind: .usage)
        }
        if let found = text.first(where: { $0 == "?" || $0 == "#" || $0.isWhitespace }) {
            let what = found == "?" ? "a query ('?')" : found == "#" ? "a fragment ('#')" : "a space"
            throw VitrineError(
                "\(name) must be the site's address without \(what): every page's address is made by adding to it, got '\(text)'", kind: .usage)
        }
        return safe.hasSuffix("/") ? safe : safe + "/"
    }

    /// The path part of a base URL, always ending in `/`.
    static func sitePath(of baseURL: String?) -> String {
        guard let baseURL, let path = URLComponents(string: baseURL)?.path, !path.isEmpty, path != "/" else { return "/" }
        return (path.hasPrefix("/") ? "" : "/") + path + (path.hasSuffix("/") ? "" : "/")
    }

    /// What a build says, in one short line unless `--quiet`, when there is no `baseURL`
    /// (`check` and `--strict` say `withoutBaseURL`).
    static let withoutBaseURLNote = "note: no baseURL yet, so no sitemap, feed or share links; `vitrine check` says more"

    /// What `check` and `build --strict` say, in one line, when there is no `baseURL`.
    static let withoutBaseURL =
        "no baseURL in site.yml (or --base-url): sitemap.xml, feed.xml, canonical and Open Graph URLs, structured data and the e-mail/X/Facebook share links are left out; copy link and the share sheet use the page's address in the browser"
}
