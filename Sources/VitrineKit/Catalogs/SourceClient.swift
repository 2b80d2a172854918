import Foundation

/// Runs a gallery's search (with paging inside the API's limits) and looks items up by id.
protocol SourceClient: Sendable {
    func search(_ gallery: GalleryConfig, language: String) async throws(VitrineError) -> SearchResult
    func item(_ id: ItemID) async throws(VitrineError) -> Item
    /// Items by id, in the order given; ids the API does not know are `missingIDs`
    /// (`ChosenItems.swift`).
    func lookup(_ ids: [String], country: String?, language: String?) async throws(VitrineError) -> SearchResult
    /// One page for the search page (`SearchRequest`): `size` results from `start`, inside the
    /// API's paging limits.
    func page(_ request: SearchRequest, size: Int, start: Int, language: String) async throws(VitrineError) -> SearchAnswer
}

struct SearchResult: Sendable {
    var items: [Item]
    var totalResults: Int
    var missingIDs: [String] = []
}

/// What every client shares: the fetch client, endpoints and keys.
struct ClientContext: Sendable {
    let fetch: FetchClient
    let endpoints: APIEndpoints
    let credentials: APICredentials

    /// GETs and decodes; a failed request is described with the API's own error message,
    /// which `decodeError` extracts from the response body.
    func get<T>(
        _ request: HTTPRequest, decode: (Data) throws(VitrineError) -> T, decodeError: (Data) throws(VitrineError) -> Void
    ) async throws(VitrineError) -> T {
        // Never nil: a 404 is an error here.
        guard let value = try await get(request, notFoundIsNil: false, decode: decode, decodeError: decodeError) else {
            throw VitrineError("no answer", kind: .remote)
        }
        return value
    }

    /// `get` for a by-id endpoint: nil when the API answers 404 (it does not know the id).
    func getUnlessNotFound<T>(
        _ request: HTTPRequest, decode: (Data) throws(VitrineError) -> T, decodeError: (Data) throws(VitrineError) -> Void
    ) async throws(VitrineError) -> T? {
        try await get(request, notFoundIsNil: true, decode: decode, decodeError: decodeError)
    }

    private func get<T>(
        _ request: HTTPRequest, notFoundIsNil: Bool, decode: (Data) throws(VitrineError) -> T, decodeError: (Data) throws(VitrineError) -> Void
    ) async throws(VitrineError) -> T? {
        let fetched: FetchClient.Fetched
        do {
            fetched = try await fetch.get(request)
        } catch {
            if error.interrupted { throw VitrineError.interrupted }
            if notFoundIsNil, error.status == 404 { return nil }
            var message = error.message
            if error.attempts > 1 { message += " after \(error.attempts) attempts" }
            if let body = error.body {
                do {
                    try decodeError(body)
                } catch let apiError where apiError.location == nil {
                    // The API's own words; a body that is not JSON at all (a proxy's HTML page, an
                    // error located in the "response") adds nothing.
                    message += ": " + (APIError.said(in: apiError) ?? apiError.message)
                } catch {}
            }
            let problem: APIError.Problem =
                if let status = error.status { .status(status, retryAt: error.retryAt) } else if error.unreachable { .unreachable } else { .request }
            throw VitrineError(scrub(message, request), kind: .remote).caused(by: APIError(problem: problem))
        }
        // An answer that carries a key (an API echoing the request into a field) would put it
        // into a snapshot, favorites.json and a page: refused whole, from the network or the cache.
        if Secrets.appear(in: fetched.body, request.secrets + credentials.all) {
            throw VitrineError(scrub("the answer from \(request.hostAndPort) contains the API key; refused, nothing was stored", request), kind: .remote)
        }
        let value: T
        do {
            value = try decode(fetched.body)
        } catch {
            var unusable = VitrineError(scrub(APIError.said(in: error) ?? error.message, request), kind: .remote)
            // The cause keeps the API's own words: scrubbed too, so no later reader of it can
            // show a key the answer echoed.
            unusable.cause = error.cause
            if var cause = error.cause as? APIError, case .answer(let said) = cause.problem {
                cause.problem = .answer(scrub(said, request))
                unusable.cause = cause
            }
            throw unusable
        }
        // Only an answer that decoded is kept: an HTML error page, an empty body or GIPHY's
        // synthetic response, even with status 200, is asked for again next time.
        if let response = fetched.fresh { await fetch.remember(response, for: request) }
        return value
    }

    /// A by-id decoder that refuses an answer about another item, so that such an answer
    /// fails before the HTTP cache keeps it.
    static func answering(
        _ id: ItemID, _ decode: @escaping (Data) throws(VitrineError) -> Item
    ) -> (Data) throws(VitrineError) -> Item {
        { data throws(VitrineError) in
            let item = try decode(data)
            guard item.id == id else { throw anotherItem(id, item.id) }
            return item
        }
    }

    static func anotherItem(_ asked: ItemID, _ answered: ItemID) -> VitrineError {
        VitrineError("\(asked.source.label) answered with another item, '\(answered)'; nothing was stored", kind: .remote)
    }

    func scrub(_ text: String, _ request: HTTPRequest) -> String {
        Secrets.scrub(text, request.secrets + credentials.all)
    }

    /// `GIPHY_API_KEY is not set`: the key the source's descriptor names.
    func missingKey(_ source: Source) -> VitrineError {
        let variable = source.keyVariable ?? "the API key"
        return VitrineError("\(variable) is not set", kind: .usage).caused(by: APIError(source: source, problem: .noKey(variable: variable)))
    }
}

/// Dedupes items by id, keeping the first; APIs repeat items across pages.
struct ItemAccumulator {
    private(set) var items: [Item] = []
    private var seen: Set<ItemID> = []

    mutating func append(_ new: [Item], upTo limit: Int) {
        for item in new where items.count < limit && seen.insert(item.id).inserted {
            items.append(item)
        }
    }
}

/// One client per API over a shared context, each made by its descriptor (`makeClient`).
struct SourceClients: Sendable {
    let context: ClientContext
    private let clients: [Source: any SourceClient]

    init(context: ClientContext) {
        self.context = context
        clients = Dictionary(uniqueKeysWithValues: APIDescriptor.all.map { ($0.source, $0.makeClient(context)) })
    }

    /// The API client of a source; a catalog file has none.
    func client(for source: Source) throws(VitrineError) -> any SourceClient {
        guard let client = clients[source] else {
            throw VitrineError("'\(source.idPrefix)' items come from their catalog, not from an API", kind: .usage)
        }
        return client
    }

    /// Looks an item up by id, and refuses an answer about another item: stored as this
    /// id's stored item, it would leave a favorites file no later command can read. (The
    /// single-item endpoints refuse it while decoding, so it is not cached either:
    /// `ClientContext.answering`.)
    func item(_ id: ItemID) async throws(VitrineError) -> Item {
        let item = try await client(for: id.source).item(id)
        guard item.id == id else { throw ClientContext.anotherItem(id, item.id) }
        return item
    }
}
