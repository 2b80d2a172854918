import Foundation

/// Base URLs of the four APIs; the executable fills them from `VITRINE_*_URL`.
public struct APIEndpoints: Sendable, Equatable {
    /// GIPHY's API root (`https://api.giphy.com`).
    public var giphy: URL
    /// TMDB's API root.
    public var tmdb: URL
    /// Google Books' API root.
    public var googleBooks: URL
    /// The App Store lookup's root (`https://itunes.apple.com`).
    public var itunes: URL

    /// The real services.
    public static let production = APIEndpoints(
        giphy: URL(string: "https://api.giphy.com")!,
        tmdb: URL(string: "https://api.themoviedb.org")!,
        googleBooks: URL(string: "https://www.googleapis.com")!,
        itunes: URL(string: "https://itunes.apple.com")!
    )

    /// Other roots: a proxy, or a stub server in tests.
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
    /// GIPHY's key (`GIPHY_API_KEY`).
    public var giphyKey: String?
    /// TMDB v3 key, sent as `api_key`.
    public var tmdbKey: String?
    /// TMDB v4 read access token, sent as `Authorization: Bearer`.
    public var tmdbToken: String?
    /// Google Books' key (`GOOGLE_BOOKS_API_KEY`); optional, raises the quota.
    public var googleBooksKey: String?

    /// Keys as the environment gives them; nil where there is none.
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

    /// The environment variables that hold keys.
    public static let variables = ["GIPHY_API_KEY", "TMDB_API_KEY", "TMDB_ACCESS_TOKEN", "GOOGLE_BOOKS_API_KEY"]

    /// The shortest and longest key accepted. Real ones: GIPHY 32 letters and digits, TMDB
    /// v3 32 hex digits, a TMDB v4 token a JWT of some 200 characters, Google's 39.
    static let keyLengths = 8...4096

    /// Keys as the environment gives them (by variable name), each checked: one line of
    /// printable ASCII without spaces, 8 to 4096 characters. A key of another shape is
    /// refused with one line naming the variable and what is wrong, never the key: it
    /// could not be sent in a header or a URL as it is, and a one-letter "key" would be
    /// scrubbed out of every message.
    public static func checked(_ keys: [String: String?]) throws(VitrineError) -> APICredentials {
        for (variable, value) in keys.sorted(by: { $0.key < $1.key }) {
            guard let value = value?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { continue }
            if let problem = problem(value) {
                let shape = "one line of printable ASCII without spaces, \(keyLengths.lowerBound) to \(keyLengths.upperBound) characters"
                throw VitrineError("\(variable) is not a usable key: it \(problem) (a key is \(shape); the value is not shown)", kind: .usage)
            }
        }
        return APICredentials(
            giphyKey: keys["GIPHY_API_KEY"] ?? nil, tmdbKey: keys["TMDB_API_KEY"] ?? nil, tmdbToken: keys["TMDB_ACCESS_TOKEN"] ?? nil,
            googleBooksKey: keys["GOOGLE_BOOKS_API_KEY"] ?? nil
        )
    }

    /// What makes a (trimmed) key implausible, or nil.
    static func problem(_ key: String) -> String? {
        let bytes = key.utf8
        if bytes.contains(where: { $0 == 0x0A || $0 == 0x0D }) { return "has a line break" }
        if bytes.contains(where: { $0 == 0x20 || $0 == 0x09 }) { return "has a space" }
        if bytes.contains(where: { $0 < 0x20 || $0 == 0x7F }) { return "has a control character" }
        if bytes.contains(where: { $0 > 0x7F }) { return "has a character that is not ASCII" }
        if bytes.count < keyLengths.lowerBound { return "is \(Format.count(bytes.count, "character", "characters")) long, too short to be a key" }
        if bytes.count > keyLengths.upperBound { return "is \(Format.count(bytes.count, "character", "characters")) long, too long to be a key" }
        return nil
    }
}
