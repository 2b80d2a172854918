/// `sitemap.xml.mustache`.
public struct SitemapModel: Sendable, Encodable {
    public let urls: [SitemapURL]
}

public struct SitemapURL: Sendable, Encodable {
    /// Absolute when `baseURL` is set, else relative to the site root.
    public let loc: String
}

/// `feed.xml.mustache`: an Atom feed of the favorites, newest first.
public struct FeedModel: Sendable, Encodable {
    public let title: String
    /// `urn:vitrine:favorites` unless `baseURL` gives an absolute one.
    public let id: String
    /// The newest `addedAt`, RFC 3339 UTC; a fixed epoch when there are none (no wall clock).
    public let updated: String
    /// Absolute link to the favorites page, when `baseURL` is set.
    public let selfHref: String?
    public let alternateHref: String?
    public let entries: [FeedEntry]
}

public struct FeedEntry: Sendable, Encodable {
    public let id: String
    public let title: String
    public let updated: String
    public let href: String?
    public let summary: String?
    public let image: String?
}
