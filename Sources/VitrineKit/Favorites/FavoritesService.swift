import Foundation
import Logging

/// `vitrine favorites list|add|remove`: the favorites workflow over `FavoritesStore`.
public struct FavoritesService: Sendable {
    /// The site whose favorites file is read and changed, and how `add` looks items up.
    let options: BuildOptions
    let logger: Logger
    /// The clock for `addedAt`; a seam for tests.
    public var now: @Sendable () -> Date = { Date() }
    /// Test seam, passed to the store.
    var beforeRename: AtomicFile.BeforeRename?

    /// The favorites of `site`; `fetch` is how `add` looks up an item no gallery holds.
    public init(site: SiteLocation, fetch: FetchOptions = FetchOptions(mode: .offline), logger: Logger = Logger(label: "vitrine")) {
        self.init(options: BuildOptions(location: site, fetch: fetch), logger: logger)
    }

    /// The favorites of the site `options` names (tests set its seams).
    init(options: BuildOptions, logger: Logger = Logger(label: "vitrine")) {
        self.options = options
        self.logger = logger
    }

    /// One favorite as `vitrine favorites list` prints it.
    public struct Row: Sendable, Equatable {
        /// 1-based, in display order.
        public var position: Int
        /// `giphy:FiGiRei2ICzzG`.
        public var id: String
        /// The item kind: `gif`, `movie`, `book`, `app`, `entry`.
        public var kind: String
        /// The title from its stored item, or a note that it was not looked up yet.
        public var title: String
        /// When it was added, as stored.
        public var added: String
    }

    /// What `add` did.
    public enum AddOutcome: Sendable, Equatable {
        case added(title: String, count: Int, limit: Int)
        case alreadyThere(count: Int, limit: Int)
    }

    func context() throws(VitrineError) -> (SiteConfig, FavoritesStore) {
        let config = try SiteReader(options: options).config()
        var store = FavoritesStore(url: options.site.appendingPathComponent(config.favorites.file), label: options.label(config.favorites.file), jobs: options.jobs)
        _ = try DiskSiteFolder.fileExists(at: store.url, label: store.label)
        store.beforeRename = beforeRename
        return (config, store)
    }

    /// Favorites in display order, titled from their stored item or a gallery snapshot (no request).
    public func list() throws(VitrineError) -> [Row] {
        let (config, store) = try context()
        let favorites = try store.read().ordered(config.favorites.order)
        let known =
            favorites.contains { $0.item == nil }  // a gallery lookup only when one is needed
            ? try SiteReader(options: options).knownItems(config) : [:]
        return favorites.enumerated().map { index, favorite in
            let item = favorite.resolved(in: known)
            return Row(
                position: index + 1, id: favorite.id.description, kind: favorite.id.source.kind.rawValue,
                title: item?.title ?? "(not looked up yet)", added: favorite.addedAtText
            )
        }
    }

    /// Adds an item with a stored copy of it, from a gallery snapshot or the source's by-id
    /// endpoint, with the owner's fields `edit` gives. Refuses past the limit (nothing
    /// changes); an id already there is a no-op (`edit` changes its fields).
    public func add(_ text: String, _ edit: FavoriteEdit = FavoriteEdit()) async throws(VitrineError) -> AddOutcome {
        let id = try ItemID(typed: text)
        let fields = try edit.checked().applied(to: OwnerFields())
        let (config, store) = try context()
        let limit = config.favorites.limit
        let current = try store.read()
        if current.favorites.contains(where: { $0.id == id }) {
            return .alreadyThere(count: current.favorites.count, limit: limit)
        }
        guard current.favorites.count < limit else { throw Self.full(current.favorites.count, limit) }

        let (item, stamp) = try await resolve(id, config: config)
        let added = RFC3339.string(from: now())
        return try store.update { (file: inout FavoritesFile) throws(VitrineError) -> AddOutcome in
            // Re-checked under the lock: another process may have added meanwhile.
            if file.favorites.contains(where: { $0.id == id }) {
                return .alreadyThere(count: file.favorites.count, limit: limit)
            }
            guard file.favorites.count < limit else { throw Self.full(file.favorites.count, limit) }
            var favorite = Favorite(id: id, addedAtText: added, addedAt: RFC3339.date(from: added) ?? now(), item: item)
            favorite.stamp = stamp
            favorite.owner = fields
            file.favorites.append(favorite)
            return .added(title: item.title, count: file.favorites.count, limit: limit)
        }
    }

