/// TMDB v3 response bodies, as far as vitrine reads them.

/// What every TMDB body is checked for first: `{status_code, status_message, success?}`
/// or `{"errors": [...]}`.
struct TMDBErrorEnvelope: Decodable {
    var statusCode: LenientInt?
    var statusMessage: String?
    var success: Bool?
    var errors: [String]?

    enum CodingKeys: String, CodingKey {
        case statusCode = "status_code"
        case statusMessage = "status_message"
        case success, errors
    }
}

/// `/3/configuration`.
struct TMDBConfigurationResponse: Decodable {
    struct Images: Decodable {
        var baseURL: String?
        var secureBaseURL: String?
        var posterSizes: [String]?
        var backdropSizes: [String]?

        enum CodingKeys: String, CodingKey {
            case baseURL = "base_url"
            case secureBaseURL = "secure_base_url"
            case posterSizes = "poster_sizes"
            case backdropSizes = "backdrop_sizes"
        }
    }

    var images: Images
}

/// `/3/movie/popular`, `/3/movie/top_rated`, `/3/search/movie`.
struct TMDBListResponse: Decodable {
    var page: LenientInt?
    var results: [TMDBMovie]
    var totalPages: LenientInt?
    var totalResults: LenientInt?

    enum CodingKeys: String, CodingKey {
        case page, results
        case totalPages = "total_pages"
        case totalResults = "total_results"
    }
}

/// A movie in a list, or the `/3/movie/{id}` body (which has the same fields and more).
struct TMDBMovie: Decodable {
    var id: LenientInt64?
    var title: String?
    var originalTitle: String?
    var originalLanguage: String?
    var overview: String?
    var releaseDate: String?
    var posterPath: String?
    var backdropPath: String?
    var voteAverage: LenientDouble?
    var voteCount: LenientInt?

    enum CodingKeys: String, CodingKey {
        case id, title, overview
        case originalTitle = "original_title"
        case originalLanguage = "original_language"
        case releaseDate = "release_date"
        case posterPath = "poster_path"
        case backdropPath = "backdrop_path"
        case voteAverage = "vote_average"
        case voteCount = "vote_count"
    }
}
