import Foundation

/// Google Books volumes: `maxResults` ≤ 40 a request, `startIndex` from 0. The key is optional.
struct GoogleBooksClient: SourceClient {
    static let maxPageSize = 40

    let context: ClientContext

    var keyItems: [URLQueryItem] {
        context.credentials.googleBooksKey.map { [URLQueryItem(name: "key", value: $0)] } ?? []
    }

    private static func checkError(_ data: Data) throws(VitrineError) {
        try GoogleBooksDecoder.check(data)
    }

    func search(_ gallery: GalleryConfig, language: String) async throws(VitrineError) -> SearchResult {
        if !gallery.ids.isEmpty { return try await chosen(gallery, language: language) }
        guard let text = gallery.query else { throw VitrineError("a google-books gallery needs a query", kind: .invalidInput) }
        var accumulator = ItemAccumulator()
        var total = 0
        var start = 0
        while accumulator.items.count < gallery.limit {
            let want = min(Self.maxPageSize, gallery.limit - accumulator.items.count)
            let page = try await self.page(query: text, start: start, count: want, country: gallery.country)
            accumulator.append(page.items, upTo: gallery.limit)
            total = max(total, page.totalResults ?? 0)
            let received = page.items.count + page.droppedCount
            start += received
            if received < want || start >= total { break }
        }
        return SearchResult(items: accumulator.items, totalResults: max(total, accumulator.items.count))
    }

    /// One request: up to `count` volumes (≤ 40) from `start`.
    func page(query text: String, start: Int, count: Int, country: String?) async throws(VitrineError) -> SearchPage {
        var query = [
            URLQueryItem(name: "q", value: text),
            URLQueryItem(name: "startIndex", value: String(start)),
            URLQueryItem(name: "maxResults", value: String(count)),
        ]
        if let country { query.append(URLQueryItem(name: "country", value: country.uppercased())) }
        let request = HTTPRequest(url: APIEndpoints.url(context.endpoints.googleBooks, "/books/v1/volumes", query), secretQueryItems: keyItems)
        return try await context.get(request, decode: GoogleBooksDecoder.decodeList, decodeError: Self.checkError)
    }

    func item(_ id: ItemID) async throws(VitrineError) -> Item {
        let request = HTTPRequest(url: APIEndpoints.url(context.endpoints.googleBooks, "/books/v1/volumes/" + APIEndpoints.segment(id.value)), secretQueryItems: keyItems)
        return try await context.get(request, decode: ClientContext.answering(id, GoogleBooksDecoder.decodeVolume), decodeError: Self.checkError)
    }
}

extension GoogleBooksClient {
    /// One page of a search page's request (`SearchRequest`), `size` results from `start`,
    /// inside the API's paging limits.
    func page(_ request: SearchRequest, size: Int, start: Int, language: String) async throws(VitrineError) -> SearchAnswer {
        let page = try await page(query: request.query ?? "", start: start, count: size, country: request.country)
        let received = page.items.count + page.droppedCount
        let total = max(page.totalResults ?? 0, start + page.items.count)
        return SearchAnswer(items: page.items, total: total, hasMore: received >= size && start + received < total)
    }
}
