import Foundation

/// iTunes lookup by id: ids batched (50 a request), storefront by `country`. No key.
struct AppStoreClient: SourceClient {
    static let batchSize = 50

    let context: ClientContext

    private func lookup(_ ids: [String], country: String?) async throws(VitrineError) -> SearchPage {
        var query = [URLQueryItem(name: "id", value: ids.joined(separator: ","))]
        if let country { query.append(URLQueryItem(name: "country", value: country)) }
        let request = HTTPRequest(url: APIEndpoints.url(context.endpoints.itunes, "/lookup", query))
        return try await context.get(
            request,
            decode: { data throws(VitrineError) in
                try AppStoreDecoder.decodeLookup(data, requestedIDs: ids)
            }, decodeError: { data throws(VitrineError) in _ = try AppStoreDecoder.decodeLookup(data, requestedIDs: ids) })
    }

    func search(_ gallery: GalleryConfig, language: String) async throws(VitrineError) -> SearchResult {
        try await chosen(gallery, language: language)
    }

    /// Batches of `batchSize` ids; display order is the order asked, whatever order Apple answers in.
    func lookup(_ ids: [String], country: String?, language: String?) async throws(VitrineError) -> SearchResult {
        var found: [Item] = []
        for start in stride(from: 0, to: ids.count, by: Self.batchSize) {
            found += try await lookup(Array(ids[start..<min(ids.count, start + Self.batchSize)]), country: country).items
        }
        return inRequestedOrder(ids, found: found)
    }

    func item(_ id: ItemID) async throws(VitrineError) -> Item {
        let page = try await lookup([id.value], country: nil)
        guard let item = page.items.first else { throw VitrineError("no app with id \(id.value) in the App Store", kind: .remote) }
        return item
    }
}

extension AppStoreClient {
    /// One page of a search page's request (`SearchRequest`), `size` results from `start`,
    /// inside the API's paging limits.
    func page(_ request: SearchRequest, size: Int, start: Int, language: String) async throws(VitrineError) -> SearchAnswer {
        guard request.page == 1 else { return SearchAnswer(items: [], total: request.ids.count, hasMore: false) }
        var gallery = GalleryConfig(name: "search", title: "Search", source: .appStore, ids: request.ids, limit: request.ids.count)
        gallery.country = request.country
        let result = try await search(gallery, language: language)
        return SearchAnswer(items: result.items, total: result.items.count, hasMore: false, missing: result.missingIDs)
    }
}
