import Foundation
import Testing
import VitrineTemplate

@testable import VitrineKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Renders every default template in `Sources/VitrineKit/Theme` with hand-built page models
/// and checks the contract: hooks, escaping, empty states, pagination, well-formed XML.
@Suite("Templates")
struct TemplateTests {
    // MARK: - Rendering

    @Test("every template parses and registers under its file name")
    func templatesParse() throws {
        let names = try Theme.templateNames()
        for expected in VitrineKit.Theme.required + ["picture", "img", "attribution"] {
            #expect(names.contains(expected), "missing template \(expected)")
        }
        let library = try Theme.library()
        for name in names {
            #expect(library.contains(name), "\(name) did not register")
        }
    }

    @Test("gallery page: grid hooks, columns, cells, pagination, More")
    func galleryPage() throws {
        let html = try Theme.render(Sample.gallery(), "gallery", dumpAs: "movies/p2/index.html")
        Check.document(html, kind: "gallery")
        #expect(html.contains("data-grid"))
        #expect(html.contains(#"style="--columns: 3""#))
        #expect(html.occurrences(of: "data-cell ") == 4)
        #expect(html.occurrences(of: "data-cell-media") == 4)
        #expect(html.contains(#"data-kind="movie""#))
        #expect(html.contains(#"data-id="tmdb:550""#))
        #expect(html.contains(#"loading="lazy""#))
        #expect(html.contains(#"decoding="async""#))
        #expect(html.contains(#"width="500" height="750""#))
        #expect(html.contains(#"<nav class="pagination" aria-label="Pagination""#))
        #expect(html.contains(#"rel="next" href="../3/index.html""#))
        #expect(html.contains(#"rel="prev" href="../../index.html""#))
        #expect(html.contains(#"<a class="button" data-more href="../3/index.html">More</a>"#))
        #expect(html.contains(#"aria-current="page" aria-label="Page 2""#))
        #expect(html.contains("…"))
        #expect(html.contains("3,148 results"))
        #expect(html.contains("<p>Popular <em>right now</em>.</p>"), "introHTML is inserted as HTML")
        #expect(html.contains(#"<nav class="switcher""#))
        #expect(html.contains(#"title="Fight Club""#))
        #expect(html.contains("rated 8.4 out of 10"))
        #expect(!html.contains("data-empty"))
        #expect(html.contains(#"<source media="(prefers-reduced-motion: reduce)" data-still srcset="https://media.example/a-still.gif">"#))
        #expect(html.occurrences(of: "<source ") == 2, "only the GIF cell has renditions")
        Check.hostileEscaped(html)
    }

    @Test("gallery page: explicit empty state, no grid, no More")
    func emptyGallery() throws {
        let html = try Theme.render(Sample.gallery(empty: true), "gallery", dumpAs: "empty/p2/index.html")
        Check.document(html, kind: "gallery")
        #expect(html.contains("data-empty"))
        #expect(html.contains("Nothing found"))
        #expect(html.contains("Try another search."))
        #expect(html.contains("No results"))
        #expect(!html.contains("data-cell"))
        #expect(!html.contains("data-more"))
        #expect(!html.contains("switcher"))
    }

    @Test("home page: gallery cards and favorites summary")
    func homePage() throws {
        let html = try Theme.render(Sample.home(), "home", dumpAs: "index.html")
        Check.document(html, kind: "home")
        #expect(html.occurrences(of: #"<li class="card"#) == 2)
        #expect(html.contains("Google Books"))
        #expect(html.contains("24 items · 3,148 results"))
        #expect(!html.contains("7 / 20"))
        #expect(html.contains("data-grid"))
        #expect(html.occurrences(of: "data-cell ") == 4)
        #expect(html.contains("<p>Welcome.</p>"))
        #expect(!html.contains("data-empty"))
        Check.hostileEscaped(html)

        let empty = try Theme.render(Sample.home(emptyFavorites: true), "home")
        #expect(empty.contains("data-empty"))
        #expect(!empty.contains("0 / 20") && !empty.contains("vitrine favorites add"))
        #expect(!empty.contains("data-cell"))
    }

