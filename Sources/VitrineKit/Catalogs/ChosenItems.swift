import Foundation

/// Galleries of chosen items (`ids:`), and id-only favorites: items looked up through each
/// source's by-id endpoint — batched where the API allows (GIPHY `/v1/gifs?ids=`, the App
/// Store lookup), else one request per id a few at a time — through the same fetch client,
/// HTTP cache, retries and rate-limit handling as searches. An id the API does not know is
/// not an error here: it comes back in `missingIDs`, and the caller warns about each.
extension SourceClient {
    /// A chosen-items gallery: its ids up to its limit, in the order given.
    func chosen(_ gallery: GalleryConfig, language: String) async throws(VitrineError) -> SearchResult {
        try await lookup(Array(gallery.ids.prefix(gallery.limit)), country: gallery.country, language: language)
    }
}

/// Requests in flight at once for the sources with one request per id.
let lookupConcurrency = 4

/// `found` (in any order, possibly with repeats) as the result of looking up `ids`: in the
/// order of `ids`, and every id not found named in `missingIDs`.
func inRequestedOrder(_ ids: [String], found: [Item]) -> SearchResult {
    var byValue: [String: Item] = [:]
    for item in found where byValue[item.id.value] == nil { byValue[item.id.value] = item }
    let items = ids.compactMap { byValue[$0] }
    let missing = ids.filter { byValue[$0] == nil }
    return SearchResult(items: items, totalResults: items.count, missingIDs: missing)
}

/// Runs `one` for every id, at most `concurrency` at a time; nil from `one` is an id the API
/// does not know. The first failure (in the order of `ids`) is thrown.
func lookupEach(
    _ ids: [String], concurrency: Int = lookupConcurrency, _ one: @escaping @Sendable (String) async throws(VitrineError) -> Item?
) async throws(VitrineError) -> SearchResult {
    var found: [Item] = []
    var failures: [(Int, VitrineError)] = []
    await withTaskGroup(of: (Int, Result<Item?, VitrineError>).self) { group in
        var next = 0
        var done = 0
        while next < ids.count || !group.isEmpty {
            while next < ids.count, next < done + concurrency, failures.isEmpty {
                let index = next
                let id = ids[index]
                group.addTask {
                    do throws(VitrineError) {
                        return (index, .success(try await one(id)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
                next += 1
            }
            guard let (index, result) = await group.next() else { break }
            done += 1
            switch result {
            case .success(let item): if let item { found.append(item) }
            case .failure(let error): failures.append((index, error))
            }
            if !failures.isEmpty { next = ids.count }
        }
    }
    if let first = failures.min(by: { $0.0 < $1.0 }) { throw first.1 }
    return inRequestedOrder(ids, found: found)
}

extension GiphyClient {
    /// GIFs by id ask for at most this many a request.
    static let idsBatchSize = 50

    /// `GET /v1/gifs?ids=a,b,c`: GIFs GIPHY does not know are left out of its answer.
    func lookup(_ ids: [String], country: String?, language: String?) async throws(VitrineError) -> SearchResult {
        guard let key = context.credentials.giphyKey else { throw context.missingKey(.giphy) }
        var found: [Item] = []
        for start in stride(from: 0, to: ids.count, by: Self.idsBatchSize) {
            let batch = ids[start..<min(ids.count, start + Self.idsBatchSize)]
            let url = APIEndpoints.url(context.endpoints.giphy, "/v1/gifs", [URLQueryItem(name: "ids", value: batch.joined(separator: ","))])
            let request = HTTPRequest(url: url, secretQueryItems: [URLQueryItem(name: "api_key", value: key)])
            found += try await context.get(request, decode: GiphyDecoder.decodeList, decodeError: GiphyDecoder.checkErrorBody).items
        }
        return inRequestedOrder(ids, found: found)
    }
}

extension TMDBClient {
    /// `GET /3/movie/{id}` for each id; a 404 is a movie TMDB does not know.
    func lookup(_ ids: [String], country: String?, language: String?) async throws(VitrineError) -> SearchResult {
        let images = try await imageConfiguration()
        let query = language.map { [URLQueryItem(name: "language", value: $0)] } ?? []
        var requests: [String: HTTPRequest] = [:]
        for id in ids { requests[id] = try request("/3/movie/" + APIEndpoints.segment(id), query) }
        return try await lookupEach(ids) { [context, requests] (id: String) async throws(VitrineError) -> Item? in
            try await context.getUnlessNotFound(
                requests[id]!,
                decode: ClientContext.answering(ItemID(source: .tmdb, value: id)) { data throws(VitrineError) in
                    try TMDBDecoder.decodeMovie(data, images: images)
                }, decodeError: TMDBDecoder.check)
        }
    }
}

extension GoogleBooksClient {
    /// `GET /books/v1/volumes/{id}` for each id; a 404 is a volume Google does not know.
    func lookup(_ ids: [String], country: String?, language: String?) async throws(VitrineError) -> SearchResult {
        let country = country.map { [URLQueryItem(name: "country", value: $0.uppercased())] } ?? []
        return try await lookupEach(ids) { [context, keyItems] (id: String) async throws(VitrineError) -> Item? in
            let url = APIEndpoints.url(context.endpoints.googleBooks, "/books/v1/volumes/" + APIEndpoints.segment(id), country)
            return try await context.getUnlessNotFound(
                HTTPRequest(url: url, secretQueryItems: keyItems),
                decode: ClientContext.answering(ItemID(source: .googleBooks, value: id), GoogleBooksDecoder.decodeVolume),
                decodeError: GoogleBooksDecoder.check)
        }
    }
}
