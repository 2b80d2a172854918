import Foundation
import VitrineTemplate

/// Builds the typed page models templates receive. Every string from an API or a file
/// goes into a model as text (Mustache escapes it); every URL passes `SafeURL` here.
struct PageFactory: Sendable {
    let site: LoadedSite
    /// The theme's text in the site's language.
    let strings: ThemeStrings
    /// `strings` for `vitrine.js`, serialised once; nil in English (the scripts' own text).
    let scriptStrings: String?
    /// `strings` as every page's `page.t`, made once.
    private let templateStrings: EncodedTemplateValue

    /// The site has `templates/assets/custom.css`: every page links it after the theme's.
    let hasCustomCSS: Bool

    init(site: LoadedSite, strings: ThemeStrings = .english, hasCustomCSS: Bool = false) {
        self.site = site
        self.strings = strings
        self.hasCustomCSS = hasCustomCSS
        self.templateStrings = strings.templateValue
        self.scriptStrings = strings == .english ? nil : JSONLD.scriptStrings(strings)
    }

    var config: SiteConfig { site.config }

    // MARK: Common

    func context(
        at path: SitePath, title: String, kind: String, description: String? = nil,
        image: ImageView? = nil, current: SitePath? = nil, ogType: String = "website", rootOverride: String? = nil,
        sources: Set<Source> = [], jsonLD: RenderedJSON? = nil, inlineStyles: String? = nil
    ) -> PageContext {
        let root = rootOverride ?? path.root
        let link = { (target: SitePath) in rootOverride.map { $0 + target.description } ?? path.link(to: target) }
        var nav: [NavLink] = site.galleries.map {
            let target = SitePath.gallery($0.config.name, page: 1)
            return NavLink(title: $0.config.title, href: link(target), isCurrent: current == target)
        }
        nav.append(NavLink(title: strings.favorites, href: link(.favorites(page: 1)), isCurrent: current == .favorites(page: 1)))
        for page in site.pages where page.inNavigation {
            let target = SitePath.content(page.name)
            nav.append(NavLink(title: page.title ?? page.name, href: link(target), isCurrent: current == target))
        }
        let canonical = absoluteURL(path)
        let imageURL = image.flatMap { SafeURL.scheme(of: $0.src) != nil ? $0.src : nil }
        return PageContext(
            lang: config.language,
            siteTitle: config.title,
            title: title,
            documentTitle: path == .home ? config.title : "\(title) · \(config.title)",
            description: description,
            root: root,
            homeHref: link(.home),
            assets: root + "assets/",
            canonical: canonical,
            nav: nav,
            openGraph: OpenGraph(
                type: ogType, title: title, description: description, url: canonical,
                image: imageURL, imageAlt: imageURL == nil ? nil : image?.alt,
                twitterCard: imageURL == nil ? "summary" : "summary_large_image"
            ),
            pageKind: kind,
            t: templateStrings,
            scriptStrings: scriptStrings,
            attributions: attributions(for: sources),
            jsonLD: config.baseURL == nil ? nil : jsonLD,
            customCSS: hasCustomCSS ? root + "assets/custom.css" : nil,
            inlineStyles: inlineStyles.map { RenderedHTML(html: $0) }
        )
    }

    /// `https://example.org/catalog/cats/` when `baseURL` is set.
    func absoluteURL(_ path: SitePath) -> String? {
        config.baseURL.map { $0 + path.urlPath }
    }

    // MARK: Pages

    func home() -> HomePage {
        let here = SitePath.home
        let cards = site.galleries.enumerated().map { index, gallery -> GalleryCard in
            let shown = gallery.items.count
            var summary = strings.count(shown, \.itemsOne, \.itemsMany)
            if gallery.snapshot.totalResults > shown {
                summary = ThemeStrings.fill(
                    strings.cardSummary,
                    [
                        "items": summary, "results": strings.count(gallery.snapshot.totalResults, \.resultsOne, \.resultsMany),
                    ])
            }
            // The first cards are what the home page opens with: loaded first.
            let cover = gallery.items.first.flatMap { image($0.image, alt: "", eager: index < 3) }
            return GalleryCard(
                title: gallery.config.title, href: here.link(to: .gallery(gallery.config.name, page: 1)),
                summary: summary, sourceLabel: gallery.favorites == nil ? gallery.config.source.label : strings.favorites, cover: cover,
                isEmpty: gallery.items.isEmpty
            )
        }
        return HomePage(
            page: context(
                at: here, title: site.home?.title ?? config.title, kind: "home", description: site.home?.description,
                sources: Set(
                    site.galleries.filter { !$0.items.isEmpty && $0.favorites == nil }.map(\.config.source)
                        + site.galleries.filter { $0.favorites != nil }.compactMap { $0.items.first?.id.source }
                        + site.favorites.prefix(config.columns * 2).map(\.item.id.source))
            ),
            introHTML: site.home.map { RenderedHTML(html: $0.html) },
            galleries: cards,
            favorites: FavoritesSummary(
                href: here.link(to: .favorites(page: 1)),
                count: "\(site.favorites.count) / \(config.favorites.limit)",
                cells: site.favorites.prefix(config.columns * 2).map { cell($0.item, from: here) },
                isEmpty: site.favorites.isEmpty,
                columns: config.columns
            )
        )
    }

