import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Synchronization
import VitrineTemplate

/// `vitrine serve`'s search, under the served base path and nowhere in a build:
/// `GET _vitrine/search` (the page), `GET _vitrine/api/search?source=giphy&q=cats&page=2`
/// (one API page as JSON: the cells as HTML rendered by the site's own `cell` template, so a
/// theme's overrides apply, and the items' ids and titles), `GET _vitrine/search/item?id=…`
/// (the item page the dialog shows) and `POST _vitrine/api/keep` (the search as a gallery
/// of site.yml). The browser never sees a key: vitrine asks the API through the clients,
/// HTTP cache, retries and rate-limit handling of a build, a few searches at a time.
final class SearchEndpoint: Sendable {
    static let pagePath = "_vitrine/search"
    static let itemPath = "_vitrine/search/item"
    static let apiPath = "_vitrine/api/search"
    static let keepPath = "_vitrine/api/keep"
    static let scriptPath = "/_vitrine/search.js"
    static let stylePath = "/_vitrine/search.css"
    /// Searches answered at once, and waiting; more are refused (503) rather than queued.
    static let running = 4
    static let waiting = 16

    let options: BuildOptions
    let token: String
    let hosts: Set<String>
    /// `/fixture/`
    let basePath: String
    let logger: Logger
    private let session: FetchSession
    private let gate = SearchGate(limit: SearchEndpoint.running, queue: SearchEndpoint.waiting)
    private let loaded = Mutex<Loaded?>(nil)
    private let seen = Mutex<SeenItems>(SeenItems())

    /// The site as the last good build read it, and its theme: what pages are rendered with.
    struct Loaded: Sendable {
        let site: LoadedSite
        let theme: Theme
        let factory: PageFactory
    }

    init(options: BuildOptions, token: String, hosts: Set<String>, basePath: String, logger: Logger) {
        self.options = options
        self.token = token
        self.hosts = hosts
        self.basePath = basePath
        self.logger = logger
        session = FetchSession(options: options, logger: logger)
    }

    func close() async {
        await session.close()
    }

    /// After a rebuild: the next page is rendered with the new site.yml, favorites and theme.
    func invalidate() {
        loaded.withLock { $0 = nil }
    }

    func load() throws(VitrineError) -> Loaded {
        if let cached = loaded.withLock({ $0 }) { return cached }
        let reader = SiteReader(options: options)
        let config = try reader.config()
        var quiet = logger
        quiet.logLevel = .warning
        let site = try reader.read(config: config, favorites: try reader.favorites(config), logger: quiet)
        let themeFiles = try Theme.Files.read(
            defaults: options.themeDirectory ?? Theme.defaultDirectory, overrides: options.site.appendingPathComponent("templates"),
            overridesLabel: options.label("templates"))
        let theme = try Theme(compiling: themeFiles, language: config.language)
        let made = Loaded(site: site, theme: theme, factory: PageFactory(site: site, strings: theme.strings(for: config.language), hasCustomCSS: theme.hasCustomCSS))
        loaded.withLock { $0 = made }
        return made
    }

    // MARK: The API

    struct Found: Encodable {
        var ok = true
        var source: String
        var query: String?
        var list: String?
        var page: Int
        var pageSize: Int
        var total: Int
        var hasMore: Bool
        var trending: Bool
        /// `<li data-cell …>` of each item, by the site's cell template.
        var cells: [String]
        var items: [FoundItem]
        var missing: [String]
        var summary: String
    }

    struct FoundItem: Encodable {
        var id: String
        var title: String
    }

