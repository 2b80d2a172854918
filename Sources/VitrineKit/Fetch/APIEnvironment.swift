import Foundation

/// Base URLs of the four APIs; the executable fills them from `VITRINE_*_URL`.
public struct APIEndpoints: Sendable, Equatable {
    public var giphy: URL
    public var tmdb: URL
    public var googleBooks: URL
    public var itunes: URL

    public static let production = APIEndpoints(
        giphy: URL(string: "https://api.giphy.com")!,
        tmdb: URL(string: "https://api.themoviedb.org")!,
        googleBooks: URL(string: "https://www.googleapis.com")!,
        itunes: URL(string: "https://itunes.apple.com")!
    )

    public init(giphy: URL, tmdb: URL, googleBooks: URL, itunes: URL) {
        self.giphy = giphy
        self.tmdb = tmdb
        self.googleBooks = googleBooks
        self.itunes = itunes
    }

    /// `base` + `path` + query, keeping any path prefix of the base (proxies).
    static func url(_ base: URL, _ path: String, _ query: [URLQueryItem] = []) -> URL {
        var components = URLComponents(url: base, resolvingAgainstBaseURL: false)!
        let prefix = components.path.hasSuffix("/") ? String(components.path.dropLast()) : components.path
        components.percentEncodedPath = prefix + path
        components.queryItems = query.isEmpty ? nil : query
        // `+` is a space to many servers; encode it so "a+b" arrives as typed.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.url!
    }

    /// An id as one path segment.
    static func segment(_ id: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "/;?#%")
        return id.addingPercentEncoding(withAllowedCharacters: allowed) ?? id
    }
}

/// API keys, from the environment (by the executable). Never logged or written anywhere.
public struct APICredentials: Sendable, Equatable {
    public var giphyKey: String?
    /// TMDB v3 key, sent as `api_key`.
    public var tmdbKey: String?
    /// TMDB v4 read access token, sent as `Authorization: Bearer`.
    public var tmdbToken: String?
    public var googleBooksKey: String?

    public init(giphyKey: String? = nil, tmdbKey: String? = nil, tmdbToken: String? = nil, googleBooksKey: String? = nil) {
        func clean(_ value: String?) -> String? {
            guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
            return value
        }
        self.giphyKey = clean(giphyKey)
        self.tmdbKey = clean(tmdbKey)
        self.tmdbToken = clean(tmdbToken)
        self.googleBooksKey = clean(googleBooksKey)
    }

    /// Every key, for scrubbing text.
    var all: [String] { [giphyKey, tmdbKey, tmdbToken, googleBooksKey].compactMap { $0 } }
}