    func galleryPage(_ index: Int, page number: Int) -> GalleryPage {
        let gallery = site.galleries[index]
        let name = gallery.config.name
        let here = SitePath.gallery(name, page: number)
        let pagination = Pagination(total: gallery.items.count, perPage: gallery.perPage)
        let pageItems = Array(gallery.items[pagination.range(ofPage: number)])
        let cells = pageItems.enumerated().map {
            cell(
                $0.element, from: here, position: $0.offset, columns: gallery.columns, slot: .cells(of: gallery),
                isNew: gallery.newIDs.contains($0.element.id))
        }
        let title =
            number > 1
            ? ThemeStrings.fill(strings.galleryPage, ["title": gallery.config.title, "number": String(number)]) : gallery.config.title
        let switcher = switcherLinks(for: index, from: here)
        return GalleryPage(
            page: context(
                at: here, title: title, kind: "gallery", description: gallery.intro?.description,
                image: gallery.items.first.flatMap { image($0.image, alt: $0.title) }, current: .gallery(name, page: 1),
                sources: cells.isEmpty ? [] : gallery.favorites == nil ? [gallery.config.source] : Set(pageItems.map(\.id.source)),
                jsonLD: JSONLD.itemList(
                    pageItems, name: title, url: absoluteURL(here), firstPosition: pagination.range(ofPage: number).lowerBound + 1,
                    itemURL: { absoluteURL(.item($0.id)) }
                )
            ),
            name: name,
            heading: gallery.config.title,
            introHTML: number == 1 ? gallery.intro.map { RenderedHTML(html: $0.html) } : nil,
            resultCount: gallery.favorites != nil
                ? strings.count(gallery.items.count, \.favoritesOne, \.favoritesMany)
                : shownCount(shown: gallery.items.count, reported: gallery.snapshot.totalResults),
            resultSource: gallery.favorites != nil || gallery.items.isEmpty ? nil : sourceNote(gallery.config.source),
            columns: gallery.columns,
            layout: gallery.config.layout == .list ? gallery.config.layout.rawValue : nil,
            cellShape: gallery.config.cells == .poster ? gallery.config.cells.rawValue : nil,
            cells: cells,
            isEmpty: cells.isEmpty,
            emptyTitle: gallery.favorites == nil ? strings.noResults : strings.noFavoritesTitle,
            emptyMessage: emptyMessage(for: gallery),
            pagination: pagination.view(current: number, from: here, strings: strings) { .gallery(name, page: $0) },
            switcher: switcher,
            hasSwitcher: !switcher.isEmpty,
            favoritesCount: nil,
            filterIndexHref: gallery.items.isEmpty ? nil : here.link(to: .filterIndex(name)),
            cellSizes: ImageSlot.cells(of: gallery).sizes ?? "",
            hasAnimations: cells.contains { $0.isGIF && $0.image != nil },
            changesHref: gallery.changes == nil ? nil : here.link(to: .changes(name)),
            changesFeedHref: hasChangesFeed(gallery) ? here.link(to: .changesFeed(name)) : nil,
            feedHref: hasGalleryFeed(gallery) ? here.link(to: .galleryFeed(name)) : nil
        )
    }