    /// The id `text` names, as `add` and `remove` read it (`tmdb:550` for
    /// `https://www.themoviedb.org/movie/550-fight-club` or `tmdb-550`).
    public static func id(_ text: String) throws(VitrineError) -> String {
        try ItemID(typed: text).description
    }

    /// How many favorites there are and how many the site allows (`vitrine serve`'s counter).
    public func count() throws(VitrineError) -> (count: Int, limit: Int) {
        let (config, store) = try context()
        return (try store.read().favorites.count, config.favorites.limit)
    }

    /// Removes an id; one that is not there is an error (nothing changes).
    public func remove(_ text: String) throws(VitrineError) -> (title: String?, count: Int, limit: Int) {
        let id = try ItemID(typed: text)
        let (config, store) = try context()
        return try store.update { (file: inout FavoritesFile) throws(VitrineError) -> (String?, Int, Int) in
            guard let index = file.favorites.firstIndex(where: { $0.id == id }) else {
                throw VitrineError("'\(id)' is not in \(store.label)", kind: .refused)
            }
            let removed = file.favorites.remove(at: index)
            return (removed.item?.title, file.favorites.count, config.favorites.limit)
        }
    }

    /// What a build stored in favorites.json.
    struct StoredItems {
        var url: URL
        var label: String
        var count: Int
    }

    /// Stores the items of favorites looked up by id during a build, so later builds need no
    /// request; the build's summary says so. Returns what was written, if anything.
    @discardableResult
    func storeItems(
        _ resolved: [ItemID: Item], stamps: [ItemID: FetchStamp] = [:], replacing: Set<ItemID> = [], config: SiteConfig
    ) throws(VitrineError) -> StoredItems? {
        guard !resolved.isEmpty else { return nil }
        let store = FavoritesStore(url: options.site.appendingPathComponent(config.favorites.file), label: options.label(config.favorites.file), jobs: options.jobs)
        let count = try store.update { (file: inout FavoritesFile) throws(VitrineError) -> Int in
            var count = 0
            // Id-only entries, and (`--refresh-stale`) stored items past their API's terms.
            for index in file.favorites.indices where file.favorites[index].item == nil || replacing.contains(file.favorites[index].id) {
                if let item = resolved[file.favorites[index].id] {
                    file.favorites[index].item = item
                    file.favorites[index].stamp = stamps[item.id]
                    count += 1
                }
            }
            return count
        }
        return count > 0 ? StoredItems(url: store.url, label: store.label, count: count) : nil
    }

    static func full(_ count: Int, _ limit: Int) -> VitrineError {
        VitrineError("favorites are full (\(count)/\(limit)): remove one first", kind: .refused)
    }

    /// The item and, when known, when it was fetched (`FetchStamp`): a gallery snapshot's
    /// time, or now for a lookup.
    private func resolve(_ id: ItemID, config: SiteConfig) async throws(VitrineError) -> (Item, FetchStamp?) {
        let reader = SiteReader(options: options)
        if let item = try reader.knownItems(config)[id] {
            for gallery in config.galleries {
                if let snapshot = try reader.gallery(gallery)?.snapshot, snapshot.items.contains(where: { $0.id == id }) {
                    return (item, snapshot.stamp)
                }
            }
            return (item, nil)
        }
        guard options.fetch.mode != .offline else {
            throw VitrineError("'\(id)' is in no gallery snapshot, and --offline forbids looking it up", kind: .missingInput)
        }
        let session = FetchSession(options: options, logger: logger)
        do {
            let scope = FetchScope("favorite '\(id)'")
            let item = try await scope.run { () async throws(VitrineError) in
                try await session.sources.item(id).checked().item
            }
            await session.close()
            return (item, FetchStamp(answers: scope.recorded, now: now()))
        } catch {
            await session.close()
            throw VitrineError("cannot add '\(id)': \(error.message)", kind: error.kind)
        }
    }
}

extension FavoritesService {
    /// For crash tests: after the new file is complete and before it is renamed into place,
    /// say so on stderr and wait, so a test can kill the process at that instant.
    public mutating func pauseBeforeRename(seconds: Double) {
        beforeRename = { temporary in
            FileHandle.standardError.write(Data("paused before rename: \(temporary.lastPathComponent)\n".utf8))
            Thread.sleep(forTimeInterval: seconds)
        }
    }
}
