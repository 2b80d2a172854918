import Foundation
import Logging
import Synchronization

/// The one reader that decodes a site's inputs: site.yml, favorites.json, content, gallery
/// snapshots and catalogs, for every command (`build`, `check`, `favorites`, `serve`). Within
/// one build each file is read and decoded once: the fetch stage, the favorites lookup and
/// the read phase share what it decoded.
///
/// It reads through a `SiteFolder` (the disk unless a test gives another) and hands every
/// file's bytes to the `InputRecorder`, so page keys describe exactly what was read. Turning
/// what was read into a `LoadedSite` is a separate, pure step (`LoadedSite.assemble`).
///
/// Two other readers touch these files on purpose: `FavoritesStore` re-reads favorites.json
/// under its lock before changing it, and `InputsDigest` hashes every input's bytes (without
/// decoding them) to learn whether anything changed.
final class SiteReader: Sendable {
    let options: BuildOptions
    let folder: any SiteFolder
    /// Digests of the bytes of every file read, for page keys (nil when nobody needs them).
    let recorder: InputRecorder?
    /// Snapshots and catalogs decoded so far, by kind of file and path relative to the site.
    private let decoded = Mutex<[String: Result<GalleryFile?, VitrineError>]>([:])
    /// Files read already, by path relative to the site (`offer`).
    private let offered = Mutex<[String: InputsDigest.Read]>([:])

    /// A gallery's file as read: its snapshot (`data/NAME.json`) or catalog file, and its items.
    struct GalleryFile: Sendable {
        var snapshot: Snapshot
        /// What the input policies left out or changed, one line each.
        var warnings: [String]
        /// The file as the user would name it.
        var label: String
        /// An API gallery's change record (`data/NAME.changes.json`), for its pages; nil
        /// when there is none (`withChanges`).
        var changes: ChangeRecord? = nil
    }

    init(options: BuildOptions, folder: (any SiteFolder)? = nil, recorder: InputRecorder? = nil) {
        self.options = options
        self.folder = folder ?? options.siteFolder ?? DiskSiteFolder(root: options.site, label: { [options] in options.label($0) })
        self.recorder = recorder
    }

    /// The one way a file is read; its digest goes to the recorder. A file offered
    /// (`offer`) is taken as offered, once.
    func read(_ relative: String) throws(VitrineError) -> Data? {
        if let read = offered.withLock({ $0.removeValue(forKey: relative) }) {
            recorder?.record(relative, read.bytes, digest: read.digest)
            return read.bytes
        }
        guard let data = try folder.read(relative) else { return nil }
        recorder?.record(relative, data)
        return data
    }

    /// Files `InputsDigest.current` read from the site folder on disk, to parse instead of
    /// reading them again; ignored when the site is read from elsewhere, and for a catalog or
    /// snapshot this reader holds decoded already (searched for a favorite before the fetch,
    /// or written by it): that one is never read again, and its bytes would only be held.
    func offer(_ files: [String: InputsDigest.Read]) {
        guard let disk = folder as? DiskSiteFolder, disk.root.standardizedFileURL == options.site.standardizedFileURL else { return }
        let held = Set(decoded.withLock { $0.keys })
        // Content is read again, through the folder's check of where its links lead.
        let unread = files.filter {
            !held.contains("catalog \($0.key)") && !held.contains("snapshot \($0.key)") && !$0.key.hasPrefix(SiteBounds.content + "/")
        }
        offered.withLock { $0.merge(unread) { _, new in new } }
    }

    /// The paths offered and not taken yet.
    var offeredPaths: [String] {
        offered.withLock { $0.keys.sorted() }
    }

    private func text(_ data: Data, _ relative: String) throws(VitrineError) -> String {
        try UserText.decode(data, file: options.label(relative))
    }

    // MARK: site.yml and favorites

    /// site.yml, with `--base-url` applied.
    func config() throws(VitrineError) -> SiteConfig {
        guard folder.exists else { throw VitrineError("\(options.siteLabel): no such site folder", kind: .missingInput) }
        guard let data = try read("site.yml") else {
            throw VitrineError("\(options.label("site.yml")): not found; is '\(options.siteLabel)' a vitrine site?", kind: .missingInput)
        }
        var config = try SiteConfig.parse(try text(data, "site.yml"), file: options.label("site.yml"))
        if let baseURL = options.baseURL {
            config.baseURL = try SiteConfig.checkedBaseURL(baseURL, name: "--base-url")
        }
        return config
    }

    /// favorites.json (or the file site.yml names); no file means no favorites yet.
    func favorites(_ config: SiteConfig) throws(VitrineError) -> FavoritesFile {
        guard let data = try read(config.favorites.file) else { return FavoritesFile(favorites: []) }
        return try FavoritesFile.parse(data, file: options.label(config.favorites.file), jobs: options.jobs)
    }

    // MARK: Snapshots and catalogs

