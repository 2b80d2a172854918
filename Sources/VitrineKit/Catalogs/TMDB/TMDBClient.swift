import Foundation

/// TMDB lists and search: 20 results a page, pages 1…500 (`total_pages` may claim more).
/// Image URLs are built from `/3/configuration`, fetched once per build through the cache.
struct TMDBClient: SourceClient {
    let context: ClientContext
    let images: ImagesOnce

    /// The configuration, fetched at most once however many galleries ask.
    actor ImagesOnce {
        private var task: Task<TMDBImages, any Error>?

        func get(_ load: @escaping @Sendable () async throws(VitrineError) -> TMDBImages) async throws(VitrineError) -> TMDBImages {
            let task = self.task ?? Task { try await load() }
            self.task = task
            do {
                // Its own task, which Ctrl-C would not reach: the galleries waiting pass it on.
                return try await withTaskCancellationHandler {
                    try await task.value
                } onCancel: {
                    task.cancel()
                }
            } catch let error as VitrineError {
                throw error
            } catch {
                throw VitrineError("\(error)", kind: .remote)
            }
        }
    }

    private func auth() throws(VitrineError) -> (query: [URLQueryItem], headers: [String: String]) {
        if let token = context.credentials.tmdbToken { return ([], ["Authorization": "Bearer \(token)"]) }
        if let key = context.credentials.tmdbKey { return ([URLQueryItem(name: "api_key", value: key)], [:]) }
        throw VitrineError("TMDB_API_KEY (or TMDB_ACCESS_TOKEN) is not set", kind: .usage)
            .caused(by: APIError(source: .tmdb, problem: .noKey(variable: "TMDB_API_KEY")))
    }

    func request(_ path: String, _ query: [URLQueryItem] = []) throws(VitrineError) -> HTTPRequest {
        let (secretQuery, secretHeaders) = try auth()
        return HTTPRequest(url: APIEndpoints.url(context.endpoints.tmdb, path, query), secretQueryItems: secretQuery, secretHeaders: secretHeaders)
    }

    private static func checkError(_ data: Data) throws(VitrineError) {
        try TMDBDecoder.check(data)
    }

    func imageConfiguration() async throws(VitrineError) -> TMDBImages {
        let request = try request("/3/configuration")
        return try await images.get { [context] () throws(VitrineError) in
            try await context.get(request, decode: TMDBDecoder.decodeConfiguration, decodeError: Self.checkError)
        }
    }

    func search(_ gallery: GalleryConfig, language: String) async throws(VitrineError) -> SearchResult {
        if !gallery.ids.isEmpty { return try await chosen(gallery, language: language) }
        let images = try await imageConfiguration()
        let list = gallery.list ?? .popular
        var accumulator = ItemAccumulator()
        var total = 0
        var page = 1
        var lastPage = TMDBDecoder.maxPage
        while accumulator.items.count < gallery.limit, page <= lastPage {
            let result = try await self.page(list, query: gallery.query, number: page, region: gallery.country, language: language, images: images)
            accumulator.append(result.items, upTo: gallery.limit)
            total = max(total, result.totalResults ?? 0)
            lastPage = min(lastPage, result.totalPages ?? page)
            if result.items.isEmpty && result.droppedCount == 0 { break }
            page += 1
        }
        return SearchResult(items: accumulator.items, totalResults: max(total, accumulator.items.count))
    }

    /// One page (1…500) of a list, or of a search with `query`.
    func page(
        _ list: GalleryConfig.MovieList, query text: String?, number: Int, region: String?, language: String, images: TMDBImages
    ) async throws(VitrineError) -> SearchPage {
        let path = list == .search ? "/3/search/movie" : "/3/movie/\(list.rawValue)"
        var query = [URLQueryItem(name: "language", value: language), URLQueryItem(name: "page", value: String(number))]
        if list == .search, let text { query.insert(URLQueryItem(name: "query", value: text), at: 0) }
        if let region { query.append(URLQueryItem(name: "region", value: region.uppercased())) }
        return try await context.get(
            try request(path, query),
            decode: { data throws(VitrineError) in
                try TMDBDecoder.decodeList(data, images: images)
            }, decodeError: Self.checkError)
    }

    func item(_ id: ItemID) async throws(VitrineError) -> Item {
        let images = try await imageConfiguration()
        return try await context.get(
            try request("/3/movie/" + APIEndpoints.segment(id.value)),
            decode: ClientContext.answering(id) { data throws(VitrineError) in
                try TMDBDecoder.decodeMovie(data, images: images)
            }, decodeError: Self.checkError)
    }
}

extension TMDBClient {
    /// One page of a search page's request (`SearchRequest`), `size` results from `start`,
    /// inside the API's paging limits.
    func page(_ request: SearchRequest, size: Int, start: Int, language: String) async throws(VitrineError) -> SearchAnswer {
        guard request.page <= TMDBDecoder.maxPage else { return SearchAnswer(items: [], total: 0, hasMore: false) }
        let images = try await imageConfiguration()
        let page = try await page(
            request.list ?? .popular, query: request.query, number: request.page, region: request.country, language: language, images: images)
        let lastPage = min(TMDBDecoder.maxPage, page.totalPages ?? request.page)
        return SearchAnswer(items: page.items, total: max(page.totalResults ?? 0, page.items.count), hasMore: request.page < lastPage)
    }
}