    func favoritesPage(_ number: Int) -> GalleryPage {
        let here = SitePath.favorites(page: number)
        let pagination = Pagination(total: site.favorites.count, perPage: config.perPage)
        let cells = site.favorites[pagination.range(ofPage: number)].enumerated().map {
            cell($0.element.item, from: here, position: $0.offset)
        }
        return GalleryPage(
            page: context(
                at: here, title: number > 1 ? ThemeStrings.fill(strings.galleryPage, ["title": strings.favorites, "number": String(number)]) : strings.favorites,
                kind: "favorites", current: .favorites(page: 1),
                sources: Set(site.favorites[pagination.range(ofPage: number)].map(\.item.id.source))
            ),
            name: "favorites",
            heading: strings.favorites,
            introHTML: nil,
            resultCount: strings.count(site.favorites.count, \.favoritesOne, \.favoritesMany),
            columns: config.columns,
            cells: cells,
            isEmpty: cells.isEmpty,
            emptyTitle: strings.noFavoritesTitle,
            emptyMessage: strings.noFavoritesMessage,
            pagination: pagination.view(current: number, from: here, strings: strings) { .favorites(page: $0) },
            switcher: [],
            hasSwitcher: false,
            favoritesCount: "\(site.favorites.count) / \(config.favorites.limit)",
            filterIndexHref: nil,
            cellSizes: ImageSlot.cell(columns: config.columns).sizes ?? "",
            hasAnimations: cells.contains { $0.isGIF && $0.image != nil }
        )
    }

    func contentPage(_ content: ContentFile) -> ContentPage {
        let here = SitePath.content(content.name)
        let title = content.title ?? content.name
        return ContentPage(
            page: context(at: here, title: title, kind: "page", description: content.description, current: here, ogType: "article"),
            heading: title,
            bodyHTML: RenderedHTML(html: content.html)
        )
    }

    /// The 404 page is served for any missing path, at any depth, so its links cannot be
    /// relative to its own folder: they start at `baseURL`'s path (or `/`).
    /// Without `baseURL` its links start at `/`, which is wrong under a sub-path and from the
    /// file system: then `styles` (the stylesheets' text) is inlined instead of linked.
    func notFound(styles: @autoclosure () -> String? = nil) -> NotFoundPage {
        let inline = config.baseURL == nil ? styles().flatMap(Self.inlinable) : nil
        return NotFoundPage(
            page: context(at: .notFound, title: strings.pageNotFound, kind: "not-found", rootOverride: config.sitePath, inlineStyles: inline))
    }

    /// CSS that can sit inside `<style>`: no `</style` (any case) that would end it early.
    static func inlinable(_ css: String) -> String? {
        css.range(of: "</style", options: .caseInsensitive) == nil ? css : nil
    }

    func sitemap(_ paths: [SitePath]) -> SitemapModel {
        SitemapModel(urls: paths.map { SitemapURL(loc: absoluteURL($0) ?? $0.urlPath) })
    }

    func feed() -> FeedModel {
        let entries = feedEntries(site.favorites)
        return FeedModel(
            title: "\(config.title) — Favorites",
            id: absoluteURL(.favorites(page: 1)) ?? "urn:vitrine:favorites",
            updated: entries.first?.updated ?? "1970-01-01T00:00:00Z",
            selfHref: absoluteURL(.feed),
            alternateHref: absoluteURL(.favorites(page: 1)),
            entries: entries
        )
    }

    // MARK: Helpers

    /// TMDB popular / top_rated galleries of one site link to each other (seed 002).
    private func switcherLinks(for index: Int, from here: SitePath) -> [NavLink] {
        let lists = site.galleries.enumerated().filter { $0.element.config.source == .tmdb && $0.element.config.list != .search }
        guard lists.count > 1, lists.contains(where: { $0.offset == index }) else { return [] }
        return lists.map { offset, gallery in
            NavLink(title: gallery.config.title, href: here.link(to: .gallery(gallery.config.name, page: 1)), isCurrent: offset == index)
        }
    }

    private func emptyMessage(for gallery: LoadedSite.Gallery) -> String {
        if gallery.favorites != nil { return strings.noFavoritesMessage }
        if let query = gallery.config.query {
            return ThemeStrings.fill(strings.nothingMatched, ["query": query, "source": gallery.config.source.label])
        }
        return ThemeStrings.fill(strings.sourceReturnedNothing, ["source": gallery.config.source.label])
    }

    func summary(of item: Item) -> String? {
        let text: String? =
            switch item.details {
            case .movie(let movie)?: movie.overview
            case .book(let book)?: book.description
            case .app(let app)?: app.description
            // A GIF has no text; an entry's Markdown is its page's, not a plain summary.
            case .gif?, .entry?, nil: nil
            }
        return Format.nonEmpty(text).map { $0.count > 300 ? String($0.prefix(297)) + "…" : $0 }
    }
}
