/// `sitemap.xml.mustache`.
struct SitemapModel: Sendable, Encodable {
    let urls: [SitemapURL]
}

struct SitemapURL: Sendable, Encodable {
    /// Absolute when `baseURL` is set, else relative to the site root.
    let loc: String
}

/// `feed.xml.mustache`: an Atom feed of the favorites, newest first.
struct FeedModel: Sendable, Encodable {
    let title: String
    /// `urn:vitrine:favorites` unless `baseURL` gives an absolute one.
    let id: String
    /// The newest `addedAt`, RFC 3339 UTC (a build writes no feed without favorites; the
    /// fixed epoch of an empty model never reaches a site).
    let updated: String
    /// Absolute link to the favorites page, when `baseURL` is set.
    let selfHref: String?
    let alternateHref: String?
    let entries: [FeedEntry]
}

struct FeedEntry: Sendable, Encodable {
    let id: String
    let title: String
    let updated: String
    let href: String?
    let summary: String?
    let image: String?
    /// A gallery's changes feed: what the refresh added and removed (`content`).
    var changes: RefreshView? = nil
}
