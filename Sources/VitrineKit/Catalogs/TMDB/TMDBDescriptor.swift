import Foundation

extension APIDescriptor {
    /// TMDB: movies, a v3 key or a v4 token, a notice and credit wherever its content is shown.
    static let tmdb = APIDescriptor(
        source: .tmdb, label: "TMDB", pageSize: 20, keyVariables: ["TMDB_API_KEY", "TMDB_ACCESS_TOKEN"], needsKey: true,
        endpointVariable: "VITRINE_TMDB_URL", defaultEndpoint: URL(string: "https://api.themoviedb.org")!,
        imageHosts: ["image.tmdb.org", "www.themoviedb.org"],
        attribution: Credit(href: "https://www.themoviedb.org/", text: { $0.tmdbNotice }, credit: { $0.tmdbCredit }),
        sampleGallery: SampleGallery(
            name: "movies", title: "Popular movies",
            keys: "    source: tmdb\n"
                + "    list: popular          # popular | top_rated | search (with query)\n"
                + "    columns: 2\n"
                + "    cells: poster          # 2:3 cells (square: the default)\n"
        ),
        searchRefusal: nil,
        makeClient: { TMDBClient(context: $0, images: TMDBClient.ImagesOnce()) },
        galleryRule: { query, list, ids in
            if list == .search && query == nil { return .missing("query", key: "list", why: "'list: search' needs a query") }
            // A query alone means `list: search`.
            return .fine(list: list == nil && query != nil && ids.isEmpty ? .search : list)
        },
        requestSummary: { query, list in list == .search ? query : (list ?? .popular).rawValue }
    )
}
