import Foundation

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
