import Foundation
import Yams

extension SiteConfig {
    /// Names a gallery or content page cannot take: they are the generator's own folders.
    static let reservedNames: Set<String> = ["items", "favorites", "assets", "page", "index", "404", "sitemap", "feed", "data", "templates"]

    /// Parses and validates `site.yml` text. `file` is the path used in messages.
    static func parse(_ text: String, file: String) throws(VitrineError) -> SiteConfig {
        guard let root = try YAMLMapping.compose(text, file: file) else {
            throw VitrineError(file: file, "the file is empty; it needs at least 'title'")
        }
        let top = try YAMLMapping(root, file: file, path: "")
        try top.rejectUnknownKeys(["title", "baseURL", "language", "perPage", "columns", "favorites", "galleries"])

        let title = try top.requiredString("title")
        var baseURL: String?
        if let url = try top.string("baseURL") {
            do {
                baseURL = try checkedBaseURL(url, name: "'baseURL'")
            } catch {
                throw top.error(at: "baseURL", error.message)
            }
        }
        let language = try top.string("language") ?? "en"
        guard language.range(of: "^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$", options: .regularExpression) != nil else {
            throw top.error(at: "language", "'language' must be a language tag like 'en' or 'ko-KR', got '\(language)'")
        }
        let perPage = try top.int("perPage", in: 1...500) ?? defaultPerPage
        let columns = try top.int("columns", in: 1...12) ?? defaultColumns
        let favorites = try top.mapping("favorites").map(FavoritesConfig.parse) ?? .default

        let galleryNodes = try top.sequence("galleries") ?? []
        var galleries: [GalleryConfig] = []
        var favoriteGalleries: [FavoritesGalleryConfig] = []
        for (index, node) in galleryNodes.enumerated() {
            let mapping = try YAMLMapping(node, file: file, path: "galleries[\(index)]")
            // `source: favorites`: a list of the owner's favorites, not an API's (FavoritesGalleryConfig).
            let listed = try mapping.string("source") == FavoritesGalleryConfig.source ? try FavoritesGalleryConfig.parse(mapping) : nil
            let gallery = listed == nil ? try GalleryConfig.parse(mapping) : nil
            let name = listed?.name ?? gallery?.name ?? ""
            if galleries.contains(where: { $0.name == name }) || favoriteGalleries.contains(where: { $0.name == name }) {
                throw mapping.error(at: "name", "gallery name '\(name)' is used twice")
            }
            if let listed { favoriteGalleries.append(listed) }
            if let gallery { galleries.append(gallery) }
        }
        var config = SiteConfig(
            title: title, baseURL: baseURL, language: language, perPage: perPage, columns: columns,
            favorites: favorites, galleries: galleries
        )
        config.favoriteGalleries = favoriteGalleries
        return config
    }

    /// A valid URL slug that does not collide with the generator's own folders.
    static func isValidName(_ name: String) -> Bool {
        name.range(of: "^[a-z0-9][a-z0-9-]{0,63}$", options: .regularExpression) != nil && !reservedNames.contains(name)
    }
}

extension FavoritesConfig {
    static func parse(_ mapping: YAMLMapping) throws(VitrineError) -> FavoritesConfig {
        try mapping.rejectUnknownKeys(["file", "limit", "order"])
        var config = FavoritesConfig.default
        if let file = try mapping.string("file") {
            guard !file.isEmpty, !file.hasPrefix("/"), !file.split(separator: "/").contains("..") else {
                throw mapping.error(at: "file", "'favorites.file' must be a path inside the site folder, got '\(file)'")
            }
            config.file = file
        }
        config.limit = try mapping.int("limit", in: 1...10_000) ?? config.limit
        if let order = try mapping.string("order") {
            guard let parsed = Order(rawValue: order) else {
                throw mapping.error(at: "order", "'favorites.order' must be newest-first or oldest-first, got '\(order)'")
            }
            config.order = parsed
        }
        return config
    }
}

extension GalleryConfig {
    /// A catalog gallery shows every item of its file unless told fewer; no file is this long.
    static let catalogLimit = 10_000_000