    @Test("item pages: star, share links, prev/next, per-kind content", arguments: ["gif", "movie", "book", "app", "entry"])
    func itemPage(kind: String) throws {
        let html = try Theme.render(Sample.item(kind: kind), "item", dumpAs: "items/\(kind)/index.html")
        Check.document(html, kind: "item")
        #expect(html.contains(#"data-favorite data-state="on""#))
        #expect(html.contains(#"aria-label="Owner’s pick""#))
        #expect(html.occurrences(of: "data-share=") == 4)
        #expect(html.contains(#"data-share="copy""#))
        #expect(html.contains(#"<li data-needs-script><a class="share__link" data-share="native""#))
        #expect(html.contains(#"rel="prev" href="../giphy-a/index.html""#))
        #expect(html.contains(#"rel="next" href="../giphy-c/index.html""#))
        #expect(html.contains(#"data-share-url="https://example.com/items/x/index.html""#))
        // An app's store link is its badge by the artwork (issue 37); the rest have the button.
        #expect(html.contains(kind == "app" ? "data-store-badge" : "View on the source"))
        #expect(html.contains(#"property="og:image""#))
        Check.hostileEscaped(html)

        switch kind {
        case "gif":
            #expect(html.contains("gif-box"))
            let still = try #require(html.range(of: #"<source media="(prefers-reduced-motion: reduce)" data-still srcset="https://media.example/still.png">"#))
            let webp = try #require(html.range(of: #"<source srcset="https://media.example/a.webp" type="image/webp">"#))
            #expect(still.lowerBound < webp.lowerBound, "the reduced-motion still comes first")
            #expect(html.contains("media.example"))
            #expect(html.contains("@catlover"))
        case "movie":
            #expect(html.contains("/ 10"))
            #expect(html.contains("26,000"))
            #expect(html.contains("1999-10-15"))
            #expect(html.contains("An insomniac office worker"))
            #expect(html.contains("Original title"))
        case "book":
            #expect(html.contains("320 pages"))
            #expect(html.contains("Penguin"))
            #expect(html.contains("ISBN 9780141439518"))
            #expect(html.contains("Line one\nLine two"))
            #expect(html.contains("A subtitle"))
        case "entry":
            #expect(html.contains(#"<img src="https://media.example/0/200w.gif" alt="#))
            #expect(html.contains(#"width="480" height="270""#))
            #expect(html.contains("7.3"))
            #expect(html.contains("<p>Rendered <em>Markdown</em>.</p>"), "descriptionHTML is inserted as HTML")
        case "app":
            #expect(html.occurrences(of: "data-screenshot ") == 3)
            #expect(html.contains(#"aria-label="Screenshot 2 of 3""#))
            #expect(html.contains("data-fold"))
            #expect(html.contains("1,234 ratings"))
            #expect(html.contains("123.4 MB"))
            #expect(html.contains("EN, JA, KO"))
            #expect(html.contains("Bug fixes."))
        default:
            Issue.record("unknown kind \(kind)")
        }
    }

    @Test("content page and 404")
    func contentAndNotFound() throws {
        let page = try Theme.render(Sample.content(), "page", dumpAs: "pages/about/index.html")
        Check.document(page, kind: "page")
        #expect(page.contains("<h2>About</h2>"))
        Check.hostileEscaped(page)

        let notFound = try Theme.render(NotFoundPage(page: Sample.context(kind: "not-found")), "404")
        Check.document(notFound, kind: "not-found")
        #expect(notFound.contains(#"href="../../index.html">Go to the home page</a>"#))
    }

    @Test("layout: head tags, canonical, nav, skip link, footer")
    func layout() throws {
        let html = try Theme.render(Sample.content(), "page")
        #expect(html.hasPrefix("<!doctype html>"))
        #expect(html.contains(#"<meta charset="utf-8">"#))
        #expect(html.contains(#"<link rel="canonical" href="https://example.com/about/index.html">"#))
        #expect(html.contains(#"<meta property="og:type" content="article">"#))
        #expect(html.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
        #expect(html.contains(#"<link rel="stylesheet" href="../../assets/vitrine.css">"#))
        #expect(html.contains(#"<script src="../../assets/vitrine.js" defer></script>"#))
        #expect(html.contains(#"<a class="site-title" href="../../index.html">"#))
        #expect(html.contains(#"href="../../about/index.html" aria-current="page">About</a>"#))
        #expect(html.contains(##"href="#main""##))
        #expect(html.contains(#"<main id="main""#))
        #expect(html.contains("Built with vitrine"))
        #expect(!html.replacingOccurrences(of: "{{x}}", with: "").contains("{{"), "no unrendered tags")
    }

