import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// 10,000 favorites, each with its own snapshot, so each has a favorites-only item page.
/// Every item page (its model and its incremental-build key) used to copy the whole
/// favorites list (n² steps: 109 s for 10,000); now one page reads its two neighbours. Not a timed test: the time limit only stops a
/// quadratic regression from running for minutes. (Measured by hand in release mode, see
/// README "Benchmark".)
@Suite("hostile input: many favorites")
struct ManyFavoritesTests {
    static func site(favorites count: Int) throws -> URL {
        let site = try TestSupport.temporaryDirectory().appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Data("title: Many favorites\nfavorites:\n  limit: \(count)\n".utf8).write(to: site.appendingPathComponent("site.yml"))
        var entries: [Favorite] = []
        entries.reserveCapacity(count)
        for index in 0..<count {
            let id = ItemID(source: .tmdb, value: String(index))
            let item = Item(
                id: id, title: "Movie \(index)", image: Picture(url: "https://image.tmdb.org/t/p/w342/\(index).jpg", width: 342, height: 513),
                details: .movie(MovieDetails(voteAverage: Double(index % 100) / 10)))
            let second = String(index % 60).leftPadded(to: 2)
            let minute = String(index / 60 % 60).leftPadded(to: 2)
            let stamp = "2026-11-\(10 + index / 3600 % 10)T00:\(minute):\(second)Z"
            entries.append(Favorite(id: id, addedAtText: stamp, addedAt: RFC3339.date(from: stamp)!, item: item))
        }
        try FavoritesFile(favorites: entries).encoded().write(to: site.appendingPathComponent("favorites.json"))
        return site
    }

    @Test(.timeLimit(.minutes(1)))
    func tenThousandFavoritesGiveTenThousandItemPagesInLinearTime() async throws {
        let count = 10_000
        // Off the cooperative pool: about three seconds of synchronous work in a debug build.
        let result = try await TestSupport.offPool { try Self.itemPages(favorites: count) }
        #expect(result.items == count)
        #expect(result.links == 2 * (count - 1))
        #expect(result.keys == count, "every item page has its own key")
        #expect(result.firstBack == "Favorites")
    }

    /// Every item page's model and key: how many items, prev/next links and distinct keys.
    static func itemPages(favorites count: Int) throws -> (items: Int, links: Int, keys: Int, firstBack: String?) {
        let site = try site(favorites: count)
        let options = BuildOptions(site: site, siteLabel: "site", jobs: 2)
        let reader = SiteReader(options: options)
        let config = try reader.config()
        let loaded = try reader.read(config: config, favorites: try reader.favorites(config), logger: .init(label: "test"))
        let factory = PageFactory(site: loaded)
        let keys = try PageKeys(site: loaded, theme: try Theme.load(overrides: nil, overridesLabel: "templates"), options: options, inputs: [:])
        var links = 0
        var keyed = Set<StableHasher.Digest>()
        for index in loaded.items.indices {
            let page = factory.itemPage(index)
            links += (page.prev == nil ? 0 : 1) + (page.next == nil ? 0 : 1)
            if let key = keys.key(for: .item(index: index), site: loaded) { keyed.insert(key) }
        }
        return (loaded.items.count, links, keyed.count, factory.itemPage(0).back?.title)
    }
}
