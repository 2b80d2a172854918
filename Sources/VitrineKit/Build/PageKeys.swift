import Foundation

/// What each planned page is made from, as one digest: the build-wide inputs (vitrine
/// itself, site.yml, favorites, content, templates, API snapshots) and the page's own
/// inputs (its item and neighbours, or the items on a gallery page). A page whose key is
/// in the previous build's manifest is neither rendered nor written.
///
/// Pages that depend on everything (home, favorites, content pages, 404, sitemap, feed) get
/// no key: they are always rendered (there are few) and written only when their bytes differ.
struct PageKeys {
    /// Changed whenever the same inputs give different pages (vitrine's rendering changed,
    /// not only its templates, which keys carry anyway): else an output built by the binary
    /// before keeps its pages. `SiteBuildTests` holds the golden pages' digest for each salt.
    static let salt = "vitrine-page-keys/3"

    let global: StableHasher.Digest
    /// The digest of every gallery's items (`Item.digest`), made once (by `--jobs` threads for
    /// a large gallery): each item is on its own page and on a gallery page, and is hashed once
    /// for both.
    let galleryItems: [[StableHasher.Digest]]

    /// `inputs` are digests of the bytes the build actually read (`InputRecorder`): hashing
    /// the files again here could key pages by content they were not rendered from.
    init(site: LoadedSite, theme: Theme, options: BuildOptions, inputs: [String: StableHasher.Digest]) throws(VitrineError) {
        var hasher = StableHasher()
        hasher.combine(Self.salt)
        // vitrine itself, by version: keys (and the manifest in the output) stay identical across
        // machines and reinstalls, so CI artifacts of the same inputs are byte-identical.
        hasher.combine(VitrineVersion.current)
        hasher.combine(options.baseURL)
        hasher.combine(theme.fingerprint)
        // Every small input file; catalog galleries' files are keyed per item instead.
        var files = ["site.yml", site.config.favorites.file]
        files += site.config.galleries.filter { $0.source != .catalog }.map(\.inputPath)
        files += inputs.keys.filter { $0.hasPrefix("content/") }.sorted()
        // Change records (badges, order) only where there is one: a site without keeps its keys.
        files += site.config.galleries.filter { $0.source != .catalog }.map(ChangeRecord.path(of:)).filter { inputs[$0] != nil }
        for relative in files {
            hasher.combine(relative)
            if let digest = inputs[relative] {
                hasher.combine(digest)
            } else {
                hasher.combine("(none)")
            }
        }
        global = hasher.finalize()
        galleryItems = site.galleries.map { Self.digests($0.items, jobs: options.jobs) }
    }

    /// Each item's own digest, in order, made by `jobs` threads (`parallelMap`).
    static func digests(_ items: [Item], jobs: Int) -> [StableHasher.Digest] {
        items.parallelMap(jobs: jobs) { $0.digest }
    }

    /// The key of a page rendered from its own inputs, or nil for pages always rendered.
    func key(for job: PagePlan.Job, site: LoadedSite) -> StableHasher.Digest? {
        var hasher = StableHasher()
        hasher.combine(global)
        switch job {
        case .item(let index):
            let item = site.items[index]
            hasher.combine("item")
            let home = site.homeOf[item.id]
            // An item homed in a gallery is that gallery's item at its home position.
            if let home, let gallery = home.gallery, site.galleries[gallery].items[home.index].id == item.id {
                hasher.combine(galleryItems[gallery][home.index])
            } else {
                hasher.combine(item.digest)
            }
            guard let home else { return hasher.finalize() }
            hasher.combine(home.gallery)
            hasher.combine(home.index)
            // The two neighbours only: copying the favorites list here made n pages cost n².
            let neighbours = [home.index - 1, home.index + 1].compactMap { neighbour -> Item? in
                if let gallery = home.gallery {
                    let items = site.galleries[gallery].items
                    return items.indices.contains(neighbour) ? items[neighbour] : nil
                }
                return site.favorites.indices.contains(neighbour) ? site.favorites[neighbour].item : nil
            }
            for neighbour in neighbours {
                hasher.combine(neighbour.id.description)
                hasher.combine(neighbour.title)
            }
        case .gallery(let index, let page):
            let gallery = site.galleries[index]
            let pagination = Pagination(total: gallery.items.count, perPage: gallery.perPage)
            hasher.combine("gallery")
            hasher.combine(index)
            hasher.combine(page)
            hasher.combine(pagination.pageCount)
            hasher.combine(gallery.items.count)
            hasher.combine(gallery.snapshot.totalResults)
            let digests = galleryItems[index]
            if let first = digests.first { hasher.combine(first) }  // its image is every page's og:image
            for digest in digests[pagination.range(ofPage: page)] {
                hasher.combine(digest)
            }
        case .home, .favorites, .content, .notFound, .sitemap, .feed, .filterIndex, .changes, .changesFeed, .galleryFeed:
            return nil
        }
        return hasher.finalize()
    }
}

extension Item {
    /// The digest of every field that can reach a page.
    var digest: StableHasher.Digest {
        var hasher = StableHasher()
        digest(into: &hasher)
        return hasher.finalize()
    }

    /// Feeds every field that can reach a page into the hasher.
    func digest(into hasher: inout StableHasher) {
        hasher.combine(id.description)
        hasher.combine(title)
        hasher.combine(link)
        hasher.combine(image?.url)
        hasher.combine(image?.width)
        hasher.combine(image?.height)
        for rendition in image?.renditions ?? [] {
            hasher.combine(rendition.url)
            hasher.combine(rendition.width)
            hasher.combine(rendition.height)
        }
        switch details {
        case .entry(let entry)?:
            // Catalogs are large: their two fields are hashed directly.
            hasher.combine(entry.rating)
            hasher.combine(entry.text)
        case .gif?, .movie?, .book?, .app?:
            // API items are few (one search page each): their details go through the encoder.
            if let data = try? VitrineJSON.encoder().encode(Item(id: id, title: "", details: details)) {
                data.withUnsafeBytes { hasher.combine(bytes: $0) }
            } else {
                hasher.combine(UUID().uuidString)  // cannot encode: never matches, always re-rendered
            }
        case nil:
            break
        }
    }
}