    // MARK: - XML

    @Test("sitemap.xml and feed.xml are well-formed XML")
    func xmlOutputs() throws {
        let sitemap = try Theme.render(
            SitemapModel(urls: [
                SitemapURL(loc: "https://example.com/index.html"),
                SitemapURL(loc: "https://example.com/items/q?a=1&b=<2>/index.html"),
            ]),
            "sitemap.xml"
        )
        #expect(sitemap.hasPrefix("<?xml"))
        #expect(sitemap.contains("a=1&amp;b=&lt;2&gt;"))
        #expect(Check.isWellFormedXML(sitemap))

        let feed = try Theme.render(
            FeedModel(
                title: Sample.hostile, id: "urn:vitrine:favorites", updated: "2024-05-01T10:00:00Z",
                selfHref: "https://example.com/feed.xml", alternateHref: "https://example.com/favorites/index.html",
                entries: [
                    FeedEntry(
                        id: "urn:vitrine:giphy:a", title: Sample.hostile, updated: "2024-05-01T10:00:00Z",
                        href: "https://example.com/items/giphy-a/index.html", summary: "Tom & Jerry's \"best\"",
                        image: "https://media.example/a.gif?x=1&y=2"),
                    FeedEntry(
                        id: "urn:vitrine:tmdb:550", title: "Fight Club", updated: "2024-04-01T10:00:00Z",
                        href: nil, summary: nil, image: nil),
                ]
            ),
            "feed.xml"
        )
        #expect(feed.hasPrefix("<?xml"))
        #expect(feed.contains(#"<feed xmlns="http://www.w3.org/2005/Atom">"#))
        #expect(feed.occurrences(of: "<entry>") == 2)
        #expect(Check.isWellFormedXML(feed))
        Check.hostileEscaped(feed)

        let emptyFeed = try Theme.render(
            FeedModel(
                title: "Favorites", id: "urn:vitrine:favorites", updated: "1970-01-01T00:00:00Z",
                selfHref: nil, alternateHref: nil, entries: []),
            "feed.xml"
        )
        #expect(Check.isWellFormedXML(emptyFeed))
    }

    // MARK: - Assets

    @Test("vitrine.css keeps the grid contract at every width")
    func cssContract() throws {
        let css = try String(contentsOf: Theme.directory.appendingPathComponent("assets/vitrine.css"), encoding: .utf8)
        #expect(css.contains("grid-template-columns: repeat(var(--columns, 3), minmax(0, 1fr));"))
        #expect(css.contains("aspect-ratio: 1 / 1;"))
        #expect(css.contains("object-fit: contain;"))
        #expect(css.contains("text-overflow: ellipsis;"))
        #expect(css.contains("width: 160px;") && css.contains("height: 160px;"))
        #expect(css.contains("scroll-snap-type: x mandatory;"))
        #expect(css.contains("prefers-color-scheme: dark"))
        #expect(css.contains("prefers-reduced-motion: reduce"))
        #expect(css.contains(":focus-visible"))
        #expect(css.occurrences(of: "grid-template-columns: repeat(var(--columns") == 1, "no media query redefines the grid's columns")
        #expect(!css.contains("@import") && !css.contains("url(http"), "no remote resources")
    }

    @Test("vitrine.js: no remote resources, guarded hooks")
    func scriptShape() throws {
        let js = try String(contentsOf: Theme.directory.appendingPathComponent("assets/vitrine.js"), encoding: .utf8)
        for hook in ["[data-more]", "[data-grid]", "[data-cell]", "[data-share]", "[data-screenshot]", "DOMParser", "IntersectionObserver", "showModal"] {
            #expect(js.contains(hook), "vitrine.js does not handle \(hook)")
        }
        #expect(!js.contains("http://") && !js.contains("https://"), "no absolute URLs: only same-site pages are fetched")
        #expect(!js.contains("console."), "no console output")
        #expect(!js.contains("innerHTML"), "fetched HTML is parsed with DOMParser and imported, never assigned as a string")
    }

