import Foundation

extension BuildContext {
    /// `fetch`: searches run and snapshots written, id-only favorites looked up (`FetchStage`).
    mutating func fetch() async throws(VitrineError) {
        fetched = try await FetchStage(options: options, config: config, reader: reader, logger: logger, progress: progress).run(favorites: favorites)
        if Task.isCancelled { throw VitrineError.interrupted }
    }

    /// `storeFavorites`: favorites looked up by id stored in favorites.json. It is a cache for
    /// later builds: failing to store it (a read-only file) is worth a warning only.
    mutating func storeFavorites() {
        do throws(VitrineError) {
            storedItems = try FavoritesService(options: options, logger: logger).storeItems(
                fetched.resolved, stamps: fetched.stamps, replacing: fetched.refreshing, config: config)
        } catch {
            storedItemsWarning = "\(error.message); the favorites looked up by id were not stored"
        }
    }
}
