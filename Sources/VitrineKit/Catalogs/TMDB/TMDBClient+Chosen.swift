import Foundation

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
