import Foundation

/// Builds the typed page models templates receive. Every string from an API or a file
/// goes into a model as text (Mustache escapes it); every URL passes `SafeURL` here.
struct PageFactory: Sendable {
    let site: LoadedSite

    var config: SiteConfig { site.config }

    // MARK: Common

    func context(
        at path: SitePath, title: String, kind: String, description: String? = nil,
        image: ImageView? = nil, current: SitePath? = nil, ogType: String = "website", rootOverride: String? = nil
    ) -> PageContext {
        let root = rootOverride ?? path.root
        let link = { (target: SitePath) in rootOverride.map { $0 + target.description } ?? path.link(to: target) }
        var nav: [NavLink] = site.galleries.map {
            let target = SitePath.gallery($0.config.name, page: 1)
            return NavLink(title: $0.config.title, href: link(target), isCurrent: current == target)
        }
        nav.append(NavLink(title: "Favorites", href: link(.favorites(page: 1)), isCurrent: current == .favorites(page: 1)))
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
            pageKind: kind
        )
    }

    /// `https://example.org/catalog/cats/` when `baseURL` is set.
    func absoluteURL(_ path: SitePath) -> String? {
        config.baseURL.map { $0 + path.urlPath }
    }

    func image(_ picture: Picture?, alt: String, gif: GIFDetails? = nil) -> ImageView? {
        guard let picture, let src = SafeURL.check(picture.url) else { return nil }
        let width = picture.width.flatMap { $0 > 0 ? $0 : nil }
        let height = picture.height.flatMap { $0 > 0 ? $0 : nil }
        return ImageView(
            src: src, alt: alt, width: width, height: height, hasSize: width != nil && height != nil,
            mp4: SafeURL.check(gif?.mp4), webp: SafeURL.check(gif?.webp), still: SafeURL.check(gif?.still?.url)
        )
    }

    func cell(_ item: Item, from here: SitePath) -> CellView {
        let kind = item.kind
        var rating: String?
        var ratingLabel: String?
        switch kind {
        case .movie:
            if let value = item.movie?.voteAverage {
                rating = "★ " + Format.oneDecimal(value)
                ratingLabel = "rated \(Format.oneDecimal(value)) out of 10"
            }
        case .app:
            if let value = item.app?.averageRating {
                rating = "★ " + Format.oneDecimal(value)
                ratingLabel = "rated \(Format.oneDecimal(value)) out of 5"
            }
        case .book:
            if let value = item.book?.averageRating {
                rating = "★ " + Format.oneDecimal(value)
                ratingLabel = "rated \(Format.oneDecimal(value)) out of 5"
            }
        case .gif:
            if let value = Format.nonEmpty(item.gif?.rating) {
                rating = value.uppercased()
                ratingLabel = "rated \(value.uppercased())"
            }
        case .entry:
            if let value = item.entry?.rating {
                rating = "★ " + Format.oneDecimal(value)
                ratingLabel = "rated \(Format.oneDecimal(value)) out of 10"
            }
        }
        return CellView(
            href: here.link(to: .item(item.id)),
            title: item.title,
            kind: kind.rawValue,
            isGIF: kind == .gif, isMovie: kind == .movie, isBook: kind == .book, isApp: kind == .app,
            image: image(item.image, alt: item.title, gif: item.gif),
            rating: rating,
            ratingLabel: ratingLabel,
            authors: item.book.flatMap { Format.list($0.authors) },
            published: Format.nonEmpty(item.book?.publishedDate),
            isFavorite: site.favoriteIDs.contains(item.id),
            id: item.id.description
        )
    }

    // MARK: Pages

    func home() -> HomePage {
        let here = SitePath.home
        let cards = site.galleries.map { gallery -> GalleryCard in
            let shown = gallery.items.count
            var summary = Format.count(shown, "item", "items")
            if gallery.snapshot.totalResults > shown {
                summary += " of " + Format.count(gallery.snapshot.totalResults, "result", "results")
            }
            let cover = gallery.items.first.flatMap { image($0.image, alt: "") }
            return GalleryCard(
                title: gallery.config.title, href: here.link(to: .gallery(gallery.config.name, page: 1)),
                summary: summary, sourceLabel: gallery.config.source.label, cover: cover, isEmpty: gallery.items.isEmpty
            )
        }
        return HomePage(
            page: context(at: here, title: site.home?.title ?? config.title, kind: "home", description: site.home?.description),
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
        let cells = gallery.items[pagination.range(ofPage: number)].map { cell($0, from: here) }
        let total = max(gallery.snapshot.totalResults, gallery.items.count)
        let title = number > 1 ? "\(gallery.config.title) — page \(number)" : gallery.config.title
        let switcher = switcherLinks(for: index, from: here)
        return GalleryPage(
            page: context(
                at: here, title: title, kind: "gallery", description: gallery.intro?.description,
                image: gallery.items.first.flatMap { image($0.image, alt: $0.title) }, current: .gallery(name, page: 1)
            ),
            name: name,
            heading: gallery.config.title,
            introHTML: number == 1 ? gallery.intro.map { RenderedHTML(html: $0.html) } : nil,
            resultCount: total == 0 ? "No results" : Format.count(total, "result", "results"),
            columns: gallery.columns,
            cells: cells,
            isEmpty: cells.isEmpty,
            emptyTitle: "No results",
            emptyMessage: emptyMessage(for: gallery),
            pagination: pagination.view(current: number, from: here) { .gallery(name, page: $0) },
            switcher: switcher,
            hasSwitcher: !switcher.isEmpty,
            favoritesCount: nil
        )
    }

    func favoritesPage(_ number: Int) -> GalleryPage {
        let here = SitePath.favorites(page: number)
        let pagination = Pagination(total: site.favorites.count, perPage: config.perPage)
        let cells = site.favorites[pagination.range(ofPage: number)].map { cell($0.item, from: here) }
        let count = "\(site.favorites.count) / \(config.favorites.limit)"
        return GalleryPage(
            page: context(at: here, title: number > 1 ? "Favorites — page \(number)" : "Favorites", kind: "favorites", current: .favorites(page: 1)),
            name: "favorites",
            heading: "Favorites",
            introHTML: nil,
            resultCount: Format.count(site.favorites.count, "favorite", "favorites"),
            columns: config.columns,
            cells: cells,
            isEmpty: cells.isEmpty,
            emptyTitle: "No favorites yet",
            emptyMessage: "Add one with “vitrine favorites add giphy:ID”, or list it in \(config.favorites.file), then build again.",
            pagination: pagination.view(current: number, from: here) { .favorites(page: $0) },
            switcher: [],
            hasSwitcher: false,
            favoritesCount: count
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
    func notFound() -> NotFoundPage {
        let rootPath = config.baseURL.flatMap { URLComponents(string: $0)?.path } ?? "/"
        let root = rootPath.hasSuffix("/") ? rootPath : rootPath + "/"
        return NotFoundPage(page: context(at: .notFound, title: "Page not found", kind: "not-found", rootOverride: root))
    }

    func sitemap(_ paths: [SitePath]) -> SitemapModel {
        SitemapModel(urls: paths.map { SitemapURL(loc: absoluteURL($0) ?? $0.urlPath) })
    }

    func feed() -> FeedModel {
        let newestFirst = site.favorites.sorted { lhs, rhs in
            lhs.favorite.addedAt != rhs.favorite.addedAt ? lhs.favorite.addedAt > rhs.favorite.addedAt : lhs.favorite.id < rhs.favorite.id
        }
        let entries = newestFirst.map { favorite, item in
            FeedEntry(
                id: absoluteURL(.item(item.id)) ?? "urn:vitrine:item:\(item.id.pathSegment)",
                title: item.title,
                updated: RFC3339.string(from: favorite.addedAt),
                href: absoluteURL(.item(item.id)),
                summary: summary(of: item),
                image: item.image.flatMap { SafeURL.check($0.url) }
            )
        }
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
        if let query = gallery.config.query {
            return "Nothing matched “\(query)” on \(gallery.config.source.label)."
        }
        return "\(gallery.config.source.label) returned no items for this gallery."
    }

    func summary(of item: Item) -> String? {
        Format.nonEmpty(item.movie?.overview ?? item.book?.description ?? item.app?.description)
            .map { $0.count > 300 ? String($0.prefix(297)) + "…" : $0 }
    }
}

extension Source {
    /// The name people know the service by.
    public var label: String {
        switch self {
        case .giphy: "GIPHY"
        case .tmdb: "TMDB"
        case .googleBooks: "Google Books"
        case .appStore: "App Store"
        case .file: "catalog file"
        }
    }
}