    static func parse(_ mapping: YAMLMapping) throws(VitrineError) -> GalleryConfig {
        try mapping.rejectUnknownKeys(["name", "title", "source", "query", "list", "ids", "path", "country", "limit", "perPage", "columns", "history", "layout", "cells", "order"])
        let name = try checkedName(mapping)
        let sourceText = try mapping.requiredString("source")
        guard let source = Source(rawValue: sourceText) else {
            let known = Source.allCases.map(\.rawValue).joined(separator: ", ")
            throw mapping.error(at: "source", "unknown source '\(sourceText)' in \(mapping.path) (known: \(known))")
        }
        let query = try mapping.string("query").map { $0.trimmingCharacters(in: .whitespaces) }.flatMap { $0.isEmpty ? nil : $0 }
        var list: MovieList?
        if let text = try mapping.string("list") {
            guard source == .tmdb else {
                throw mapping.error(at: "list", "'list' only applies to tmdb galleries (in \(mapping.path))")
            }
            guard let parsed = MovieList(rawValue: text) else {
                throw mapping.error(at: "list", "'list' must be popular, top_rated or search in \(mapping.path), got '\(text)'")
            }
            list = parsed
        }
        let ids = try GalleryConfig.parseIDs(mapping, source: source)
        if !ids.isEmpty, query != nil {
            throw mapping.error(at: "query", "'query' and 'ids' together in \(mapping.path): a gallery is a search or chosen items, not both")
        }
        if !ids.isEmpty, list != nil {
            throw mapping.error(at: "list", "'list' and 'ids' together in \(mapping.path): a gallery is a list or chosen items, not both")
        }
        let path = try checkedPath(mapping, source: source, query: query)
        list = try checkedSearch(mapping, source: source, query: query, list: list, ids: ids)
        if let country = try mapping.string("country"),
            country.range(of: "^[A-Za-z]{2}$", options: .regularExpression) == nil
        {
            throw mapping.error(at: "country", "'country' must be a two-letter code like 'kr' in \(mapping.path), got '\(country)'")
        }
        let layout = try mapping.choice("layout", Layout.self) ?? .grid
        let cells = try mapping.choice("cells", Cells.self)
        if cells != nil, layout == .list {
            throw mapping.error(at: "cells", "'cells' only applies to grid galleries (in \(mapping.path)); a list shows a thumbnail per row")
        }
        let order = try GalleryOrder.parse(mapping, allowed: GalleryOrder.searchOrders, of: "a search gallery") ?? .api
        if order == .newestFirst || order == .oldestFirst, source == .catalog {
            throw mapping.error(at: "order", "'order: \(order.rawValue)' needs the change record only API galleries keep (in \(mapping.path))")
        }
        let defaultLimit = ids.isEmpty ? source.descriptor?.pageSize ?? catalogLimit : ids.count
        let maxLimit = source == .catalog ? catalogLimit : 10_000
        return GalleryConfig(
            name: name,
            title: try mapping.string("title") ?? name,
            source: source,
            query: query,
            list: source == .tmdb && ids.isEmpty ? (list ?? .popular) : nil,
            ids: ids,
            path: path,
            country: try mapping.string("country")?.lowercased(),
            limit: try mapping.int("limit", in: 1...maxLimit) ?? defaultLimit,
            perPage: try mapping.int("perPage", in: 1...500),
            columns: try mapping.int("columns", in: 1...12),
            history: try mapping.int("history", in: 1...1000) ?? GalleryConfig.defaultHistory,
            layout: layout,
            cells: cells ?? .square,
            order: order
        )
    }

    /// A catalog gallery's file (`source: file`, `path:`), inside the site folder; nil for an API gallery (which
    /// may not have one).
    private static func checkedPath(_ mapping: YAMLMapping, source: Source, query: String?) throws(VitrineError) -> String? {
        let path = try mapping.string("path")
        if source == .catalog {
            if query != nil {
                throw mapping.error(at: "query", "'query' does not apply to file galleries (in \(mapping.path)); the items come from 'path'")
            }
            guard let path else {
                throw mapping.error(at: "source", "missing key 'path' in \(mapping.path): a file gallery reads its items from a catalog file in the site folder")
            }
            guard !path.isEmpty, !path.hasPrefix("/"), !path.hasPrefix("~"),
                !path.split(separator: "/", omittingEmptySubsequences: false).contains(where: { $0 == ".." })
            else {
                throw mapping.error(at: "path", "'path' must be a file inside the site folder in \(mapping.path), got '\(path)'")
            }
        } else if path != nil {
            throw mapping.error(at: "path", "'path' only applies to file galleries (in \(mapping.path))")
        }
        return path
    }

    /// What each API needs to search (its descriptor's `galleryRule`): App Store galleries
    /// ids, Google Books a query, TMDB's `list: search` a query; a TMDB query alone means
    /// `list: search`. A catalog gallery's keys are checked by `checkedPath`.
    private static func checkedSearch(
        _ mapping: YAMLMapping, source: Source, query: String?, list: MovieList?, ids: [String]
    ) throws(VitrineError) -> MovieList? {
        guard let descriptor = source.descriptor else { return list }
        switch descriptor.galleryRule(query, list, ids) {
        case .fine(let list): return list
        case .missing(let missing, let key, let why): throw mapping.error(at: key, "missing key '\(missing)' in \(mapping.path): \(why)")
        }
    }

    /// The gallery's `name`: a valid URL slug, not one of vitrine's own folders.
    static func checkedName(_ mapping: YAMLMapping) throws(VitrineError) -> String {
        let name = try mapping.requiredString("name")
        guard SiteConfig.isValidName(name) else {
            let reason =
                SiteConfig.reservedNames.contains(name)
                ? "'\(name)' is reserved for vitrine's own folders"
                : name.count > 64
                    ? "it is \(name.count) characters long; a gallery name has at most 64"
                    : "use lower-case letters, digits and '-', starting with a letter or digit"
            throw mapping.error(at: "name", "invalid gallery name '\(name.count > 64 ? name.prefix(32) + "…" : name)' in \(mapping.path): \(reason)")
        }
        return name
    }
}