    // MARK: - Lint

    @Test("raw output ({{{ }}} / {{& }}) only for RenderedHTML fields")
    func rawOutputLint() throws {
        // descriptionHTML: a catalog entry's Markdown description (RenderedHTML, libcmark safe mode).
        // page.jsonLD: RenderedJSON (an encoder's JSON with `<`, `>`, `&` escaped as \u00XX).
        // page.inlineStyles: the theme's own stylesheets (the 404 page without baseURL), refused
        // by `PageFactory.inlinable` when they hold `</style`.
        // noteHTML: a favorite's `note` (RenderedHTML, the same libcmark safe mode).
        // controlsHTML: vitrine's own search form, only on `vitrine serve`'s search page.
        let allowed: Set<String> = ["introHTML", "bodyHTML", "descriptionHTML", "noteHTML", "controlsHTML", "page.jsonLD", "page.inlineStyles"]
        let pattern = try NSRegularExpression(pattern: #"\{\{\{\s*([^}]*?)\s*\}\}\}|\{\{&\s*([^}]*?)\s*\}\}"#)
        for (name, text) in try Theme.templateSources() {
            let range = NSRange(text.startIndex..., in: text)
            for match in pattern.matches(in: text, range: range) {
                let group = match.range(at: 1).location != NSNotFound ? match.range(at: 1) : match.range(at: 2)
                let variable = Range(group, in: text).map { String(text[$0]) } ?? ""
                #expect(allowed.contains(variable), "\(name).mustache inserts '\(variable)' unescaped")
            }
            #expect(!text.contains("{{="), "\(name).mustache changes delimiters, which hides raw output from this lint")
        }
    }
}

// MARK: - Theme access

private enum Theme {
    /// `Sources/VitrineKit/Theme`, found from this file's path (the test bundle holds VitrineKit's resources under another name).
    static var directory: URL {
        TestSupport.packageRoot.appendingPathComponent("Sources/VitrineKit/Theme", isDirectory: true)
    }

    static func templateSources() throws -> [(name: String, text: String)] {
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".mustache") }
            .sorted()
        return try files.map { file in
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            return (String(file.dropLast(".mustache".count)), text)
        }
    }

    static func templateNames() throws -> [String] {
        try templateSources().map(\.name)
    }

    static func library() throws -> TemplateLibrary {
        try TemplateLibrary(Dictionary(uniqueKeysWithValues: try templateSources().map { ($0.name, $0.text) }))
    }

    /// Renders `model` with template `name`. With `VITRINE_TEMPLATE_DUMP=<dir>` set, also writes
    /// the result to `<dir>/<dumpAs>` for a look in a browser (never in the working directory).
    static func render(_ model: some Encodable, _ name: String, dumpAs: String? = nil) throws -> String {
        let value = try TemplateValueEncoder(keepsNilKeys: true).encode(model)
        let (bytes, missing) = try library().renderStrict(name, value)
        #expect(missing.isEmpty, "\(name).mustache uses names the model does not have: \(missing.sorted())")
        let output = String(decoding: bytes, as: UTF8.self)
        if let dir = ProcessInfo.processInfo.environment["VITRINE_TEMPLATE_DUMP"], let dumpAs {
            let url = URL(fileURLWithPath: dir).appendingPathComponent(dumpAs)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try output.write(to: url, atomically: true, encoding: .utf8)
        }
        return output
    }
}

// MARK: - Checks

private enum Check {
    static func document(_ html: String, kind: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(html.hasPrefix("<!doctype html>"), sourceLocation: sourceLocation)
        #expect(html.contains(#"<html lang="en">"#), sourceLocation: sourceLocation)
        #expect(html.contains(#"<meta name="viewport" content="width=device-width, initial-scale=1">"#), sourceLocation: sourceLocation)
        #expect(html.contains(#"<body data-kind="\#(kind)" data-strings="{&quot;more&quot;:&quot;Mehr &lt;/script&gt;&quot;}">"#), sourceLocation: sourceLocation)
        #expect(html.contains("<title>"), sourceLocation: sourceLocation)
        #expect(html.contains(#"<main id="main""#), sourceLocation: sourceLocation)
        #expect(html.hasSuffix("</html>\n"), sourceLocation: sourceLocation)
        #expect(!html.contains("{{!"), "comments are stripped", sourceLocation: sourceLocation)
    }

