import Foundation
import Logging

/// The network side of one command: transport, cache, retries and a client per source.
/// Made only when something must be fetched; `close()` releases connections.
struct FetchSession {
    let client: FetchClient
    let sources: SourceClients
    private let transport: any HTTPTransport

    init(options: BuildOptions, logger: Logger) {
        let fetch = options.fetch
        transport = fetch.transport ?? AsyncHTTPClientTransport(timeouts: fetch.timeouts)
        let cacheDirectory = fetch.cacheDirectory ?? options.site.appendingPathComponent(".vitrine-cache/http")
        client = FetchClient(
            transport: transport, cache: HTTPCache(directory: cacheDirectory, maxAge: fetch.cacheMaxAge),
            retry: fetch.retry, maxInFlight: fetch.concurrency, logger: logger,
            sleep: fetch.sleep ?? { try await Task.sleep(for: $0) }
        )
        sources = SourceClients(context: ClientContext(fetch: client, endpoints: fetch.endpoints, credentials: fetch.credentials))
    }

    func close() async {
        await transport.shutdown()
    }
}

/// Where an item can come from without a search: the gallery snapshots on disk.
enum SnapshotIndex {
    /// Every item of every configured gallery's snapshot (or catalog, for `file` galleries),
    /// first occurrence kept.
    static func items(site: URL, label: (String) -> String, config: SiteConfig) throws(VitrineError) -> [ItemID: Item] {
        var items: [ItemID: Item] = [:]
        for gallery in config.galleries {
            let relative = gallery.source == .file ? (gallery.path ?? "") : "data/\(gallery.name).json"
            guard !relative.isEmpty, let data = FileManager.default.contents(atPath: site.appendingPathComponent(relative).path) else { continue }
            let found =
                gallery.source == .file
                ? try CatalogFile.read(data, file: label(relative)).items
                : try Snapshot.read(data, file: label(relative)).snapshot.items
            for item in found where items[item.id] == nil {
                items[item.id] = item
            }
        }
        return items
    }
}
