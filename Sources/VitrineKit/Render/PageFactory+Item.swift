import Foundation

extension PageFactory {
    func itemPage(_ index: Int) -> ItemPage {
        let item = site.items[index]
        let here = SitePath.item(item.id)
        let title = item.title
        let picture = image(item.image, alt: title)
        let (prev, next, back) = neighbours(of: item.id, from: here)
        let isFavorite = site.favoriteIDs.contains(item.id)
        // Without `baseURL` the page's address is only known in the browser: copy and the
        // share sheet resolve `index.html` there; links that need an absolute URL are left out.
        let shareURL = absoluteURL(here) ?? "index.html"
        let share = shareLinks(title: title, pageURL: shareURL, absolute: absoluteURL(here) != nil, imageURL: (detailImage(item) ?? picture)?.src)
        var (gif, movie, book, app, entry): (GIFView?, MovieView?, BookView?, AppView?, EntryView?)
        switch item.details {
        case .gif(let details)?: gif = gifView(details, item: item)
        case .movie(let details)?: movie = movieView(details, title: title)
        case .book(let details)?: book = bookView(details, item: item)
        case .app(let details)?: app = appView(details, item: item)
        case .entry(let details)?: entry = entryView(details, item: item)
        case nil: break
        }
        return ItemPage(
            page: context(
                at: here, title: title, kind: "item", description: summary(of: item),
                image: detailImage(item) ?? picture, ogType: "article", sources: [item.id.source],
                jsonLD: JSONLD.item(item, url: absoluteURL(here))
            ),
            id: item.id.description,
            title: title,
            kind: item.kind.rawValue,
            kindLabel: kindLabel(item.kind),
            itemPartial: item.kind.itemPartial,
            isGIF: item.kind == .gif, isMovie: item.kind == .movie, isBook: item.kind == .book, isApp: item.kind == .app,
            isEntry: item.kind == .entry,
            gif: gif,
            movie: movie,
            book: book,
            app: app,
            entry: entry,
            originHref: SafeURL.link(item.link),
            originLabel: SafeURL.link(item.link) == nil
                ? nil : (item.kind == .entry ? strings.source : ThemeStrings.fill(strings.viewOn, ["source": item.id.source.label])),
            storeBadge: item.kind == .app ? StoreBadge(strings.appStoreBadgeLine) : nil,
            share: share,
            shareURL: shareURL,
            prev: prev,
            next: next,
            back: back,
            isFavorite: isFavorite,
            favoriteLabel: isFavorite ? strings.ownersPick : strings.notInFavorites,
            owner: ownerView(item.id, withNote: true),
            sharePrimary: share.filter(\.needsScript),
            shareMore: share.filter { !$0.needsScript }
        )
    }

    /// The largest image the detail page shows.
    private func detailImage(_ item: Item) -> ImageView? {
        let alt = item.title
        return image(item.gif?.animated, alt: alt, gif: item.gif) ?? image(item.movie?.poster, alt: alt)
            ?? image(item.book?.cover, alt: alt) ?? image(item.image, alt: alt)
    }

    private func gifView(_ gif: GIFDetails, item: Item) -> GIFView {
        // No usable image: the theme's "no image" box, never `<img src="">`.
        let picture = image(gif.animated ?? item.image, alt: item.title, gif: gif, slot: .gifBox, eager: true, kind: .gif)
        let video = picture.flatMap { picture in
            picture.mp4.map {
                GIFVideoView(mp4: $0, poster: picture.still, width: picture.width ?? 200, height: picture.height ?? 200, label: item.title)
            }
        }
        return GIFView(
            image: picture,
            video: video,
            rating: Format.nonEmpty(gif.rating)?.uppercased(),
            username: Format.nonEmpty(gif.username),
            sourceHref: SafeURL.link(gif.postURL),
            sourceDomain: Format.nonEmpty(gif.postDomain)
        )
    }

    /// The description is rendered here, once per item page (each item has one page).
    private func entryView(_ entry: EntryDetails, item: Item) -> EntryView {
        let html = entry.description.map { Markdown.html($0) } ?? ""
        return EntryView(
            image: image(item.image, alt: item.title, slot: .detail, eager: true, kind: .entry),
            rating: entry.rating.map(Format.oneDecimal),
            descriptionHTML: html.isEmpty ? nil : RenderedHTML(html: html)
        )
    }

    private func movieView(_ movie: MovieDetails, title: String) -> MovieView {
        MovieView(
            poster: image(movie.poster, alt: ThemeStrings.fill(strings.posterOf, ["title": title]), slot: .detail, eager: true, kind: .movie),
            rating: movie.voteAverage.map(Format.oneDecimal),
            voteCount: movie.voteCount.map { strings.count($0, \.votesOne, \.votesMany) },
            releaseDate: Format.nonEmpty(movie.releaseDate).map { strings.date($0) },
            overview: Format.nonEmpty(movie.overview),
            originalTitle: Format.nonEmpty(movie.originalTitle).flatMap { $0 == title ? nil : $0 },
            backdrop: image(movie.backdrop, alt: "", slot: .hero, eager: true)
        )
    }