    /// The hostile strings never come out as markup; `{{x}}` comes out as plain text, not re-rendered.
    static func hostileEscaped(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(!text.contains("<script>alert(1)</script>"), sourceLocation: sourceLocation)
        #expect(!text.contains("<img src=x"), sourceLocation: sourceLocation)
        #expect(text.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), sourceLocation: sourceLocation)
        #expect(text.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"), sourceLocation: sourceLocation)
        #expect(text.contains("{{x}}"), sourceLocation: sourceLocation)
    }

    static func isWellFormedXML(_ text: String) -> Bool {
        let parser = XMLParser(data: Data(text.utf8))
        return parser.parse()
    }
}

extension String {
    fileprivate func occurrences(of needle: String) -> Int {
        components(separatedBy: needle).count - 1
    }
}

// MARK: - Sample models

private enum Sample {
    static let hostile = #"<script>alert(1)</script> "><img src=x onerror=alert(1)> {{x}}"#

    static func context(kind: String, root: String = "../../") -> PageContext {
        PageContext(
            lang: "en",
            siteTitle: "My catalog " + hostile,
            title: "Title " + hostile,
            documentTitle: "Doc " + hostile,
            description: "Description " + hostile,
            root: root,
            homeHref: root + "index.html",
            assets: root + "assets/",
            canonical: kind == "page" ? "https://example.com/about/index.html" : nil,
            nav: [
                NavLink(title: "Cats " + hostile, href: root + "cats/index.html", isCurrent: kind == "gallery"),
                NavLink(title: "About", href: root + "about/index.html", isCurrent: kind == "page"),
            ],
            openGraph: OpenGraph(
                type: kind == "item" ? "article" : (kind == "page" ? "article" : "website"),
                title: "OG " + hostile,
                description: "OG description " + hostile,
                url: "https://example.com/",
                image: "https://media.example/og.png",
                imageAlt: "Alt " + hostile,
                twitterCard: "summary_large_image"
            ),
            pageKind: kind, t: ThemeStrings.english.templateValue, scriptStrings: #"{"more":"Mehr </script>"}"#,
            attributions: [
                Attribution(source: "giphy", isGIPHY: true, isTMDB: false, text: "Powered By GIPHY", credit: nil, href: "https://giphy.com/")
            ],
            jsonLD: nil,
            customCSS: nil,
            inlineStyles: nil
        )
    }

    static func image(_ src: String, width: Int? = 500, height: Int? = 750, webp: String? = nil, still: String? = nil) -> ImageView {
        ImageView(
            src: src, alt: "Alt " + hostile, width: width, height: height,
            hasSize: width != nil && height != nil, mp4: nil, webp: webp, still: still
        )
    }

    static func cells() -> [CellView] {
        func cell(_ kind: String, id: String, title: String, image: ImageView?, rating: String?, favorite: Bool) -> CellView {
            CellView(
                href: "../../items/\(id.replacingOccurrences(of: ":", with: "-"))/index.html",
                title: title, kind: kind, cellPartial: "cell-" + kind,
                isGIF: kind == "gif", isMovie: kind == "movie", isBook: kind == "book", isApp: kind == "app",
                isEntry: kind == "entry",
                image: image, rating: rating,
                ratingLabel: rating.map { "rated \($0.dropFirst(2)) out of 10" },
                authors: kind == "book" ? "Author " + hostile : nil,
                published: kind == "book" ? "1813-01-28" : nil,
                isFavorite: favorite, id: id
            )
        }
        return [
            cell("movie", id: "tmdb:550", title: "Fight Club", image: image("https://image.example/550.jpg"), rating: "★ 8.4", favorite: true),
            cell("movie", id: "tmdb:551", title: hostile, image: nil, rating: nil, favorite: false),
            cell("book", id: "books:xyz", title: "Pride and Prejudice", image: image("https://books.example/c.jpg", width: nil, height: nil), rating: nil, favorite: false),
            cell(
                "gif", id: "giphy:abc", title: "Cat " + hostile,
                image: image(
                    "https://media.example/a.gif", width: 200, height: 120,
                    webp: "https://media.example/a.webp", still: "https://media.example/a-still.gif"),
                rating: nil, favorite: false),
        ]
    }

