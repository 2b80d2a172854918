import Foundation

/// The pure step of the read phase: what `SiteReader` read becomes the site the pages are
/// planned from. No file is touched here; every error names the file it comes from.
extension LoadedSite {
    static func assemble(
        config: SiteConfig, galleries read: consuming [(GalleryConfig, SiteReader.GalleryFile)], favorites favoritesFile: FavoritesFile,
        content: Content, resolved: [ItemID: Item], unknown: Set<ItemID> = [], options: BuildOptions
    ) throws(VitrineError) -> LoadedSite {
        var warnings: [String] = []
        // Favorites are found by the one rule (`GalleryHoldings`): their own stored item, else a
        // copy any gallery's snapshot holds, whatever its limit; items fetched by id during
        // this build come first. Only favorites without their own stored item are looked for.
        let wanted = Set(favoritesFile.unresolvedIDs)
        var known: [ItemID: Item] = resolved
        var invalid: [String] = []
        // Stored copies past their API's terms (`StoredCopyAge`).
        var stale = StaleCopies()
        let now = options.now()

        // Every item once, galleries first (config order), then favorites-only items; each
        // item's home is the gallery it is first listed in. Items are not copied one by one:
        // a gallery without a repeated id or an item over its limit keeps its snapshot's
        // array, and the site's list starts as the first gallery's (docs/benchmark-notes.md,
        // "Build stages").
        var galleries: [Gallery] = []
        var items: [Item] = []
        var homeOf: [ItemID: (gallery: Int?, index: Int)] = [:]
        homeOf.reserveCapacity(read.reduce(favoritesFile.favorites.count) { $0 + min($1.1.snapshot.items.count, $1.0.limit) })
        for index in read.indices {
            let (gallery, file) = read[index]
            read[index].1.snapshot.items = []  // the copy below is the one kept: a large catalog is not held twice
            var snapshot = file.snapshot
            warnings += file.warnings
            for id in snapshot.invalidIDs {
                warnings.append("gallery '\(gallery.name)' (\(gallery.source.rawValue)): id \(id) not found\(gallery.country.map { " in the \($0) store" } ?? "")")
                invalid.append("'\(gallery.name)' \(id)")
            }
            stale.add(file.label, what: file.label, source: gallery.source, stamp: snapshot.stamp, now: now)
            var listed = snapshot.items
            if gallery.source == .catalog, !gallery.ids.isEmpty {
                // A catalog gallery of chosen entries: those ids, in that order.
                let chosen = inRequestedOrder(gallery.ids, found: listed)
                listed = chosen.items
                for id in chosen.missingIDs {
                    warnings.append("gallery '\(gallery.name)' (file): id \(id) is not in \(file.label)")
                    invalid.append("'\(gallery.name)' \(id)")
                }
            }
            if !wanted.isEmpty { GalleryHoldings.collect(listed, wanted: wanted, into: &known) }
            snapshot.items = []  // kept once, in the gallery's items
            let galleryItems = place(listed, limit: gallery.limit, gallery: galleries.count, homeOf: &homeOf, items: &items)
            galleries.append(
                Gallery(
                    config: gallery, snapshot: snapshot, items: galleryItems, intro: content.intros[gallery.name],
                    perPage: gallery.perPage ?? config.perPage, columns: gallery.columns ?? config.columns,
                    changes: file.changes, newIDs: Set(file.changes?.latestChange?.added.map(\.id) ?? [])
                ))
        }

        if options.fetch.strict, !invalid.isEmpty {
            throw VitrineError("ids their source does not know (--strict): \(invalid.joined(separator: ", "))", kind: .remote)
        }
        let favorites = try resolveFavorites(
            favoritesFile, config: config, known: known, resolved: resolved, unknown: unknown, options: options, now: now, stale: &stale, warnings: &warnings)

        // Favorites-only items come last, homed in the favorites list.
        for (index, entry) in favorites.enumerated() where homeOf[entry.1.id] == nil {
            homeOf[entry.1.id] = (nil, index)
            items.append(entry.1)
        }

        galleries += favoriteGalleries(
            config: config, favorites: favorites, fileOrder: Dictionary(favoritesFile.favorites.enumerated().map { ($1.id, $0) }) { first, _ in first },
            intros: content.intros)
        var site = LoadedSite(
            config: config, galleries: galleries, favorites: favorites, home: content.home, pages: content.pages,
            items: items, homeOf: homeOf, favoriteIDs: Set(favorites.map { $0.0.id }), warnings: warnings
        )
        for (favorite, _) in favorites where !favorite.owner.isEmpty { site.owners[favorite.id] = favorite.owner }
        return site
    }

