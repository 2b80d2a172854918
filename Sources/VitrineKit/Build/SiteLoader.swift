import Foundation
import Logging

/// The read phase: config, favorites, snapshots and content, validated together.
struct SiteLoader {
    let options: BuildOptions
    let logger: Logger
    /// Digests of the bytes of every file read, for page keys (nil when nobody needs them).
    var recorder: InputRecorder?

    /// The read phase after fetching: `resolved` holds items looked up by id for favorites.
    func load(config: SiteConfig, favorites favoritesFile: FavoritesFile, resolved: [ItemID: Item] = [:]) throws(VitrineError) -> LoadedSite {
        let content = try loadContent(config)
        var warnings: [String] = []

        var galleries: [LoadedSite.Gallery] = []
        for gallery in config.galleries {
            let loaded = try loadSnapshot(gallery)
            var snapshot = loaded.snapshot
            warnings += loaded.warnings
            for id in snapshot.invalidIDs {
                warnings.append("gallery '\(gallery.name)' (\(gallery.source.rawValue)): id \(id) not found\(gallery.country.map { " in the \($0) store" } ?? "")")
            }
            var seen: Set<ItemID> = []
            var items: [Item] = []
            items.reserveCapacity(min(snapshot.items.count, gallery.limit))
            for item in snapshot.items where items.count < gallery.limit && seen.insert(item.id).inserted {
                items.append(item)
            }
            snapshot.items = []  // kept once, in `items`: a large catalog is not held twice
            galleries.append(
                LoadedSite.Gallery(
                    config: gallery, snapshot: snapshot, items: items, intro: content.intros[gallery.name],
                    perPage: gallery.perPage ?? config.perPage, columns: gallery.columns ?? config.columns
                ))
            logger.info("read snapshots: '\(gallery.name)' \(Format.count(items.count, "item", "items"))")
        }

        // Resolve favorites: their own snapshot first, else any gallery's copy.
        // Only favorites without their own snapshot are looked up (not every item: catalogs are large);
        // items fetched by id during this build come first.
        let wanted = Set(favoritesFile.favorites.filter { $0.item == nil }.map(\.id))
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
            guard let item = favorite.item ?? known[favorite.id] else {
                throw VitrineError(
                    file: favoritesLabel,
                    "'\(favorite.id)' has no \"item\" snapshot, no gallery snapshot holds it, and it could not be looked up\(options.fetch.mode == .offline ? " (--offline)" : "")")
            }
            favorites.append((favorite, item))
        }
        if favorites.count > config.favorites.limit {
            warnings.append("\(favoritesLabel): \(favorites.count) favorites, over the limit of \(config.favorites.limit)")
        }

        // Every item once, galleries first (config order), then favorites-only items.
        var items: [Item] = []
        var homeOf: [ItemID: (gallery: Int?, index: Int)] = [:]
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

    /// The one way the read phase reads a file; its digest goes to the recorder.
    private func read(_ relative: String, record: Bool = true) throws(VitrineError) -> Data? {
        let url = options.site.appendingPathComponent(relative)
        guard try Self.fileExists(at: url, label: options.label(relative)) else { return nil }
        do {
            let data = try Data(contentsOf: url)
            if record { recorder?.record(relative, data) }
            return data
        } catch {
            throw VitrineError(file: options.label(relative), "cannot read: \(error.localizedDescription)")
        }
    }

