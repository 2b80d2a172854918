import Foundation

/// Galleries of chosen items (`ids:`), and id-only favorites: items looked up through each
/// source's by-id endpoint — batched where the API allows (GIPHY `/v1/gifs?ids=`, the App
/// Store lookup), else one request per id a few at a time — through the same fetch client,
/// HTTP cache, retries and rate-limit handling as searches. An id the API does not know is
/// not an error here: it comes back in `missingIDs`, and the caller warns about each.
extension SourceClient {
    /// A chosen-items gallery: its ids up to its limit, in the order given.
    func chosen(_ gallery: GalleryConfig, language: String) async throws(VitrineError) -> SearchResult {
        try await lookup(Array(gallery.ids.prefix(gallery.limit)), country: gallery.country, language: language)
    }
}

/// Requests in flight at once for the sources with one request per id.
let lookupConcurrency = 4

/// `found` (in any order, possibly with repeats) as the result of looking up `ids`: in the
/// order of `ids`, and every id not found named in `missingIDs`.
func inRequestedOrder(_ ids: [String], found: [Item]) -> SearchResult {
    var byValue: [String: Item] = [:]
    for item in found where byValue[item.id.value] == nil { byValue[item.id.value] = item }
    let items = ids.compactMap { byValue[$0] }
    let missing = ids.filter { byValue[$0] == nil }
    return SearchResult(items: items, totalResults: items.count, missingIDs: missing)
}

/// Runs `one` for every id, at most `concurrency` at a time; nil from `one` is an id the API
/// does not know. The first failure (in the order of `ids`) is thrown.
func lookupEach(
    _ ids: [String], concurrency: Int = lookupConcurrency, _ one: @escaping @Sendable (String) async throws(VitrineError) -> Item?
) async throws(VitrineError) -> SearchResult {
    var found: [Item] = []
    var failures: [(Int, VitrineError)] = []
    await withTaskGroup(of: (Int, Result<Item?, VitrineError>).self) { group in
        var next = 0
        var done = 0
        while next < ids.count || !group.isEmpty {
            while next < ids.count, next < done + concurrency, failures.isEmpty {
                let index = next
                let id = ids[index]
                group.addTask {
                    do throws(VitrineError) {
                        return (index, .success(try await one(id)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
                next += 1
            }
            guard let (index, result) = await group.next() else { break }
            done += 1
            switch result {
            case .success(let item): if let item { found.append(item) }
            case .failure(let error): failures.append((index, error))
            }
            if !failures.isEmpty { next = ids.count }
        }
    }
    if let first = failures.min(by: { $0.0 < $1.0 }) { throw first.1 }
    return inRequestedOrder(ids, found: found)
}
