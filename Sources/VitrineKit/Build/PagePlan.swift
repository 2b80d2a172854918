import Foundation

/// Every file the render stage writes, decided before anything is rendered, so two
/// stages can never write the same path and pages can render in any order.
struct PagePlan: Sendable {
    enum Job: Sendable {
        case home
        case gallery(index: Int, page: Int)
        case favorites(page: Int)
        case item(index: Int)
        case content(index: Int)
        case notFound
        case sitemap
        case feed
        /// A gallery's find-as-you-type index (`<gallery>/filter-index.js`).
        case filterIndex(index: Int)
        /// A gallery's changes page (`<gallery>/changes/`) and Atom feed (`<gallery>/changes.xml`),
        /// when it has a change record.
        case changes(index: Int)
        case changesFeed(index: Int)
        /// A favorites gallery's Atom feed of its entries (`<gallery>/feed.xml`).
        case galleryFeed(index: Int)
    }

    let pages: [(path: SitePath, job: Job)]
    /// HTML pages (not 404, sitemap or feed), counted once.
    let htmlPageCount: Int
    /// HTML files, 404.html included: the pages a person finds in the output.
    var htmlFileCount: Int { pages.count { $0.path.file.hasSuffix(".html") } }

    /// Pages listed in the sitemap: every HTML page but 404.
    var sitemapPaths: [SitePath] {
        pages.map(\.path).filter { $0.file == "index.html" }
    }

    /// The plan of `site`'s pages; the item pages' paths are made by `jobs` threads.
    init(site: LoadedSite, jobs: Int) throws(VitrineError) {
        // Typed as the property is: an array of unlabelled tuples was converted element by
        // element (a dynamic cast each) when assigned to it.
        var pages: [(path: SitePath, job: Job)] = [(.home, .home)]
        pages.reserveCapacity(site.items.count + site.items.count / 8 + site.pages.count + 16)
        for (index, gallery) in site.galleries.enumerated() {
            let count = Pagination(total: gallery.items.count, perPage: gallery.perPage).pageCount
            for page in 1...count {
                pages.append((.gallery(gallery.config.name, page: page), .gallery(index: index, page: page)))
            }
        }
        for (index, gallery) in site.galleries.enumerated() where gallery.changes != nil {
            pages.append((.changes(gallery.config.name), .changes(index: index)))
        }
        let favoritePages = Pagination(total: site.favorites.count, perPage: site.config.perPage).pageCount
        for page in 1...favoritePages {
            pages.append((.favorites(page: page), .favorites(page: page)))
        }
        for index in site.pages.indices {
            pages.append((.content(site.pages[index].name), .content(index: index)))
        }
        pages += Self.itemPages(site.items, jobs: jobs)
        for (index, gallery) in site.galleries.enumerated() where !gallery.items.isEmpty {
            pages.append((.filterIndex(gallery.config.name), .filterIndex(index: index)))
        }
        pages.append((.notFound, .notFound))
        // Both need absolute URLs: without `baseURL` they are not written (the build says so).
        // The feed also needs an entry: its `updated` would otherwise be a made-up date (no
        // wall clock in output), so a site without favorites has no feed.
        if site.config.baseURL != nil {
            pages.append((.sitemap, .sitemap))
            if !site.favorites.isEmpty { pages.append((.feed, .feed)) }
            for (index, gallery) in site.galleries.enumerated() where gallery.changes != nil {
                pages.append((.changesFeed(gallery.config.name), .changesFeed(index: index)))
            }
            for (index, gallery) in site.galleries.enumerated() where gallery.favorites != nil && !gallery.items.isEmpty {
                pages.append((.galleryFeed(gallery.config.name), .galleryFeed(index: index)))
            }
        }

        var seen: Set<SitePath> = []
        seen.reserveCapacity(pages.count)
        for (path, _) in pages where !seen.insert(path).inserted {
            throw VitrineError("plan pages: two pages would be written to \(path)", kind: .invalidInput)
        }
        self.pages = pages
        htmlPageCount = pages.count {
            if case .notFound = $0.job { return false }
            return $0.path.file == "index.html"
        }
    }

    /// Each item's detail page, in the items' order; a large site's paths are made by `jobs`
    /// threads, a run of items each (`parallelMap`).
    static func itemPages(_ items: [Item], jobs: Int) -> [(path: SitePath, job: Job)] {
        Array(items.indices).parallelMap(jobs: jobs) { (.item(items[$0].id), .item(index: $0)) }
    }
}
