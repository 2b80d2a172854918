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
        var accumulator = ItemAccumulator()
        var missing: [String] = []
        let ids = Array(gallery.ids.prefix(gallery.limit))
        for start in stride(from: 0, to: ids.count, by: Self.batchSize) {
            let batch = Array(ids[start..<min(ids.count, start + Self.batchSize)])
            let page = try await lookup(batch, country: gallery.country)
            accumulator.append(page.items, upTo: gallery.limit)
            missing += page.missingIDs
        }
        // Display order is the configured order of ids, whatever order Apple answers in.
        let order = Dictionary(ids.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        let items = accumulator.items.sorted { (order[$0.id.value] ?? .max) < (order[$1.id.value] ?? .max) }
        return SearchResult(items: items, totalResults: items.count, missingIDs: missing)
    }

    func item(_ id: ItemID) async throws(VitrineError) -> Item {
        let page = try await lookup([id.value], country: nil)
        guard let item = page.items.first else { throw VitrineError("no app with id \(id.value) in the App Store", kind: .remote) }
        return item
    }
}