    /// A gallery's snapshot or catalog, decoded once and kept for the next caller; nil when
    /// the file is not there. `keep: false` hands it over and forgets it (the read phase's
    /// last use: a large catalog is not held twice).
    func gallery(_ gallery: GalleryConfig, keep: Bool = true) throws(VitrineError) -> GalleryFile? {
        let relative = gallery.inputPath
        guard !relative.isEmpty else { return nil }
        let key = Self.cacheKey(gallery)
        if let cached = decoded.withLock({ keep ? $0[key] : $0.removeValue(forKey: key) }) { return try cached.get() }
        let result = Result { () throws(VitrineError) in try decode(relative, source: gallery.source, name: gallery.name) }
        guard keep else { return try result.get() }
        // Two callers at once: the first decode stored (or a fresh snapshot `replace` stored) wins.
        return try decoded.withLock { cache in
            if let stored = cache[key] { return stored }
            cache[key] = result
            return result
        }.get()
    }

    private func decode(_ relative: String, source: Source, name: String) throws(VitrineError) -> GalleryFile? {
        let label = options.label(relative)
        guard let data = try read(relative) else { return nil }
        if source == .catalog {
            let (items, warnings) = try CatalogFile.read(data, file: label, cache: CatalogCache.location(site: options.site, relative: relative), jobs: options.jobs)
            let snapshot = Snapshot(gallery: name, source: .catalog, query: relative, totalResults: items.count, items: items)
            return GalleryFile(snapshot: snapshot, warnings: warnings, label: label)
        }
        let (snapshot, warnings) = try Snapshot.read(data, file: label, jobs: options.jobs)
        return GalleryFile(snapshot: snapshot, warnings: warnings, label: label)
    }

    /// A `file` gallery's catalog and an API gallery's snapshot never share an entry, even at
    /// the same path.
    /// `catalog PATH` or `snapshot PATH` (`offer` looks them up by path).
    private static func cacheKey(_ gallery: GalleryConfig) -> String {
        "\(gallery.source == .catalog ? "catalog" : "snapshot") \(gallery.inputPath)"
    }

    /// The fetch stage wrote a fresh snapshot: later readers get it without reading it back.
    func replace(_ gallery: GalleryConfig, with snapshot: Snapshot, bytes: Data) {
        let relative = gallery.inputPath
        recorder?.record(relative, bytes)
        let file = GalleryFile(snapshot: snapshot, warnings: [], label: options.label(relative))
        decoded.withLock { $0[Self.cacheKey(gallery)] = .success(file) }
    }

    /// Every item of every gallery's snapshot or catalog, whatever the gallery's limit, first
    /// occurrence kept: where a favorite that names only an id is found without a request
    /// (`GalleryHoldings`, the one rule).
    func knownItems(_ config: SiteConfig) throws(VitrineError) -> [ItemID: Item] {
        var items: [ItemID: Item] = [:]
        for gallery in config.galleries {
            GalleryHoldings.collect(try self.gallery(gallery)?.snapshot.items ?? [], wanted: nil, into: &items)
        }
        return items
    }

    // MARK: Content

    /// `content/*.md` in name order, each parsed and placed (home text, gallery intro, page)
    /// as it is read: the first bad file is the one reported.
    func content(_ config: SiteConfig) throws(VitrineError) -> LoadedSite.Content {
        var content = LoadedSite.Content()
        for fileName in try folder.names(in: "content") ?? [] where fileName.hasSuffix(".md") {
            let name = String(fileName.dropLast(3))
            let relative = "content/\(fileName)"
            guard let data = try read(relative) else { continue }
            let file = try ContentFile.parse(try text(data, relative), name: name, file: options.label(relative))
            try content.add(file, label: options.label(relative), config: config)
        }
        content.pages.sort { ($0.weight, $0.name) < ($1.weight, $1.name) }
        return content
    }

    // MARK: The read phase

    /// Everything the render stage needs: every input read (or taken from what the fetch
    /// stage decoded), then assembled. `resolved` holds items looked up by id for favorites.
    func read(
        config: SiteConfig, favorites: FavoritesFile, resolved: [ItemID: Item] = [:], unknown: Set<ItemID> = [], logger: Logger
    ) throws(VitrineError) -> LoadedSite {
        let content = try content(config)
        // Each gallery read and checked in config order: the first bad one is the one reported.
        var galleries: [(GalleryConfig, GalleryFile)] = []
        for gallery in config.galleries {
            galleries.append((gallery, withChanges(gallery, try LoadedSite.checked(gallery, try self.gallery(gallery, keep: false), options: options))))
        }
        let site = try LoadedSite.assemble(
            config: config, galleries: consume galleries, favorites: favorites, content: content, resolved: resolved, unknown: unknown,
            options: options
        )
        for gallery in site.galleries where gallery.favorites == nil {
            logger.info("read snapshots: '\(gallery.config.name)' \(Format.count(gallery.items.count, "item", "items"))")
        }
        return site
    }
}
