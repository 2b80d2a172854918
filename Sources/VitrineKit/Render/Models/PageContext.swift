import VitrineTemplate

/// What every HTML page receives as `page`: site identity, where the root is, navigation.
///
/// All links in the site are relative: `root` is the prefix that leads from the page's
/// folder back to the site root (`""`, `"../"`, `"../../"`), and every internal `href`
/// in every model already starts with it and ends in `index.html`, so the site works from
/// any sub-path and straight from the file system.
struct PageContext: Sendable, Encodable {
    /// `<html lang>`.
    let lang: String
    let siteTitle: String
    /// The page's own heading.
    let title: String
    /// `<title>`: "Cat GIFs · My catalog" (the site title alone on the home page).
    let documentTitle: String
    let description: String?
    let root: String
    let homeHref: String
    /// `root + "assets/"`.
    let assets: String
    /// Absolute URL of this page when `baseURL` is set.
    let canonical: String?
    let nav: [NavLink]
    let openGraph: OpenGraph
    /// `data-kind` hook on `<body>`: `home`, `gallery`, `item`, `page`, `favorites`, `not-found`.
    let pageKind: String
    /// The theme's text in the site's language (`{{page.t.share}}`), encoded once per build.
    let t: EncodedTemplateValue
    /// The strings `vitrine.js` shows, as JSON for `data-strings` on `<body>` (escaped there);
    /// nil in English, which the scripts carry themselves.
    let scriptStrings: String?
    /// What the sources of the content on this page ask to be credited with (GIPHY, TMDB).
    let attributions: [Attribution]
    /// schema.org data for `<script type="application/ld+json">`; only with `baseURL`.
    let jsonLD: RenderedJSON?
    /// `assets/custom.css` (relative), linked after the theme's stylesheet when the site has
    /// `templates/assets/custom.css`; nil otherwise.
    let customCSS: String?
    /// The 404 page without `baseURL` (served at any depth, so no link can reach `assets/`):
    /// the theme's stylesheets (and custom.css) inline, for a `<style>` element; nil elsewhere.
    let inlineStyles: RenderedHTML?
}

/// A credit a source's terms ask for wherever its content is shown (`attribution.mustache`).
struct Attribution: Sendable, Encodable {
    /// `giphy` or `tmdb`, for `data-attribution` and CSS.
    let source: String
    /// The layout GIPHY's credit has: `text` is the link (no `credit`).
    let isGIPHY: Bool
    /// The layout TMDB's credit has: `credit` links, `text` follows it.
    let isTMDB: Bool
    /// GIPHY: "Powered By GIPHY"; TMDB: the notice its terms require.
    let text: String
    /// TMDB: the credit line linking to TMDB.
    let credit: String?
    /// The source's own site.
    let href: String
}

/// JSON that vitrine serialised itself (a JSON encoder, then `<`, `>`, `&`, U+2028/9 as
/// `\u` escapes), safe inside `<script>`: no `</script>` or `<!--` can appear in it.
struct RenderedJSON: Sendable, Encodable {
    let json: String

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(json)
    }
}

struct NavLink: Sendable, Encodable {
    let title: String
    let href: String
    let isCurrent: Bool
}

/// Open Graph and Twitter card tags. URLs are absolute when `baseURL` is set, else omitted
/// (crawlers cannot resolve relative ones), except `image`, which may be an absolute remote URL.
struct OpenGraph: Sendable, Encodable {
    /// `website` or `article`.
    let type: String
    let title: String
    let description: String?
    let url: String?
    let image: String?
    let imageAlt: String?
    /// `summary_large_image` when there is an image, else `summary`.
    let twitterCard: String
}

/// HTML that vitrine produced itself (libcmark output). The only value templates may
/// insert with `{{{ }}}`; every other value is escaped by the template engine.
struct RenderedHTML: Sendable, Encodable {
    let html: String

    /// The HTML as a string; empty HTML as `null`, so a `{{#introHTML}}` section skips it.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if html.isEmpty {
            try container.encodeNil()
        } else {
            try container.encode(html)
        }
    }
}