    /// `GET _vitrine/api/search`.
    func search(_ request: Request) async -> Response {
        if let refusal = SearchFailure.refusal(request, hosts: hosts, token: token, write: false) { return refusal.response() }
        let asked: SearchRequest
        do throws(VitrineError) {
            asked = try SearchRequest(parameters: Self.parameters(request))
        } catch {
            return SearchFailure(.badRequest, error.message).response()
        }
        if options.fetch.mode == .offline {
            return SearchFailure(.offline, "vitrine serve --offline does not search: restart it without --offline to search \(asked.source.label)")
                .response()
        }
        guard await gate.enter() else {
            return SearchFailure(.busy, "too many searches at once; try again in a moment").response()
        }
        defer { Task { await gate.leave() } }
        let answer: SearchAnswer
        let loaded: Loaded
        do throws(VitrineError) {
            loaded = try load()
            answer = try await clients().page(asked, language: loaded.site.config.language)
        } catch {
            let failure = SearchFailure.classify(error, source: asked.source, credentials: options.fetch.credentials)
            logger.warning("search \(asked.summary): \(failure.message)")
            return failure.response()
        }
        seen.withLock { $0.remember(answer.items) }
        let cells: [String]
        do throws(VitrineError) {
            cells = try cellHTML(answer.items, page: asked.page, pageSize: asked.pageSize, loaded: loaded)
        } catch {
            return SearchFailure(.failed, error.message).response()
        }
        let found = Found(
            source: asked.source.rawValue, query: asked.query, list: asked.list?.rawValue, page: asked.page, pageSize: asked.pageSize,
            total: answer.total, hasMore: answer.hasMore, trending: asked.source == .giphy && asked.query == nil, cells: cells,
            items: answer.items.map { FoundItem(id: $0.id.description, title: $0.title) }, missing: answer.missing, summary: asked.summary
        )
        return Self.json(.ok, found, scrubbing: options.fetch.credentials.all)
    }

    /// A client per request over the server's one fetch client (its cache, its bound on
    /// requests in flight): TMDB's image configuration is asked again (from the cache) rather
    /// than a failure of it kept for the server's life.
    private func clients() -> SourceClients {
        session.sources.fresh()
    }

    /// The cells of `items`, rendered by the site's `cell` template; each links to the item
    /// page the dialog opens.
    func cellHTML(_ items: [Item], page: Int, pageSize: Int, loaded: Loaded) throws(VitrineError) -> [String] {
        let here = Self.pageSitePath
        let context = loaded.factory.context(at: here, title: "Search", kind: "search")
        let encoder = TemplateValueEncoder()
        do {
            let pageValue = try encoder.encode(context)
            return try items.enumerated().map { offset, item in
                let cell = loaded.factory.cell(item, from: here, position: page == 1 ? offset : nil)
                guard case .object(let object) = try encoder.encode(cell) else { return "" }
                let href = basePath + Self.itemPath + "?id=" + Self.queryEncoded(item.id.description)
                var model = TemplateObject(
                    object.entries.map { $0.key == "href" ? (key: "href", value: .string(href)) : $0 }, nilKeys: object.nilKeys)
                model.append("page", pageValue)
                return String(decoding: try loaded.theme.library.render("cell", .object(model)), as: UTF8.self)
                    .trimmingCharacters(in: .whitespacesAndNewlines)
            }
        } catch let error as TemplateError {
            throw error.vitrineError(labels: loaded.theme.labels)
        } catch {
            throw VitrineError("search: cannot render the cells: \(error)", kind: .invalidInput)
        }
    }

    // MARK: Pages

    /// Where the search page is in the site's tree, for its relative links: `_vitrine/search`.
    static let pageSitePath = SitePath(["_vitrine"], file: "search")

