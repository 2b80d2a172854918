import Foundation

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
