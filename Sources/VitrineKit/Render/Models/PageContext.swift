/// What every HTML page receives as `page`: site identity, where the root is, navigation.
///
/// All links in the site are relative: `root` is the prefix that leads from the page's
/// folder back to the site root (`""`, `"../"`, `"../../"`), and every internal `href`
/// in every model already starts with it and ends in `index.html`, so the site works from
/// any sub-path and straight from the file system.
public struct PageContext: Sendable, Encodable {
    /// `<html lang>`.
    public let lang: String
    public let siteTitle: String
    /// The page's own heading.
    public let title: String
    /// `<title>`: "Cat GIFs · My catalog" (the site title alone on the home page).
    public let documentTitle: String
    public let description: String?
    public let root: String
    public let homeHref: String
    /// `root + "assets/"`.
    public let assets: String
    /// Absolute URL of this page when `baseURL` is set.
    public let canonical: String?
    public let nav: [NavLink]
    public let openGraph: OpenGraph
    /// `data-kind` hook on `<body>`: `home`, `gallery`, `item`, `page`, `favorites`, `not-found`.
    public let pageKind: String
    /// The theme's text in the site's language (`{{page.t.share}}`).
    public let t: ThemeStrings
    /// The strings `vitrine.js` shows, as JSON for `data-strings` on `<body>` (escaped there);
    /// nil in English, which the scripts carry themselves.
    public let scriptStrings: String?
    /// What the sources of the content on this page ask to be credited with (GIPHY, TMDB).
    public let attributions: [Attribution]
    /// schema.org data for `<script type="application/ld+json">`; only with `baseURL`.
    public let jsonLD: RenderedJSON?
}

/// A credit a source's terms ask for wherever its content is shown (`attribution.mustache`).
public struct Attribution: Sendable, Encodable {
    /// `giphy` or `tmdb`, for `data-attribution` and CSS.
    public let source: String
    public let isGIPHY: Bool
    public let isTMDB: Bool
    /// GIPHY: "Powered By GIPHY"; TMDB: the notice its terms require.
    public let text: String
    /// TMDB: the credit line linking to TMDB.
    public let credit: String?
    /// The source's own site.
    public let href: String
}

/// JSON that vitrine serialised itself (a JSON encoder, then `<`, `>`, `&`, U+2028/9 as
/// `\u` escapes), safe inside `<script>`: no `</script>` or `<!--` can appear in it.
public struct RenderedJSON: Sendable, Encodable {
    public let json: String

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(json)
    }
}

public struct NavLink: Sendable, Encodable {
    public let title: String
    public let href: String
    public let isCurrent: Bool
}

/// Open Graph and Twitter card tags. URLs are absolute when `baseURL` is set, else omitted
/// (crawlers cannot resolve relative ones), except `image`, which may be an absolute remote URL.
public struct OpenGraph: Sendable, Encodable {
    /// `website` or `article`.
    public let type: String
    public let title: String
    public let description: String?
    public let url: String?
    public let image: String?
    public let imageAlt: String?
    /// `summary_large_image` when there is an image, else `summary`.
    public let twitterCard: String
}

/// HTML that vitrine produced itself (libcmark output). The only value templates may
/// insert with `{{{ }}}`; every other value is escaped by the template engine.
public struct RenderedHTML: Sendable, Encodable {
    public let html: String

    /// The HTML as a string; empty HTML as `null`, so a `{{#introHTML}}` section skips it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if html.isEmpty {
            try container.encodeNil()
        } else {
            try container.encode(html)
        }
    }
}
