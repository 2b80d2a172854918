import Foundation

extension APIDescriptor {
    /// Google Books: books; a key only raises the quota; a link back to each book is its credit.
    static let googleBooks = APIDescriptor(
        source: .googleBooks, label: "Google Books", pageSize: 40, keyVariables: ["GOOGLE_BOOKS_API_KEY"], needsKey: false,
        endpointVariable: "VITRINE_GOOGLE_BOOKS_URL", defaultEndpoint: URL(string: "https://www.googleapis.com")!,
        imageHosts: ["books.google.com", ".googleusercontent.com", ".ggpht.com", "books.googleapis.com", "www.googleapis.com"],
        attribution: nil,
        sampleGallery: SampleGallery(
            name: "books", title: "Books about Swift",
            keys: "    source: google-books\n"
                + "    query: \"intitle:swift\" # intitle:, inauthor:, subject:, isbn: …\n"
                + "    limit: 40\n"
                + "    layout: list           # a row per book (grid: the default)\n"
        ),
        searchRefusal: nil,
        makeClient: { GoogleBooksClient(context: $0) },
        searchPage: SearchPage(
            asksSomething: { $0.query != nil },
            summary: { "“\($0.query ?? "")” on Google Books" }
        ),
        galleryRule: { query, list, ids in
            query == nil && ids.isEmpty ? .missing("query", key: "source", why: "a google-books gallery needs a search") : .fine(list: list)
        },
        requestSummary: { query, _ in query }
    )
}
