import Foundation

/// What the search page asks: `?source=giphy&q=cats&page=2`, `?source=tmdb&list=top_rated`,
/// `?source=app-store&ids=1,2&country=kr`. One page of the API's results at a time.
struct SearchRequest: Sendable, Equatable {
    var source: Source
    /// The text as typed (trimmed); nil when empty (GIPHY: trending).
    var query: String?
    /// TMDB: popular, top_rated or search.
    var list: GalleryConfig.MovieList?
    /// App Store: the ids to look up.
    var ids: [String] = []
    var country: String?
    /// 1 for the first page.
    var page: Int = 1

    /// Sources the page can search (a catalog file has nothing to search).
    static let sources = APIDescriptor.all.map(\.source)
    static let maxIDs = 200

    /// Reads the query parameters; a bad one is a usage error naming it.
    init(parameters: [String: String]) throws(VitrineError) {
        let name = parameters["source"] ?? "giphy"
        guard let source = Source(rawValue: name), Self.sources.contains(source) else {
            throw VitrineError("source must be one of \(Self.sources.map(\.rawValue).joined(separator: ", ")), not '\(name)'", kind: .usage)
        }
        self.source = source
        let text = (parameters["q"] ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        query = text.isEmpty ? nil : text
        let limit = source.descriptor?.searchPage.maxQuery ?? 0
        // Counted in scalars: one Character can hold any number of combining marks.
        if text.unicodeScalars.count > limit {
            throw VitrineError("\(source.label) searches at most \(limit) characters; this query has \(text.unicodeScalars.count)", kind: .usage)
        }
        if let value = parameters["page"], !value.isEmpty {
            guard let number = Int(value), number >= 1, number <= 10_000 else {
                throw VitrineError("page must be a whole number from 1, not '\(value)'", kind: .usage)
            }
            page = number
        }
        if let value = parameters["country"]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
            guard value.count == 2, value.allSatisfy({ $0.isASCII && $0.isLetter }) else {
                throw VitrineError("country must be a two-letter code such as kr, not '\(value)'", kind: .usage)
            }
            country = value.lowercased()
        }
        try source.descriptor?.searchPage.readParameters(&self, parameters)
    }

    init(source: Source, query: String? = nil, list: GalleryConfig.MovieList? = nil, ids: [String] = [], country: String? = nil, page: Int = 1) {
        self.source = source
        self.query = query
        self.list = list
        self.ids = ids
        self.country = country
        self.page = page
    }

    /// Results on one page of this source; none for a catalog file, which asks nothing.
    var pageSize: Int {
        source.descriptor?.pageSize ?? 0
    }

    /// Whether there is anything to ask (the API's `SearchPage`); never, of a catalog file.
    var asksSomething: Bool {
        source.descriptor?.searchPage.asksSomething(self) ?? false
    }

    /// What the API is asked, in words: `“cats” on GIPHY`, `trending on GIPHY`.
    var summary: String {
        source.descriptor?.searchPage.summary(self) ?? "a catalog file"
    }
}

/// One page of a search's results, as the endpoint answers it.
struct SearchAnswer: Sendable {
    var items: [Item]
    /// The API's total for the whole search.
    var total: Int
    /// Whether a next page can be asked for.
    var hasMore: Bool
    /// App Store ids that were not found.
    var missing: [String] = []
}

extension SourceClients {
    /// Page `request.page` of a search, through the same clients (cache, retries, rate
    /// limits) as a build, inside each API's paging limits (its client's `page`).
    func page(_ request: SearchRequest, language: String) async throws(VitrineError) -> SearchAnswer {
        guard request.asksSomething, request.source.descriptor != nil else { return SearchAnswer(items: [], total: 0, hasMore: false) }
        let size = request.pageSize
        return try await client(for: request.source).page(request, size: size, start: (request.page - 1) * size, language: language)
    }
}
