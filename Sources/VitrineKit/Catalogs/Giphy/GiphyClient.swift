import Foundation

/// GIPHY search and trending: `limit` ≤ 50 a request, `offset` ≤ 4999 (search) or 499 (trending).
struct GiphyClient: SourceClient {
    static let maxPageSize = 50
    static let maxSearchOffset = 4999
    static let maxTrendingOffset = 499

    let context: ClientContext

    private func key() throws(VitrineError) -> URLQueryItem {
        guard let key = context.credentials.giphyKey else { throw context.missingKey(.giphy) }
        return URLQueryItem(name: "api_key", value: key)
    }

    func search(_ gallery: GalleryConfig, language: String) async throws(VitrineError) -> SearchResult {
        if !gallery.ids.isEmpty { return try await chosen(gallery, language: language) }
        let maxOffset = gallery.query == nil ? Self.maxTrendingOffset : Self.maxSearchOffset
        var accumulator = ItemAccumulator()
        var total: Int?
        var offset = 0
        while accumulator.items.count < gallery.limit, offset <= maxOffset {
            let want = min(Self.maxPageSize, gallery.limit - accumulator.items.count)
            let page = try await self.page(query: gallery.query, offset: offset, limit: want, language: language)
            accumulator.append(page.items, upTo: gallery.limit)
            total = page.totalResults ?? total
            let received = page.items.count + page.droppedCount
            offset += received
            if received < want { break }
            if let total, offset >= total { break }
        }
        return SearchResult(items: accumulator.items, totalResults: max(total ?? 0, accumulator.items.count))
    }

    /// One request: up to `limit` GIFs from `offset` of a search, or of trending without a query.
    func page(query text: String?, offset: Int, limit: Int, language: String) async throws(VitrineError) -> SearchPage {
        let key = try key()
        var query = [URLQueryItem(name: "limit", value: String(limit)), URLQueryItem(name: "offset", value: String(offset))]
        let path: String
        if let text {
            path = "/v1/gifs/search"
            query.insert(URLQueryItem(name: "q", value: text), at: 0)
            query.append(URLQueryItem(name: "lang", value: String(language.prefix(2))))
        } else {
            path = "/v1/gifs/trending"
        }
        let request = HTTPRequest(url: APIEndpoints.url(context.endpoints.giphy, path, query), secretQueryItems: [key])
        return try await context.get(request, decode: GiphyDecoder.decodeList, decodeError: GiphyDecoder.checkErrorBody)
    }

    func item(_ id: ItemID) async throws(VitrineError) -> Item {
        let request = HTTPRequest(url: APIEndpoints.url(context.endpoints.giphy, "/v1/gifs/" + APIEndpoints.segment(id.value)), secretQueryItems: [try key()])
        return try await context.get(request, decode: ClientContext.answering(id, GiphyDecoder.decodeByID), decodeError: GiphyDecoder.checkErrorBody)
    }
}

extension GiphyClient {
    /// One page of a search page's request (`SearchRequest`), `size` results from `start`,
    /// inside the API's paging limits.
    func page(_ request: SearchRequest, size: Int, start: Int, language: String) async throws(VitrineError) -> SearchAnswer {
        let maxOffset = request.query == nil ? Self.maxTrendingOffset : Self.maxSearchOffset
        guard start <= maxOffset else { return SearchAnswer(items: [], total: 0, hasMore: false) }
        let page = try await page(query: request.query, offset: start, limit: size, language: language)
        let received = page.items.count + page.droppedCount
        let total = max(page.totalResults ?? 0, start + page.items.count)
        return SearchAnswer(items: page.items, total: total, hasMore: received >= size && start + received < total && start + received <= maxOffset)
    }
}
