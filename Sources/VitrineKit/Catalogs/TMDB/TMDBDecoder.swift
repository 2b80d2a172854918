import Foundation

/// Turns TMDB v3 responses (configuration, movie lists, one movie) into items.
enum TMDBDecoder {
    static let label = "tmdb response"
    /// TMDB serves pages 1…500 whatever `total_pages` says.
    static let maxPage = 500

    /// `/3/configuration`: the image base URL (`secure_base_url`, else `base_url`) and sizes.
    static func decodeConfiguration(_ data: Data) throws(VitrineError) -> TMDBImages {
        try check(data)
        let images = try JSONFile.decode(TMDBConfigurationResponse.self, from: data, file: label).images
        let candidates = [images.secureBaseURL, images.baseURL].compactMap { DecoderSupport.text($0) }
        guard let base = candidates.lazy.compactMap(SafeURL.check).first(where: { SafeURL.scheme(of: $0) != nil }) else {
            throw APIError.answer(.tmdb, "configuration has no usable images.secure_base_url")
        }
        return TMDBImages(
            baseURL: base,
            posterSizes: DecoderSupport.texts(images.posterSizes),
            backdropSizes: DecoderSupport.texts(images.backdropSizes)
        )
    }

    /// `/3/movie/popular`, `/3/movie/top_rated`, `/3/search/movie`. `totalPages` is clamped to 500.
    static func decodeList(_ data: Data, images: TMDBImages) throws(VitrineError) -> SearchPage {
        try check(data)
        let response = try JSONFile.decode(TMDBListResponse.self, from: data, file: label)
        let (items, dropped) = DecoderSupport.items(response.results) { item(from: $0, images: images) }
        return SearchPage(
            items: items,
            totalResults: response.totalResults?.value,
            droppedCount: dropped,
            totalPages: response.totalPages?.value.map { min(max($0, 0), maxPage) }
        )
    }

    /// `/3/movie/{id}`.
    static func decodeMovie(_ data: Data, images: TMDBImages) throws(VitrineError) -> Item {
        try check(data)
        let movie = try JSONFile.decode(TMDBMovie.self, from: data, file: label)
        guard let item = item(from: movie, images: images) else {
            throw APIError.answer(.tmdb, "the movie in the response has no id")
        }
        return item
    }

    /// Recognises `{status_code, status_message, success?}` (success absent in old bodies)
    /// and `{"errors": [...]}`.
    static func check(_ data: Data) throws(VitrineError) {
        let envelope = try JSONFile.decode(TMDBErrorEnvelope.self, from: data, file: label)
        let errors = (envelope.errors ?? []).compactMap(DecoderSupport.message)
        if !errors.isEmpty {
            throw APIError.answer(.tmdb, "\(errors.joined(separator: "; "))")
        }
        if let code = envelope.statusCode?.value, envelope.success != true {
            let message = DecoderSupport.message(envelope.statusMessage) ?? "error"
            throw APIError.answer(.tmdb, "\(message) (code \(code))")
        }
        if envelope.success == false {
            throw APIError.answer(.tmdb, "\(DecoderSupport.message(envelope.statusMessage) ?? "request failed")")
        }
    }

    static func item(from movie: TMDBMovie, images: TMDBImages) -> Item? {
        guard let number = movie.id?.value, number > 0,
            let id = DecoderSupport.itemID(.tmdb, String(number))
        else { return nil }
        let title = DecoderSupport.text(movie.title) ?? DecoderSupport.text(movie.originalTitle) ?? "Untitled movie"
        let details = MovieDetails(
            originalTitle: DecoderSupport.text(movie.originalTitle),
            overview: DecoderSupport.text(movie.overview),
            releaseDate: DecoderSupport.text(movie.releaseDate),
            voteAverage: movie.voteAverage?.value,
            voteCount: movie.voteCount?.value,
            poster: images.poster(movie.posterPath, preferred: "w500"),
            backdrop: images.backdrop(movie.backdropPath, preferred: "w780"),
            originalLanguage: DecoderSupport.text(movie.originalLanguage)
        )
        return Item(
            id: id,
            title: title,
            link: SafeURL.check("https://www.themoviedb.org/movie/\(number)"),
            image: images.poster(movie.posterPath, preferred: "w342"),
            details: .movie(details)
        )
    }
}