    /// `GET _vitrine/search`: the site's gallery template around the search form, its grid
    /// empty until the script fills it.
    func page(_ request: Request) -> Response {
        do throws(VitrineError) {
            let loaded = try load()
            let factory = loaded.factory
            let config = loaded.site.config
            let page = GalleryPage(
                page: factory.context(at: Self.pageSitePath, title: "Search", kind: "search"),
                name: "search", heading: "Search", introHTML: nil, controlsHTML: RenderedHTML(html: SearchPageHTML.form(strings: factory.strings)),
                resultCount: "", columns: config.columns, cells: [], isEmpty: false, emptyTitle: factory.strings.noResults, emptyMessage: "",
                pagination: nil, switcher: [], hasSwitcher: false, favoritesCount: nil, filterIndexHref: nil,
                cellSizes: ImageSlot.cell(columns: config.columns).sizes ?? "", hasAnimations: false
            )
            let html = SearchPageHTML.finish(
                String(decoding: try loaded.theme.render("gallery", page), as: UTF8.self), basePath: basePath,
                favoritesLimit: config.favorites.limit)
            return Self.html(.ok, html)
        } catch {
            return Self.html(.internalServerError, "<!doctype html><title>Search</title><p>\(Self.escaped(error.message))</p>")
        }
    }

    /// `GET _vitrine/search/item?id=giphy:abc`: the item page of a result, as the built site
    /// would render it (the dialog shows its `<main>`). An item not seen in a search (a
    /// bookmarked dialog URL after a restart) is looked up by id.
    func item(_ request: Request) async -> Response {
        let text = Self.parameters(request)["id"] ?? ""
        do throws(VitrineError) {
            let id = try ItemID(parsing: text)
            // The id has its source's form before any lookup: none reaches an API's URL.
            guard GalleryConfig.isValidID(id.value, of: id.source) else {
                throw VitrineError(
                    "\(id.source.label) ids are \(id.source.idForm?.description ?? "1–200 printable characters"); '\(id.value)' is not", kind: .usage)
            }
            let loaded = try load()
            var item = seen.withLock { $0.items[id] } ?? loaded.site.items.first { $0.id == id }
            // Looked up only for this server's pages or an address typed or bookmarked: an
            // `<img>` on another site must not spend the API's quota.
            let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!] ?? "none"
            if item == nil, options.fetch.mode != .offline, ["same-origin", "none"].contains(site) {
                item = try await clients().item(id)
                if let item { seen.withLock { $0.remember([item]) } }
            }
            guard let item else { return Self.html(.notFound, "<!doctype html><title>Not found</title><p>No item \(Self.escaped(text)).</p>") }
            let whole = loaded.site
            let single = LoadedSite(
                config: whole.config, galleries: whole.galleries, favorites: whole.favorites, home: whole.home, pages: whole.pages, items: [item],
                homeOf: [:], favoriteIDs: whole.favoriteIDs, warnings: [])
            let factory = PageFactory(site: single, strings: loaded.factory.strings, hasCustomCSS: loaded.factory.hasCustomCSS)
            return Self.html(.ok, String(decoding: try loaded.theme.render("item", factory.itemPage(0)), as: UTF8.self))
        } catch {
            let failure = SearchFailure.classify(error, source: nil, credentials: options.fetch.credentials)
            return Self.html(.unprocessableContent, "<!doctype html><title>Item</title><p>\(Self.escaped(failure.message))</p>")
        }
    }

    // MARK: Keep as a gallery

    struct Kept: Encodable {
        var ok = true
        var name: String
        var href: String
        var message: String
    }

    /// `POST _vitrine/api/keep` with the search's parameters as JSON: appends a gallery to
    /// site.yml (its text edited, nothing else of it changed); the rebuild that follows
    /// fetches it and stores its snapshot.
    func keep(_ request: Request) async -> Response {
        if let refusal = SearchFailure.refusal(request, hosts: hosts, token: token, write: true) { return refusal.response() }
        let asked: SearchRequest
        do {
            let body = try await request.body.collect(upTo: 16 * 1024)
            let fields = try JSONDecoder().decode([String: String].self, from: Data(body.readableBytesView))
            asked = try SearchRequest(parameters: fields)
        } catch let error as VitrineError {
            return SearchFailure(.badRequest, error.message).response()
        } catch {
            return SearchFailure(.badRequest, "expected {\"source\": \"giphy\", \"q\": \"cats\"} (strings)").response()
        }
        guard asked.asksSomething else {
            return SearchFailure(.badRequest, "nothing to keep: type a search (or ids) first").response()
        }
        if options.fetch.mode == .offline {
            return SearchFailure(.offline, "vitrine serve --offline cannot fetch a new gallery: restart it without --offline").response()
        }
        do throws(VitrineError) {
            let name = try GalleryAppender(site: options.site, label: options.label("site.yml")).append(asked)
            invalidate()
            logger.info("kept \(asked.summary) as the gallery '\(name)' in site.yml")
            return Self.json(
                .ok, Kept(name: name, href: basePath + name + "/", message: "Added the gallery '\(name)' to site.yml; the site is being rebuilt with it."),
                scrubbing: [])
        } catch {
            logger.warning("keep \(asked.summary): \(error.message)")
            return SearchFailure(.refused, error.message).response()
        }
    }

    // MARK: Helpers

    static func parameters(_ request: Request) -> [String: String] {
        var result: [String: String] = [:]
        let items = URLComponents(string: "http://x" + request.uri.description)?.queryItems ?? []
        for item in items where result[item.name] == nil {
            result[item.name] = item.value ?? ""
        }
        return result
    }

    static func queryEncoded(_ text: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text
    }

    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func html(_ status: HTTPTypes.HTTPResponse.Status, _ text: String) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    /// JSON, with every key scrubbed out of it whatever an API echoed.
    static func json(_ status: HTTPTypes.HTTPResponse.Status, _ body: some Encodable, scrubbing secrets: [String], headers: HTTPFields = [:]) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(body)) ?? Data("{\"ok\":false}".utf8)
        let text = Secrets.scrub(String(decoding: data, as: UTF8.self), secrets)
        var fields: HTTPFields = [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"]
        fields.append(contentsOf: headers)
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}