    static func gallery(empty: Bool = false) -> GalleryPage {
        GalleryPage(
            page: context(kind: "gallery"),
            name: "movies",
            heading: "Movies " + hostile,
            introHTML: RenderedHTML(html: "<p>Popular <em>right now</em>.</p>"),
            resultCount: empty ? "No results" : "3,148 results",
            columns: 3,
            cells: empty ? [] : cells(),
            isEmpty: empty,
            emptyTitle: "Nothing found",
            emptyMessage: "Try another search.",
            pagination: empty
                ? nil
                : PaginationView(
                    links: [
                        PageLinkView(number: 1, href: "../../index.html", isCurrent: false, isGap: false, label: "Page 1"),
                        PageLinkView(number: 2, href: "../2/index.html", isCurrent: true, isGap: false, label: "Page 2"),
                        PageLinkView(number: 3, href: "../3/index.html", isCurrent: false, isGap: false, label: "Page 3"),
                        PageLinkView(number: 0, href: "", isCurrent: false, isGap: true, label: "Page 0"),
                        PageLinkView(number: 132, href: "../132/index.html", isCurrent: false, isGap: false, label: "Page 132"),
                    ],
                    prevHref: "../../index.html", nextHref: "../3/index.html", moreHref: "../3/index.html",
                    current: 2, total: 132, label: "Page 2 of 132"
                ),
            switcher: empty
                ? []
                : [
                    NavLink(title: "Popular", href: "../../index.html", isCurrent: true),
                    NavLink(title: "Top rated", href: "../../../top/index.html", isCurrent: false),
                ],
            hasSwitcher: !empty,
            favoritesCount: nil,
            filterIndexHref: empty ? nil : "../../filter-index.js",
            cellSizes: "(min-width: 72rem) 352px, 30.27vw",
            hasAnimations: !empty
        )
    }

    static func home(emptyFavorites: Bool = false) -> HomePage {
        HomePage(
            page: context(kind: "home", root: ""),
            introHTML: RenderedHTML(html: "<p>Welcome.</p>"),
            galleries: [
                GalleryCard(
                    title: "Movies " + hostile, href: "movies/index.html", summary: "24 items · 3,148 results",
                    sourceLabel: "TMDB", cover: image("https://image.example/550.jpg"), isEmpty: false),
                GalleryCard(
                    title: "Books", href: "books/index.html", summary: "No results",
                    sourceLabel: "Google Books", cover: nil, isEmpty: true),
            ],
            favorites: FavoritesSummary(
                href: "favorites/index.html",
                count: emptyFavorites ? "0 / 20" : "7 / 20",
                cells: emptyFavorites ? [] : cells(),
                isEmpty: emptyFavorites,
                columns: 3
            )
        )
    }

    static func content() -> ContentPage {
        ContentPage(page: context(kind: "page"), heading: "About " + hostile, bodyHTML: RenderedHTML(html: "<h2>About</h2>\n<p>Text.</p>"))
    }

