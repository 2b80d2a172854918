import Foundation

/// A gallery's normalized search result as saved in `SITE/data/<gallery>.json`.
///
/// Deterministic: sorted keys, items in API order. `fetchedAt` and `cacheMaxAge` (absent in
/// snapshots written before vitrine recorded them) say how old the copy is, for the APIs' terms.
struct Snapshot: Codable, Sendable, Equatable {
    static let currentFormat = "vitrine-snapshot/1"

    var format: String
    var gallery: String
    var source: Source
    /// The query or list the items answer (`cats`, `popular`, `ids 872469884,1`).
    var query: String?
    /// The API's own total (an estimate for Google Books); at least `items.count`.
    var totalResults: Int
    var items: [Item]
    /// Ids the API did not know (App Store lookups with no result), reported by the build.
    var invalidIDs: [String]
    /// When the API answered (RFC 3339); nil in older snapshots and in catalogs.
    var fetchedAt: String?
    /// Seconds the answers' cache header allowed keeping them; nil when none said.
    var cacheMaxAge: Int?

    /// The snapshot's fetch time and allowed age, when it records them.
    var stamp: FetchStamp? {
        fetchedAt.map { FetchStamp(fetchedAt: $0, cacheMaxAge: cacheMaxAge) }
    }

    init(gallery: String, source: Source, query: String?, totalResults: Int, items: [Item], invalidIDs: [String] = []) {
        self.format = Self.currentFormat
        self.gallery = gallery
        self.source = source
        self.query = query
        self.totalResults = totalResults
        self.items = items
        self.invalidIDs = invalidIDs
    }
}

/// The JSON coding every vitrine file uses: stable, readable, no escaped slashes.
enum VitrineJSON {
    static func encoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }

    /// Encodes with a trailing newline, as a person's editor would save it.
    static func encode<T: Encodable>(_ value: T) throws -> Data {
        var data = try encoder().encode(value)
        data.append(0x0A)
        return data
    }
}
