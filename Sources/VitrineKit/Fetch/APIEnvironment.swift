import Foundation

/// Base URLs of the APIs (`APIDescriptor.defaultEndpoint`); the executable fills them from
/// each descriptor's `endpointVariable` (`VITRINE_GIPHY_URL`, …) through `reading(_:)`.
public struct APIEndpoints: Sendable, Equatable {
    /// Each API's root, by source.
    private var roots: [Source: URL]

    /// GIPHY's API root (`https://api.giphy.com`).
    public var giphy: URL {
        get { self[.giphy] }
        set { roots[.giphy] = newValue }
    }
    /// TMDB's API root.
    public var tmdb: URL {
        get { self[.tmdb] }
        set { roots[.tmdb] = newValue }
    }
    /// Google Books' API root.
    public var googleBooks: URL {
        get { self[.googleBooks] }
        set { roots[.googleBooks] = newValue }
    }
    /// The App Store lookup's root (`https://itunes.apple.com`).
    public var itunes: URL {
        get { self[.appStore] }
        set { roots[.appStore] = newValue }
    }

    /// The real services.
    public static let production = APIEndpoints(
        roots: Dictionary(uniqueKeysWithValues: APIDescriptor.all.map { ($0.source, $0.defaultEndpoint) }))

    private init(roots: [Source: URL]) {
        self.roots = roots
    }

    /// Other roots: a proxy, or a stub server in tests.
    public init(giphy: URL, tmdb: URL, googleBooks: URL, itunes: URL) {
        self = .production
        (self.giphy, self.tmdb, self.googleBooks, self.itunes) = (giphy, tmdb, googleBooks, itunes)
    }

    /// An API's root; the real service's for a source without one.
    subscript(source: Source) -> URL {
        roots[source] ?? source.descriptor?.defaultEndpoint ?? URL(fileURLWithPath: "/")
    }

    /// The roots the environment names (each descriptor's `endpointVariable`), the real
    /// services elsewhere; a value that is not an http(s) URL is a usage error naming the variable.
    public static func reading(_ environment: [String: String]) throws(VitrineError) -> APIEndpoints {
        var endpoints = production
        for descriptor in APIDescriptor.all {
            guard let text = environment[descriptor.endpointVariable], !text.isEmpty else { continue }
            guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil
            else {
                throw VitrineError("\(descriptor.endpointVariable) must be an http(s) URL, got '\(text)'", kind: .usage)
            }
            endpoints.roots[descriptor.source] = url
        }
        return endpoints
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

/// API keys, from the environment (by the executable), by variable name (each descriptor's
/// `keyVariables`). Never logged or written anywhere.
public struct APICredentials: Sendable, Equatable {
    /// Each key present, by its environment variable.
    private var keys: [String: String] = [:]

    /// GIPHY's key (`GIPHY_API_KEY`).
    public var giphyKey: String? { self["GIPHY_API_KEY"] }
    /// TMDB v3 key, sent as `api_key`.
    public var tmdbKey: String? { self["TMDB_API_KEY"] }
    /// TMDB v4 read access token, sent as `Authorization: Bearer`.
    public var tmdbToken: String? { self["TMDB_ACCESS_TOKEN"] }
    /// Google Books' key (`GOOGLE_BOOKS_API_KEY`); optional, raises the quota.
    public var googleBooksKey: String? { self["GOOGLE_BOOKS_API_KEY"] }

    /// Keys as the environment gives them; nil where there is none.
    public init(giphyKey: String? = nil, tmdbKey: String? = nil, tmdbToken: String? = nil, googleBooksKey: String? = nil) {
        self.init(keys: ["GIPHY_API_KEY": giphyKey, "TMDB_API_KEY": tmdbKey, "TMDB_ACCESS_TOKEN": tmdbToken, "GOOGLE_BOOKS_API_KEY": googleBooksKey])
    }

    /// Keys by variable; blank ones and variables no descriptor names are left out.
    init(keys: [String: String?]) {
        for variable in Self.variables {
            guard let value = keys[variable]??.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { continue }
            self.keys[variable] = value
        }
    }

    /// The key in `variable`, if set.
    subscript(variable: String) -> String? { keys[variable] }

    /// Every key, for scrubbing text: made from the descriptors, so no API's key is left out.
    var all: [String] { Self.variables.compactMap { keys[$0] } }

    /// The environment variables that hold keys: every descriptor's `keyVariables`.
    public static let variables = APIDescriptor.all.flatMap(\.keyVariables)

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
        return APICredentials(keys: keys)
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