    private func bookView(_ book: BookDetails, item: Item) -> BookView {
        BookView(
            cover: image(book.cover ?? item.image, alt: ThemeStrings.fill(strings.coverOf, ["title": item.title]), slot: .detail, eager: true, kind: .book),
            subtitle: Format.nonEmpty(book.subtitle),
            authors: Format.list(book.authors),
            publisher: Format.nonEmpty(book.publisher),
            publishedDate: Format.nonEmpty(book.publishedDate).map { strings.date($0) },
            pageCount: book.pageCount.flatMap { $0 > 0 ? strings.count($0, \.pagesOne, \.pagesMany) : nil },
            categories: Format.list(book.categories),
            description: Format.nonEmpty(book.description),
            rating: book.averageRating.map { Format.oneDecimal($0) + " / 5" + (book.ratingsCount.map { " (\(strings.count($0, \.ratingsOne, \.ratingsMany)))" } ?? "") },
            identifiers: Format.list(Format.identifiers(book.identifiers)),
            language: Format.nonEmpty(book.language).map { Format.languageName($0, in: config.language) }
        )
    }

    private func appView(_ app: AppDetails, item: Item) -> AppView {
        let shots = (app.screenshots.isEmpty ? app.iPadScreenshots : app.screenshots).compactMap { SafeURL.check($0.url) == nil ? nil : $0 }
        let screenshots = shots.enumerated().compactMap { offset, picture -> ScreenshotView? in
            let label = ThemeStrings.fill(strings.screenshotOf, ["number": String(offset + 1), "count": String(shots.count)])
            guard let view = image(picture, alt: label) else { return nil }
            return ScreenshotView(image: view, href: view.src, number: offset + 1, label: label)
        }
        return AppView(
            icon: image(item.image, alt: ThemeStrings.fill(strings.iconOf, ["title": item.title]), slot: .icon, eager: true, kind: .app),
            seller: Format.nonEmpty(app.seller),
            rating: app.averageRating.map(Format.oneDecimal),
            ratingCount: app.ratingCount.map { strings.count($0, \.ratingsOne, \.ratingsMany) },
            category: Format.nonEmpty(app.category) ?? Format.list(app.genres),
            size: app.fileSizeBytes.map(Format.fileSize),
            version: Format.nonEmpty(app.version),
            ageRating: Format.nonEmpty(app.ageRating),
            price: Format.nonEmpty(app.price),
            languages: Format.languageNames(app.languages, in: config.language),
            screenshots: screenshots,
            hasScreenshots: !screenshots.isEmpty,
            description: Format.nonEmpty(app.description),
            releaseNotes: Format.nonEmpty(app.releaseNotes),
            minimumOSVersion: Format.nonEmpty(app.minimumOSVersion)
        )
    }

    /// Prev/next walk the gallery the item is first listed in (else the favorites).
    private func neighbours(of id: ItemID, from here: SitePath) -> (ItemLink?, ItemLink?, NavLink?) {
        guard let home = site.homeOf[id] else { return (nil, nil, nil) }
        // Only the two neighbours are read: copying the whole list here made a site of n
        // favorites-only items take n² steps (10,000 favorites: 109 s).
        let count: Int
        let itemAt: (Int) -> Item
        let back: NavLink
        if let galleryIndex = home.gallery {
            let gallery = site.galleries[galleryIndex]
            count = gallery.items.count
            itemAt = { gallery.items[$0] }
            let page = home.index / gallery.perPage + 1
            back = NavLink(title: gallery.config.title, href: here.link(to: .gallery(gallery.config.name, page: page)), isCurrent: false)
        } else {
            count = site.favorites.count
            itemAt = { site.favorites[$0].item }
            let page = home.index / config.perPage + 1
            back = NavLink(title: strings.favorites, href: here.link(to: .favorites(page: page)), isCurrent: false)
        }
        let link = { (item: Item) in ItemLink(href: here.link(to: .item(item.id)), title: item.title) }
        let prev = home.index > 0 ? link(itemAt(home.index - 1)) : nil
        let next = home.index + 1 < count ? link(itemAt(home.index + 1)) : nil
        return (prev, next, back)
    }

    /// E-mail, X and Facebook only with an absolute page URL (`baseURL`), which they need;
    /// the image; then copy and the share sheet always (the browser knows the page's address),
    /// last, so that showing them with JavaScript moves nothing.
    private func shareLinks(title: String, pageURL: String, absolute: Bool, imageURL: String?) -> [ShareLink] {
        let url = Self.queryEncoded(pageURL)
        let text = Self.queryEncoded(title)
        var links: [ShareLink] = []
        if absolute {
            links += [
                ShareLink(network: "email", label: strings.email, href: "mailto:?subject=\(text)&body=\(url)", needsScript: false),
                ShareLink(network: "x", label: strings.xTwitter, href: "https://twitter.com/intent/tweet?text=\(text)&url=\(url)", needsScript: false),
                ShareLink(network: "facebook", label: strings.facebook, href: "https://www.facebook.com/sharer/sharer.php?u=\(url)", needsScript: false),
            ]
        }
        if let imageURL, SafeURL.scheme(of: imageURL) != nil {
            links.append(ShareLink(network: "image", label: strings.openImage, href: imageURL, needsScript: false))
        }
        return links + [
            ShareLink(network: "copy", label: strings.copyLink, href: pageURL, needsScript: true),
            ShareLink(network: "native", label: strings.shareNative, href: pageURL, needsScript: true),
        ]
    }

    /// Percent-encodes for a query value: every UTF-8 byte but the unreserved characters
    /// (`A–Z a–z 0–9 - . _ ~`), with upper-case hex digits.
    static func queryEncoded(_ text: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 15)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

extension PageFactory {
    /// "GIF", "Movie", "Book", "App", "Item" in the site's language.
    func kindLabel(_ kind: ItemKind) -> String {
        switch kind {
        case .gif: strings.kindGIF
        case .movie: strings.kindMovie
        case .book: strings.kindBook
        case .app: strings.kindApp
        case .entry: strings.kindItem
        }
    }
}
