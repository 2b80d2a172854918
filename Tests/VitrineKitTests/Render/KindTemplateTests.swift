import Foundation
import Testing

@testable import VitrineKit

/// Each kind's cell and detail page come from its own partial (`cell-gif` … `cell-entry`,
/// `item-gif` … `item-entry`), and every kind shows its title through the shared `cell-title`
/// and `item-title` partials: no kind can lose its title on its own (a catalog file's cells
/// once had none). A site changes one kind by overriding that kind's partial.
@Suite("kind partials")
struct KindTemplateTests {
    static let kinds: Set<String> = ["gif", "movie", "book", "app", "entry"]

    /// The fixture site (GIFs, movies, books, apps) plus a catalog file gallery (entries), with
    /// `templates` written into its `templates/` folder, built into `site/public`: the built
    /// files, hidden ones (the manifest, which holds a digest of the templates) left out.
    static func build(templates: [String: String] = [:]) async throws -> [String: Data] {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let config = site.appendingPathComponent("site.yml")
        let gallery = ["  - name: things", "    title: Things", "    source: file", "    path: catalog.json", ""]
        try Data((try String(contentsOf: config, encoding: .utf8) + gallery.joined(separator: "\n")).utf8).write(to: config)
        try FileSourceTests.catalog(3, title: { "Entry <\($0)>" }).write(to: site.appendingPathComponent("catalog.json"))
        if !templates.isEmpty {
            let folder = site.appendingPathComponent("templates")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for (name, text) in templates { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        }
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        return try TestSupport.tree(output).filter { path, _ in !path.split(separator: "/").contains { $0.hasPrefix(".") } }
    }

    /// The HTML pages of a build: path → text.
    static func pages(_ tree: [String: Data]) -> [String: String] {
        tree.filter { $0.key.hasSuffix(".html") }.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    /// Every cell of every page, with its kind (`cell--book` → `book`).
    static func cells(_ pages: [String: String]) -> [(path: String, kind: String, html: Substring)] {
        pages.sorted { $0.key < $1.key }.flatMap { path, html in
            GalleryCellTests.cells(html).map { cell in
                (path, String(cell.dropFirst("cell--".count).prefix { $0 != "\"" && $0 != " " }), cell)
            }
        }
    }

    /// Every detail page with its kind (`data-kind` of the article).
    static func detailPages(_ pages: [String: String]) -> [(path: String, kind: String, html: String)] {
        pages.sorted { $0.key < $1.key }.compactMap { path, html in
            guard path.hasPrefix("items/"), let article = html.range(of: "<article class=\"item item--") else { return nil }
            return (path, String(html[article.upperBound...].prefix { $0 != "\"" && $0 != " " }), html)
        }
    }

    /// The text of the first `name="…"` attribute after `marker`, or nil.
    static func attribute(_ name: String, after marker: String, in html: some StringProtocol) -> String? {
        guard let start = html.range(of: marker), let value = html[start.upperBound...].range(of: "\(name)=\"") else { return nil }
        return String(html[value.upperBound...].prefix { $0 != "\"" })
    }

    @Test func everyKindsCellAndDetailPageShowItsTitleAndItsOwnDetails() async throws {
        let pages = Self.pages(try await Self.build())

        let cells = Self.cells(pages)
        #expect(Set(cells.map(\.kind)) == Self.kinds, "a kind has no cell in the fixture")
        for (path, kind, cell) in cells {
            // cell-title: `<span class="cell__title" title="T">T</span>`, T not empty.
            let title = Self.attribute("title", after: "<span class=\"cell__title\"", in: cell)
            #expect(title.map { !$0.isEmpty && cell.contains("title=\"\($0)\">\($0)</span>") } == true, "\(kind) cell without its title in \(path): \(cell.prefix(200))")
            #expect(cell.contains("data-cell-media"), "\(kind) cell without its media box in \(path)")
            if kind == "gif" {
                #expect(!cell.contains("cell__rating"), "GIF cells show no rating (\(path))")
            }
        }
        let byKind = Dictionary(grouping: cells, by: \.kind).mapValues { $0.map(\.html) }
        let book = try #require(byKind["book"]?.first { $0.contains("The Swift Programming Language") })
        #expect(book.contains(#"<span class="cell__meta cell__authors" title="Apple Inc., A &lt;b&gt;Second&lt;/b&gt; Author">"#))
        #expect(book.contains(#"<span class="cell__meta cell__published">"#))
        #expect(book.contains(#"<span aria-hidden="true">★ 4.5</span>"#))
        #expect(byKind["movie"]?.contains { $0.contains(#"<span aria-hidden="true">★ 8.4</span>"#) } == true, "a movie cell's rating")
        #expect(byKind["app"]?.contains { $0.contains(#"<span aria-hidden="true">★ 2.8</span>"#) } == true, "an app cell's rating")
        #expect(byKind["entry"]?.contains { $0.contains(#"title="Entry &lt;0&gt;">Entry &lt;0&gt;</span>"#) && $0.contains("★ 7.3") } == true, "an entry cell's title and rating")
        for kind in ["movie", "app", "entry"] {
            #expect(byKind[kind]?.allSatisfy { !$0.contains("cell__authors") } == true, "only book cells have authors")
        }

        let details = Self.detailPages(pages)
        #expect(Set(details.map(\.kind)) == Self.kinds, "a kind has no detail page in the fixture")
        for (path, kind, html) in details {
            // item-title: the heading, the title's text in it, not empty.
            #expect(html.contains(#"<h1 class="item__title" id="item-title">"#), "\(kind) page without its heading: \(path)")
            let title = html.range(of: #"<span class="item__title-text">"#).map { html[$0.upperBound...].prefix { $0 != "<" } }
            #expect(title.map { !$0.isEmpty } == true, "\(kind) page without its title: \(path)")
            #expect(html.contains(#"<p class="item__kind">"#), "\(kind) page without its kind: \(path)")
            #expect(!html.contains(#"data-state="off""#), "\(kind) page with an off-star: \(path)")
            #expect(html.contains(#"<div class="item__media">"#) && html.contains(#"<nav class="item-nav""#), "\(kind) page: \(path)")
            switch kind {
            // Two fixture GIFs have no details (`gif` absent): an empty media box, the title kept.
            case "gif": #expect(html.contains("data-gif-box") || html.contains("<div class=\"item__media\">\n</div>"), "\(path)")
            case "movie": #expect(html.contains(#"<div class="poster">"#) || html.contains("poster--none"), "\(path)")
            case "book": #expect(html.contains(#"<div class="cover">"#) || html.contains("cover--none"), "\(path)")
            case "app": #expect(html.contains(#"<div class="app-icon">"#) || html.contains("app-icon--none"), "\(path)")
            default: #expect(html.contains(#"<div class="entry-image">"#), "\(path)")
            }
        }
        let movie = try #require(pages["items/tmdb-550/index.html"])
        #expect(movie.contains(#"<span class="item__title-text">Fight Club</span>"#))
        #expect(movie.contains(#"<p class="score"><span class="score__value">8.4</span> <span class="score__scale">/ 10</span>"#))
        #expect(movie.contains(#"<section class="item__text" aria-labelledby="overview-heading">"#))
        let bookPage = try #require(pages["items/books-zyTCAlFPjgYC/index.html"])
        #expect(bookPage.contains(#"<p class="item__byline">Apple Inc., A &lt;b&gt;Second&lt;/b&gt; Author</p>"#))
        #expect(bookPage.contains(#"<dl class="facts">"#))
        let app = try #require(pages["items/appstore-1/index.html"])
        #expect(app.contains(#"<span class="score__scale">/ 5</span>"#))
        #expect(app.contains("data-screenshots") && app.contains("data-fold"))
        let gif = try #require(pages["items/giphy-g1/index.html"])
        #expect(gif.contains("data-gif-player") && gif.contains("data-gif-video"))
        let bare = try #require(pages["items/giphy-g3/index.html"])
        #expect(bare.contains(#"<span class="item__title-text">{{x}} {{{y}}} {{&gt; layout}}</span>"#), "a GIF without details keeps its title")
        let entry = try #require(pages["items/file-it000000/index.html"])
        #expect(entry.contains(#"<span class="item__title-text">Entry &lt;0&gt;</span>"#))
        #expect(entry.contains(#"<p class="score"><span class="score__value">7.3</span> <span class="score__scale">/ 10</span></p>"#))
        #expect(entry.contains(#"<div class="markdown"><p>First <em>paragraph</em>"#))
    }

    /// With the shared title partials replaced, every kind's cell and page show the
    /// replacement and no title of their own: each kind takes its title from them.
    @Test func everyKindTakesItsTitleFromTheSharedPartials() async throws {
        let pages = Self.pages(
            try await Self.build(templates: [
                "cell-title.mustache": "<b class=\"probe-cell\">{{title}}</b>\n",
                "item-title.mustache": "<h1 class=\"probe-item\" id=\"item-title\">{{title}}</h1>\n",
            ])
        )
        let cells = Self.cells(pages)
        #expect(Set(cells.map(\.kind)) == Self.kinds)
        for (path, kind, cell) in cells {
            #expect(cell.components(separatedBy: "<b class=\"probe-cell\">").count == 2, "\(kind) cell in \(path) does not use cell-title once")
            #expect(!cell.contains("cell__title"), "\(kind) cell in \(path) writes a title of its own")
        }
        let details = Self.detailPages(pages)
        #expect(Set(details.map(\.kind)) == Self.kinds)
        for (path, kind, html) in details {
            #expect(html.components(separatedBy: "<h1 class=\"probe-item\" id=\"item-title\">").count == 2, "\(kind) page \(path) does not use item-title once")
            #expect(!html.contains("item__title"), "\(kind) page \(path) writes a title of its own")
        }
        #expect(pages["items/file-it000000/index.html"]?.contains(#"<h1 class="probe-item" id="item-title">Entry &lt;0&gt;</h1>"#) == true)
    }

    /// `SITE/templates/cell-book.mustache` alone: book cells change wherever they are (a
    /// gallery, favorites, the home page), and every other byte of the site stays the same.
    @Test func overridingOneKindsCellPartialChangesThatKindsCellsAndNothingElse() async throws {
        let override = #"<li class="cell cell--book my-book" data-cell data-id="{{id}}"><a href="{{href}}">{{title}} by {{authors}}</a></li>"# + "\n"
        let before = try await Self.build()
        let after = try await Self.build(templates: ["cell-book.mustache": override])
        #expect(before.keys.sorted() == after.keys.sorted())

        /// Each book cell (`<li class="cell cell--book…">…</li>`) as one placeholder.
        func maskingBookCells(_ html: String) -> String {
            html.replacingOccurrences(of: #"(?s)<li class="cell cell--book.*?</li>"#, with: "<BOOK/>", options: .regularExpression)
        }
        var changed: [String] = []
        for (path, bytes) in before.sorted(by: { $0.key < $1.key }) where after[path] != bytes {
            changed.append(path)
            let old = String(decoding: bytes, as: UTF8.self)
            let new = String(decoding: after[path] ?? Data(), as: UTF8.self)
            let books = GalleryCellTests.cells(old).filter { $0.hasPrefix("cell--book") }.count
            #expect(books > 0, "\(path) changed but has no book cell")
            #expect(new.components(separatedBy: #"<li class="cell cell--book my-book""#).count - 1 == books, "\(path): not every book cell is the site's")
            #expect(maskingBookCells(old) == maskingBookCells(new), "\(path) changed beyond its book cells")
        }
        #expect(changed.contains("books/index.html"))
        let books = String(decoding: after["books/index.html"] ?? Data(), as: UTF8.self)
        #expect(books.contains(#"<a href="../items/books-zyTCAlFPjgYC/index.html">The Swift Programming Language by Apple Inc., A &lt;b&gt;Second&lt;/b&gt; Author</a></li>"#))
        #expect(!changed.contains { $0.hasPrefix("items/") }, "detail pages do not change")
    }

    /// `SITE/templates/item-book.mustache` alone: the books' detail pages change, nothing else.
    @Test func overridingOneKindsDetailPartialChangesThatKindsPagesAndNothingElse() async throws {
        let override = #"<div class="my-book">{{title}}{{#book}} by {{authors}}{{/book}}</div>"# + "\n"
        let before = try await Self.build()
        let after = try await Self.build(templates: ["item-book.mustache": override])
        #expect(before.keys.sorted() == after.keys.sorted())
        let bookPages = Set(Self.detailPages(Self.pages(before)).filter { $0.kind == "book" }.map(\.path))
        #expect(!bookPages.isEmpty)
        let changed = Set(before.filter { after[$0.key] != $0.value }.keys)
        #expect(changed == bookPages)
        let page = String(decoding: after["items/books-zyTCAlFPjgYC/index.html"] ?? Data(), as: UTF8.self)
        #expect(page.contains(#"<div class="my-book">The Swift Programming Language by Apple Inc., A &lt;b&gt;Second&lt;/b&gt; Author</div>"#))
        #expect(page.contains(#"<nav class="item-nav""#), "item.mustache still frames the page")
    }

    /// The kind partials come with vitrine's theme (embedded in the binary); a default theme
    /// without one is refused rather than rendering that kind as nothing.
    @Test func theDefaultThemeMustHaveEveryKindsPartials() throws {
        let theme = try Theme.load(overrides: nil, overridesLabel: "templates")
        for name in Theme.required { #expect(theme.labels[name] == "theme/\(name).mustache") }
        for kind in Self.kinds {
            #expect(Theme.required.contains("cell-\(kind)") && Theme.required.contains("item-\(kind)"))
        }

        let copy = try TestSupport.temporaryDirectory("vitrine-theme").appendingPathComponent("theme")
        try FileManager.default.copyItem(at: Theme.defaultDirectory, to: copy)
        try FileManager.default.removeItem(at: copy.appendingPathComponent("cell-book.mustache"))
        #expect(throws: VitrineError("theme: missing template 'cell-book.mustache'", kind: .missingInput)) {
            try Theme.load(defaults: copy, overrides: nil, overridesLabel: "templates")
        }
    }
}