    /// Whether an input file is there; a folder in its place is an error that says so
    /// (Foundation's own is `NSCocoaErrorDomain error 256`).
    static func fileExists(at url: URL, label: String) throws(VitrineError) -> Bool {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return false }
        guard !isDirectory.boolValue else { throw VitrineError(file: label, "is a folder; a file was expected here") }
        return true
    }

    private func text(_ data: Data, _ relative: String) throws(VitrineError) -> String {
        guard let text = String(data: data, encoding: .utf8) else {
            throw VitrineError(file: options.label(relative), "not valid UTF-8 text")
        }
        return text
    }

    /// site.yml, with `--base-url` applied.
    func loadConfig() throws(VitrineError) -> SiteConfig {
        var config = try readConfig()
        if let baseURL = options.baseURL {
            guard let safe = SafeURL.check(baseURL), SafeURL.scheme(of: safe) != nil else {
                throw VitrineError("--base-url must be an absolute http or https URL, got '\(baseURL)'")
            }
            config.baseURL = safe.hasSuffix("/") ? safe : safe + "/"
        }
        return config
    }

    private func readConfig() throws(VitrineError) -> SiteConfig {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: options.site.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw VitrineError("\(options.siteLabel): no such site folder")
        }
        guard let data = try read("site.yml") else {
            throw VitrineError("\(options.label("site.yml")): not found; is '\(options.siteLabel)' a vitrine site?")
        }
        return try SiteConfig.parse(try text(data, "site.yml"), file: options.label("site.yml"))
    }

    func loadFavorites(_ config: SiteConfig) throws(VitrineError) -> FavoritesFile {
        guard let data = try read(config.favorites.file) else { return FavoritesFile(favorites: []) }
        return try FavoritesFile.parse(data, file: options.label(config.favorites.file))
    }

    /// A gallery's snapshot (or catalog) and the warnings of the input policies.
    func loadSnapshot(_ gallery: GalleryConfig) throws(VitrineError) -> (snapshot: Snapshot, warnings: [String]) {
        if gallery.source == .file, let path = gallery.path {
            return try loadCatalog(gallery, path: path)
        }
        let relative = "data/\(gallery.name).json"
        let label = options.label(relative)
        guard let data = try read(relative) else {
            throw VitrineError("gallery '\(gallery.name)' (\(gallery.source.rawValue)): no snapshot at \(label), and this build does not fetch from the network")
        }
        let (snapshot, warnings) = try Snapshot.read(data, file: label)
        guard snapshot.format == Snapshot.currentFormat else {
            throw VitrineError(file: label, "unknown snapshot format '\(snapshot.format)' (expected \(Snapshot.currentFormat))")
        }
        guard snapshot.source == gallery.source else {
            throw VitrineError(file: label, "snapshot is of source '\(snapshot.source.rawValue)' but gallery '\(gallery.name)' uses '\(gallery.source.rawValue)'")
        }
        if let wrong = snapshot.items.first(where: { $0.id.source != gallery.source }) {
            throw VitrineError(file: label, "item '\(wrong.id)' does not belong to source '\(gallery.source.rawValue)'")
        }
        return (snapshot, warnings)
    }

    /// A file gallery's items come from its catalog file, not from a snapshot in `data/`.
    func loadCatalog(_ gallery: GalleryConfig, path: String) throws(VitrineError) -> (snapshot: Snapshot, warnings: [String]) {
        let label = options.label(path)
        guard let data = try read(path) else {
            throw VitrineError("gallery '\(gallery.name)' (file): no catalog at \(label)")
        }
        let (items, warnings) = try CatalogFile.read(data, file: label)
        return (Snapshot(gallery: gallery.name, source: .file, query: path, totalResults: items.count, items: items), warnings)
    }

    struct Content {
        var home: ContentFile?
        var intros: [String: ContentFile] = [:]
        var pages: [ContentFile] = []
    }

    func loadContent(_ config: SiteConfig) throws(VitrineError) -> Content {
        let folder = options.site.appendingPathComponent("content")
        guard FileManager.default.fileExists(atPath: folder.path) else { return Content() }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".md") }.sorted()
        } catch {
            throw VitrineError(file: options.label("content"), "cannot list: \(error.localizedDescription)")
        }
        let galleryNames = Set(config.galleries.map(\.name))
        var content = Content()
        for fileName in names {
            let name = String(fileName.dropLast(3))
            let relative = "content/\(fileName)"
            guard let data = try read(relative) else { continue }
            let file = try ContentFile.parse(try text(data, relative), name: name, file: options.label(relative))
            if name == "index" {
                content.home = file
            } else if galleryNames.contains(name) {
                content.intros[name] = file
            } else {
                guard SiteConfig.isValidName(name) else {
                    throw VitrineError(
                        file: options.label(relative),
                        "'\(name)' cannot be a page name: use lower-case letters, digits and '-', and none of \(SiteConfig.reservedNames.sorted().joined(separator: ", "))")
                }
                content.pages.append(file)
            }
        }
        content.pages.sort { ($0.weight, $0.name) < ($1.weight, $1.name) }
        return content
    }
}