extension SourceClients {
    /// New clients over the same context (a new TMDB configuration holder).
    func fresh() -> SourceClients {
        SourceClients(context: context)
    }
}

/// Items of recent searches, for the dialog's item page: the last few thousand.
struct SeenItems: Sendable {
    static let capacity = 5000
    private(set) var items: [ItemID: Item] = [:]
    private var order: [ItemID] = []

    mutating func remember(_ new: [Item]) {
        for item in new {
            if items.updateValue(item, forKey: item.id) == nil { order.append(item.id) }
        }
        if order.count > Self.capacity {
            let drop = order.count - Self.capacity
            for id in order.prefix(drop) { items[id] = nil }
            order.removeFirst(drop)
        }
    }
}

/// At most `limit` searches at once, `queue` more waiting; the rest are refused.
actor SearchGate {
    let limit: Int
    let queue: Int
    private var running = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    init(limit: Int, queue: Int) {
        self.limit = limit
        self.queue = queue
    }

    func enter() async -> Bool {
        if running < limit {
            running += 1
            return true
        }
        guard waiters.count < queue else { return false }
        await withCheckedContinuation { waiters.append($0) }
        return true
    }

    func leave() {
        if waiters.isEmpty {
            running -= 1
        } else {
            waiters.removeFirst().resume()
        }
    }
}

extension SearchEndpoint {
    /// The page, its script and stylesheet, the item pages and the API, under the base path.
    func addRoutes(to router: Router<BasicRequestContext>) {
        router.get(RouterPath(basePath + Self.pagePath)) { [self] request, _ in page(request) }
        router.get(RouterPath(basePath + Self.itemPath)) { [self] request, _ in await item(request) }
        router.get(RouterPath(basePath + Self.apiPath)) { [self] request, _ in await search(request) }
        router.post(RouterPath(basePath + Self.keepPath)) { [self] request, _ in await keep(request) }
        for (path, type, text) in [
            (Self.scriptPath, "text/javascript; charset=utf-8", SearchPageHTML.script), (Self.stylePath, "text/css; charset=utf-8", SearchPageHTML.style),
        ] {
            router.get(RouterPath(path)) { _, _ in
                Response(
                    status: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: .init(byteBuffer: ByteBuffer(string: text)))
            }
        }
    }
}
