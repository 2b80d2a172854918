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
        if fetch.diskCache { HTTPCache.removeLeftovers(in: cacheDirectory) }
        client = FetchClient(
            transport: transport, cache: fetch.diskCache ? HTTPCache(directory: cacheDirectory, maxAge: fetch.cacheMaxAge) : nil,
            retry: fetch.retry, maxInFlight: fetch.concurrency, logger: logger,
            sleep: fetch.sleep ?? { try await Task.sleep(for: $0) }
        )
        sources = SourceClients(context: ClientContext(fetch: client, endpoints: fetch.endpoints, credentials: fetch.credentials))
    }

    func close() async {
        await transport.shutdown()
    }
}
