/// The pure step of the read phase: what `SiteReader` read becomes the site the pages are
/// planned from. No file is touched here; every error names the file it comes from.
extension LoadedSite {
    static func assemble(
        config: SiteConfig, galleries read: consuming [(GalleryConfig, SiteReader.GallerySource)], favorites favoritesFile: FavoritesFile,
        content: Content, resolved: [ItemID: Item], options: BuildOptions
    ) throws(VitrineError) -> LoadedSite {
        var warnings: [String] = []

        var galleries: [Gallery] = []
        for index in read.indices {
            let (gallery, source) = read[index]
            read[index].1.snapshot.items = []  // the copy below is the one kept: a large catalog is not held twice
            var snapshot = source.snapshot
            warnings += source.warnings
            for id in snapshot.invalidIDs {
                warnings.append("gallery '\(gallery.name)' (\(gallery.source.rawValue)): id \(id) not found\(gallery.country.map { " in the \($0) store" } ?? "")")
            }
            var seen: Set<ItemID> = []
            seen.reserveCapacity(min(snapshot.items.count, gallery.limit))
            var items: [Item] = []
            items.reserveCapacity(min(snapshot.items.count, gallery.limit))
            for item in snapshot.items where items.count < gallery.limit && seen.insert(item.id).inserted {
                items.append(item)
            }
            snapshot.items = []  // kept once, in `items`
            galleries.append(
                Gallery(
                    config: gallery, snapshot: snapshot, items: items, intro: content.intros[gallery.name],
                    perPage: gallery.perPage ?? config.perPage, columns: gallery.columns ?? config.columns
                ))
        }

        // Resolve favorites: their own snapshot first, else any gallery's copy.
        // Only favorites without their own snapshot are looked up (not every item: catalogs are large);
        // items fetched by id during this build come first.
        let wanted = Set(favoritesFile.unresolvedIDs)
        var known: [ItemID: Item] = resolved
        if !wanted.isEmpty {
            for gallery in galleries {
                for item in gallery.items where wanted.contains(item.id) && known[item.id] == nil { known[item.id] = item }
            }
        }
        let favoritesLabel = options.label(config.favorites.file)
        warnings += favoritesFile.warnings
        var favorites: [(Favorite, Item)] = []
        for favorite in favoritesFile.ordered(config.favorites.order) {
            guard let item = favorite.resolved(in: known) else {
                throw VitrineError(
                    file: favoritesLabel,
                    "'\(favorite.id)' has no \"item\" snapshot, no gallery snapshot holds it, and it could not be looked up\(options.fetch.mode == .offline ? " (--offline)" : "")",
                    kind: .missingInput)
            }
            favorites.append((favorite, item))
        }
        if favorites.count > config.favorites.limit {
            warnings.append("\(favoritesLabel): \(favorites.count) favorites, over the limit of \(config.favorites.limit)")
        }

        // Every item once, galleries first (config order), then favorites-only items.
        var items: [Item] = []
        var homeOf: [ItemID: (gallery: Int?, index: Int)] = [:]
        let count = galleries.reduce(favorites.count) { $0 + $1.items.count }
        items.reserveCapacity(count)
        homeOf.reserveCapacity(count)
        for (galleryIndex, gallery) in galleries.enumerated() {
            for (index, item) in gallery.items.enumerated() where homeOf[item.id] == nil {
                homeOf[item.id] = (galleryIndex, index)
                items.append(item)
            }
        }
        for (index, entry) in favorites.enumerated() where homeOf[entry.1.id] == nil {
            homeOf[entry.1.id] = (nil, index)
            items.append(entry.1)
        }

        return LoadedSite(
            config: config, galleries: galleries, favorites: favorites, home: content.home, pages: content.pages,
            items: items, homeOf: homeOf, favoriteIDs: Set(favorites.map { $0.0.id }), warnings: warnings
        )
    }

    /// A gallery's snapshot or catalog: there, in the current format, of the gallery's source;
    /// else the error that names the file.
    static func checked(_ gallery: GalleryConfig, _ source: SiteReader.GallerySource?, options: BuildOptions) throws(VitrineError) -> SiteReader.GallerySource {
        guard let source else {
            let path = gallery.inputPath
            throw gallery.source == .file
                ? VitrineError("gallery '\(gallery.name)' (file): no catalog at \(options.label(path))", kind: .missingInput)
                : VitrineError(
                    "gallery '\(gallery.name)' (\(gallery.source.rawValue)): no snapshot at \(options.label(path)), and this build does not fetch from the network",
                    kind: .missingInput)
        }
        guard source.snapshot.format == Snapshot.currentFormat else {
            throw VitrineError(file: source.label, "unknown snapshot format '\(source.snapshot.format)' (expected \(Snapshot.currentFormat))")
        }
        guard source.snapshot.source == gallery.source else {
            throw VitrineError(
                file: source.label,
                "snapshot is of source '\(source.snapshot.source.rawValue)' but gallery '\(gallery.name)' uses '\(gallery.source.rawValue)'")
        }
        if let wrong = source.snapshot.items.first(where: { $0.id.source != gallery.source }) {
            throw VitrineError(file: source.label, "item '\(wrong.id)' does not belong to source '\(gallery.source.rawValue)'")
        }
        return source
    }

    /// Content files sorted into the home page's text, gallery intros and pages of their own.
    struct Content {
        var home: ContentFile?
        var intros: [String: ContentFile] = [:]
        var pages: [ContentFile] = []

        /// Places one file; a page's name must be usable as a folder of the site.
        mutating func add(_ file: ContentFile, label: String, config: SiteConfig) throws(VitrineError) {
            if file.name == "index" {
                home = file
            } else if config.galleries.contains(where: { $0.name == file.name }) {
                intros[file.name] = file
            } else {
                guard SiteConfig.isValidName(file.name) else {
                    throw VitrineError(
                        file: label,
                        "'\(file.name)' cannot be a page name: use lower-case letters, digits and '-', and none of \(SiteConfig.reservedNames.sorted().joined(separator: ", "))")
                }
                pages.append(file)
            }
        }
    }
}