    static func item(kind: String) -> ItemPage {
        ItemPage(
            page: context(kind: "item"),
            id: "x:1",
            title: "Item " + hostile,
            kind: kind,
            kindLabel: kind.uppercased(),
            itemPartial: "item-" + kind,
            isGIF: kind == "gif", isMovie: kind == "movie", isBook: kind == "book", isApp: kind == "app",
            isEntry: kind == "entry",
            gif: kind != "gif"
                ? nil
                : GIFView(
                    image: image(
                        "https://media.example/a.gif", width: 480, height: 270,
                        webp: "https://media.example/a.webp", still: "https://media.example/still.png"),
                    video: GIFVideoView(mp4: "https://media.example/a.mp4", poster: "https://media.example/still.png", width: 480, height: 270, label: "Item " + hostile),
                    rating: "g", username: "@catlover", sourceHref: "https://media.example/post/1", sourceDomain: "media.example"
                ),
            movie: kind != "movie"
                ? nil
                : MovieView(
                    poster: image("https://image.example/550.jpg"), rating: "8.4", voteCount: "26,000",
                    releaseDate: "1999-10-15", overview: "An insomniac office worker " + hostile, originalTitle: "Fight Club " + hostile
                ),
            book: kind != "book"
                ? nil
                : BookView(
                    cover: nil, subtitle: "A subtitle", authors: "Jane Austen", publisher: "Penguin",
                    publishedDate: "1813-01-28", pageCount: "320 pages", categories: "Fiction",
                    description: "Line one\nLine two " + hostile, rating: "4.5", identifiers: "ISBN 9780141439518", language: "en"
                ),
            app: kind != "app"
                ? nil
                : AppView(
                    icon: image("https://apps.example/icon.png", width: 512, height: 512), seller: "Seller " + hostile,
                    rating: "4.6", ratingCount: "1,234 ratings", category: "Games", size: "123.4 MB", version: "2.1",
                    ageRating: "4+", price: "Free", languages: "EN, JA, KO",
                    screenshots: (1...3).map { n in
                        ScreenshotView(
                            image: image("https://apps.example/s\(n).png", width: 392, height: 696),
                            href: "https://apps.example/s\(n)-large.png", number: n, label: "Screenshot \(n) of 3")
                    },
                    hasScreenshots: true,
                    description: "First line\nSecond " + hostile, releaseNotes: "Bug fixes.", minimumOSVersion: "15.0"
                ),
            entry: kind != "entry"
                ? nil
                : EntryView(
                    image: image("https://media.example/0/200w.gif", width: 480, height: 270), rating: "7.3",
                    descriptionHTML: RenderedHTML(html: "<p>Rendered <em>Markdown</em>.</p>")
                ),
            originHref: "https://origin.example/x/1",
            originLabel: "View on the source",
            share: shareLinks,
            shareURL: "https://example.com/items/x/index.html",
            prev: ItemLink(href: "../giphy-a/index.html", title: "Prev " + hostile),
            next: ItemLink(href: "../giphy-c/index.html", title: "Next " + hostile),
            back: NavLink(title: "Back " + hostile, href: "../../cats/index.html", isCurrent: false),
            isFavorite: true,
            favoriteLabel: "Owner’s pick",
            sharePrimary: shareLinks.filter(\.needsScript),
            shareMore: shareLinks.filter { !$0.needsScript }
        )
    }

    static let shareLinks = [
        ShareLink(network: "copy", label: "Copy link", href: "https://example.com/items/x/index.html", needsScript: true),
        ShareLink(network: "native", label: "Share…", href: "https://example.com/items/x/index.html", needsScript: true),
        ShareLink(network: "email", label: "E-mail", href: "mailto:?subject=Item&body=https%3A%2F%2Fexample.com", needsScript: false),
        ShareLink(network: "x", label: "X", href: "https://x.com/intent/tweet?url=https%3A%2F%2Fexample.com", needsScript: false),
    ]
}

@Suite("template search")
struct TemplateSearchTests {
    @Test("a template is searched for <pre and <textarea byte for byte: at its start, its end, after a false start, never across its end")
    func templatesAreSearchedByBytes() {
        #expect(VitrineKit.Theme.holds("<pre>", "<pre"))
        #expect(VitrineKit.Theme.holds("x <<pre", "<pre"))
        #expect(VitrineKit.Theme.holds("<p <pr <pre", "<pre"))
        #expect(VitrineKit.Theme.holds("가나 <textarea>", "<textarea"))
        #expect(!VitrineKit.Theme.holds("<pr", "<pre"))
        #expect(!VitrineKit.Theme.holds("<p re <PRE", "<pre"))
        #expect(!VitrineKit.Theme.holds("", "<pre"))
        #expect(VitrineKit.Theme.holds("", ""))
        let long = String(repeating: "<p", count: 5_000)
        #expect(!VitrineKit.Theme.holds(long, "<pre") && VitrineKit.Theme.holds(long + "re", "<pre"))
    }
}