    /// Places one gallery's listed items: a repeated id is left out (the first kept), up to
    /// `limit`; an item not homed in an earlier gallery is homed in this one (`gallery`, its
    /// number) and added to the site's `items`. Returns the gallery's items; the listed array
    /// itself when every item is kept.
    private static func place(
        _ listed: [Item], limit: Int, gallery number: Int, homeOf: inout [ItemID: (gallery: Int?, index: Int)], items: inout [Item]
    ) -> [Item] {
        // Positions in `listed` kept, and those whose home is this gallery.
        var kept: [Int] = []
        kept.reserveCapacity(min(listed.count, limit))
        var homedHere: [Int] = []
        var listedBefore: Set<ItemID> = []  // ids of this gallery homed in an earlier one
        for position in listed.indices where kept.count < limit {
            let id = listed[position].id
            if let home = homeOf[id] {
                if home.gallery == number || !listedBefore.insert(id).inserted { continue }
            } else {
                homeOf[id] = (number, kept.count)
                homedHere.append(kept.count)
            }
            kept.append(position)
        }
        let galleryItems = kept.count == listed.count ? listed : kept.map { listed[$0] }
        if items.isEmpty, homedHere.count == galleryItems.count {
            items = galleryItems
        } else {
            items.reserveCapacity(items.count + homedHere.count)
            for position in homedHere { items.append(galleryItems[position]) }
        }
        return galleryItems
    }

    /// The favorites as the site shows them, found by the one rule (`FavoritesResolution`):
    /// an unresolved favorite fails the build, as does (`--strict`) one its API does not know
    /// or a stored copy past its API's terms; otherwise each is a warning.
    private static func resolveFavorites(
        _ favoritesFile: FavoritesFile, config: SiteConfig, known: [ItemID: Item], resolved: [ItemID: Item], unknown: Set<ItemID>,
        options: BuildOptions, now: Date, stale: inout StaleCopies, warnings: inout [String]
    ) throws(VitrineError) -> [(Favorite, Item)] {
        let favoritesLabel = options.label(config.favorites.file)
        warnings += favoritesFile.warnings
        // A stored item looked up again during this build (`--refresh-stale`) is shown as fetched.
        var current = favoritesFile
        for index in current.favorites.indices where current.favorites[index].item != nil {
            if let fresh = resolved[current.favorites[index].id] { current.favorites[index].item = fresh }
        }
        let resolution = FavoritesResolution(current, order: config.favorites.order, known: known, unknownUpstream: unknown)
        if let error = resolution.unresolvedError(label: favoritesLabel, offline: options.fetch.mode == .offline) { throw error }
        if options.fetch.strict, let error = resolution.unknownError(label: favoritesLabel) { throw error }
        warnings += resolution.unknownWarnings(label: favoritesLabel)
        let favorites = resolution.favorites
        // A favorite's stored item; one looked up during this build is new.
        for favorite in favoritesFile.favorites where favorite.item != nil && resolved[favorite.id] == nil {
            stale.add("'\(favorite.id)'", what: "\(favoritesLabel): '\(favorite.id)'", source: favorite.id.source, stamp: favorite.stamp, now: now)
        }
        if options.fetch.strict, let error = stale.strictError { throw error }
        warnings += stale.warnings
        if favorites.count > config.favorites.limit {
            warnings.append("\(favoritesLabel): \(favorites.count) favorites, over the limit of \(config.favorites.limit)")
        }
        return favorites
    }

    /// A gallery's snapshot or catalog: there, in the current format, of the gallery's source;
    /// else the error that names the file.
    static func checked(_ gallery: GalleryConfig, _ file: SiteReader.GalleryFile?, options: BuildOptions) throws(VitrineError) -> SiteReader.GalleryFile {
        guard let file else {
            let path = gallery.inputPath
            throw gallery.source == .catalog
                ? VitrineError("gallery '\(gallery.name)' (file): no catalog at \(options.label(path))", kind: .missingInput)
                : VitrineError(
                    "gallery '\(gallery.name)' (\(gallery.source.rawValue)): no snapshot at \(options.label(path)), and this build does not fetch from the network",
                    kind: .missingInput)
        }
        guard file.snapshot.format == Snapshot.currentFormat else {
            throw VitrineError(file: file.label, "unknown snapshot format '\(file.snapshot.format)' (expected \(Snapshot.currentFormat))")
        }
        guard file.snapshot.source == gallery.source else {
            throw VitrineError(
                file: file.label,
                "snapshot is of source '\(file.snapshot.source.rawValue)' but gallery '\(gallery.name)' uses '\(gallery.source.rawValue)'")
        }
        // By position, not by copying each item out: a catalog has many.
        let items = file.snapshot.items
        for index in items.indices where items[index].id.source != gallery.source {
            throw VitrineError(file: file.label, "item '\(items[index].id)' does not belong to source '\(gallery.source.rawValue)'")
        }
        return file
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
            } else if config.galleries.contains(where: { $0.name == file.name }) || config.favoriteGalleries.contains(where: { $0.name == file.name }) {
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
