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
        searchPage: SearchPage(
            readParameters: { request, parameters throws(VitrineError) in
                let value = parameters["list"].flatMap { $0.isEmpty ? nil : $0 } ?? (request.query == nil ? "popular" : "search")
                guard let list = GalleryConfig.MovieList(rawValue: value) else {
                    throw VitrineError("list must be popular, top_rated or search, not '\(value)'", kind: .usage)
                }
                request.list = list
            },
            asksSomething: { $0.list != .search || $0.query != nil },
            summary: { request in
                switch request.list ?? .popular {
                case .search: "“\(request.query ?? "")” on TMDB"
                case .topRated: "top rated on TMDB"
                case .popular: "popular on TMDB"
                }
            }
        ),
        galleryRule: { query, list, ids in
            if list == .search && query == nil { return .missing("query", key: "list", why: "'list: search' needs a query") }
            // A query alone means `list: search`.
            return .fine(list: list == nil && query != nil && ids.isEmpty ? .search : list)
        },
        requestSummary: { query, list in list == .search ? query : (list ?? .popular).rawValue }
    )
}
