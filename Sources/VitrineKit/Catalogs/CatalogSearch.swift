import Foundation
import Logging

/// `vitrine search SOURCE QUERY`: one page of a source's search, through the same clients,
/// keys, HTTP cache and errors as a build, each result with the line that adds it.
public struct CatalogSearch: Sendable {
    /// The site whose cache (and `language`) the search uses; it need not exist.
    let options: BuildOptions
    let logger: Logger

    /// Results a page holds.
    public static let pageSize = 10
    /// The deepest page: the APIs' own offset limits are a few hundred results.
    public static let maxPage = 50

    /// A search from `site` (its cache and language), with `fetch`'s keys and endpoints.
    public init(site: SiteLocation, fetch: FetchOptions, logger: Logger = Logger(label: "vitrine")) {
        self.init(options: BuildOptions(location: site, fetch: fetch), logger: logger)
    }

    /// A search with the site's options (tests set its seams).
    init(options: BuildOptions, logger: Logger = Logger(label: "vitrine")) {
        self.options = options
        self.logger = logger
    }

    /// One result, as printed and as `--json` gives it (keys stable, absent when empty).
    public struct Hit: Sendable, Equatable, Encodable {
        /// `tmdb:550`.
        public var id: String
        /// The item's title as the API gives it.
        public var title: String
        /// Year (movies, books), authors (books) or seller (apps): the one line under the title.
        public var detail: String?
        /// A movie's release year or a book's publication year.
        public var year: String?
        /// A book's authors.
        public var authors: [String]?
        /// An app's seller.
        public var seller: String?
        /// The item's page at its source.
        public var link: String?
        /// The exact command that adds it to the favorites.
        public var add: String
    }

    /// One page of results, as printed and as `--json` gives it.
    public struct Page: Sendable, Equatable, Encodable {
        /// The source searched (`tmdb`).
        public var source: String
        /// The query as sent.
        public var query: String
        /// The page, from 1.
        public var page: Int
        /// The API's total (an estimate for Google Books).
        public var totalResults: Int
        /// The page's results, in the API's order.
        public var results: [Hit]
    }

    /// The source a person names (`tmdb`, `google-books`, also `books`); App Store and
    /// catalog files have no search: a usage error that says what to do instead.
    public static func source(_ text: String) throws(VitrineError) -> String {
        guard let source = Source(rawValue: text.lowercased()) ?? Source(idPrefix: text.lowercased()) else {
            let searchable = APIDescriptor.all.filter { $0.searchRefusal == nil }.map(\.source.rawValue)
            throw VitrineError("unknown source '\(text)' (search: \(searchable.joined(separator: ", ")))", kind: .usage)
        }
        guard let descriptor = source.descriptor else {
            throw VitrineError("a catalog file is searched in your editor: its items are yours; list them with 'path:' in a file gallery", kind: .usage)
        }
        if let refusal = descriptor.searchRefusal { throw VitrineError(refusal, kind: .usage) }
        return source.rawValue
    }

    /// Page `page` (from 1) of `query` on `sourceName`; `siteArgument` is how the add line
    /// names the site (nil: the current folder).
    public func run(source sourceName: String, query: String, page: Int, siteArgument: String?) async throws(VitrineError) -> Page {
        guard let source = Source(rawValue: try Self.source(sourceName)) else { throw VitrineError("unknown source '\(sourceName)'", kind: .usage) }
        let text = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { throw VitrineError("the query is empty", kind: .usage) }
        guard (1...Self.maxPage).contains(page) else { throw VitrineError("--page must be between 1 and \(Self.maxPage), got \(page)", kind: .usage) }
        guard options.fetch.mode != .offline else { throw VitrineError("search asks the API; it cannot run --offline", kind: .usage) }
        // The site's language when there is a site here; a folder without one searches in English.
        let language = (try? SiteReader(options: options).config().language) ?? "en-US"
        let gallery = GalleryConfig(
            name: "search", title: "search", source: source, query: text, list: source == .tmdb ? .search : nil, ids: [], path: nil, country: nil,
            limit: page * Self.pageSize, perPage: nil, columns: nil)
        // Outside a site nothing is written: no cache in the current folder, and none in a
        // shared temporary one another user could fill or link elsewhere.
        var options = options
        if options.fetch.cacheDirectory == nil, !FileManager.default.fileExists(atPath: options.site.appendingPathComponent("site.yml").path) {
            options.fetch.diskCache = false
        }
        let session = FetchSession(options: options, logger: logger)
        let found: SearchResult
        do {
            found = try await FetchScope("search '\(text)' (\(source.rawValue))").run { () async throws(VitrineError) in
                try await session.sources.client(for: source).search(gallery, language: language)
            }
        } catch {
            await session.close()
            throw VitrineError("search '\(text)' (\(source.rawValue)): \(error.message)", kind: error.kind)
        }
        await session.close()
        // An id its source could not take back (`ids:`, `favorites add`) is no result: it would
        // only print an add line that fails, or one a shell reads as more than an id.
        let (checked, _) = Item.checked(found.items, file: "search", data: nil, jobs: 1) { _ in [] }
        let items = checked.filter { GalleryConfig.isValidID($0.id.value, of: $0.id.source) }
        let hits = items.dropFirst((page - 1) * Self.pageSize).map { Self.hit($0, siteArgument: siteArgument) }
        return Page(source: source.rawValue, query: text, page: page, totalResults: max(found.totalResults, items.count), results: Array(hits))
    }

    static func hit(_ item: Item, siteArgument: String?) -> Hit {
        var hit = Hit(id: item.id.description, title: item.title, link: item.link, add: "vitrine favorites add " + shellQuoted(item.id.description))
        if let siteArgument { hit.add += " " + shellQuoted(siteArgument) }
        switch item.details {
        case .movie(let movie):
            hit.year = movie.releaseDate.map { String($0.prefix(4)) }.flatMap { $0.isEmpty ? nil : $0 }
            hit.detail = hit.year
        case .book(let book):
            hit.year = book.publishedDate.map { String($0.prefix(4)) }.flatMap { $0.isEmpty ? nil : $0 }
            hit.authors = book.authors.isEmpty ? nil : book.authors
            hit.detail = [book.authors.joined(separator: ", "), hit.year ?? ""].filter { !$0.isEmpty }.joined(separator: ", ")
        case .app(let app):
            hit.seller = app.seller
            hit.detail = app.seller
        case .gif(let gif):
            hit.detail = gif.username.flatMap { $0.isEmpty ? nil : "@" + $0 }
        case .entry, nil:
            break
        }
        if hit.detail?.isEmpty == true { hit.detail = nil }
        return hit
    }

    /// `my site` → `'my site'`: an argument a shell reads back as typed.
    static func shellQuoted(_ text: String) -> String {
        let plain = text.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "-_./~:".contains($0)) }
        return plain && !text.isEmpty ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
