import Foundation
import VitrineBytes

/// A catalog file (`source: file`, `path: catalog.json`): a list of items kept by the user
/// (or generated), in the format `vitrine-catalog/1` (its first name,
/// `vitrine-bench-catalog/1`, is read as well):
///
/// ```json
/// {"format": "vitrine-catalog/1", "items": [
///   {"id": "it000000", "title": "Happy Cat", "rating": 7.3,
///    "image": {"url": "https://media.example.org/0/200w.gif", "width": 480, "height": 270},
///    "description": "CommonMark text", "source": "https://example.org/items/0"}
/// ]}
/// ```
///
/// `id` and `title` are required; the rest is optional. Items keep the file's order.
struct CatalogFile: Decodable, Sendable, Equatable {
    static let format = "vitrine-catalog/1"
    /// The format's first name, from the benchmark's generator; the same format.
    static let formerFormat = "vitrine-bench-catalog/1"

    struct Entry: Decodable, Sendable, Equatable {
        struct Image: Decodable, Sendable, Equatable {
            let url: String
            let width: Int?
            let height: Int?
        }

        let id: String
        let title: String
        let rating: Double?
        let image: Image?
        let description: String?
        let source: String?
    }

    let format: String
    let items: [Entry]

    /// Decodes and validates a catalog; errors name the file, line and column. Items pass
    /// the input policies (`Item.checked`); a repeated id is left out with one warning that
    /// names both positions. With a `cache` (`CatalogCache`), a large catalog's items whose
    /// bytes an earlier read checked are taken from it, and the cache learns the new ones.
    /// A large catalog is read and checked on up to `jobs` threads (the build's `--jobs`).
    static func read(
        _ data: Data, file: String, cache: URL? = nil, jobs: Int
    ) throws(VitrineError) -> (items: [Item], warnings: [String]) {
        var previous = cache.map { CatalogCache.read(from: $0) }
        let shared = SharedBytes(data)
        var format: String
        var elements: Elements
        var spans: [StableHasher.Digest] = []
        if let scanned = scan(data, cache: previous, shared: shared, jobs: jobs) {
            (format, elements, spans) = (scanned.format, scanned.elements, scanned.spans)
        } else {
            let catalog = try JSONFile.decode(CatalogFile.self, from: data, file: file)
            (format, elements) = (catalog.format, .read(catalog.items.map(Element.entry)))
        }
        guard format == Self.format || format == Self.formerFormat else {
            throw VitrineError(file: file, "unknown catalog format '\(format)' (expected \(Self.format))")
        }
        var read = try items(of: elements, data: data, file: file)
        let (duplicates, ids) = read.leaveOutRepeatedIDs()
        // Every item goes through the policies, those from the cache too: it saves parsing only.
        let parsed = read.items
        let (checked, warnings, flagged) = Item.checkedFlagging(
            read.items, file: file, data: data, jobs: jobs,
            field: { $0 == ["entry", "rating"] ? ["rating"] : $0 },
            location: { [.key("items"), .index(read.kept?[$0] ?? $0)] }
        )
        read.items = checked
        if let cache, !spans.isEmpty {
            previous?.update(at: cache, learned: read.learned(parsed: parsed, flagged: flagged, spans: spans), inUse: spans)
        }
        guard !duplicates.isEmpty else { return (read.items, warnings) }
        return (read.items, warnings + duplicateWarnings(duplicates, ids: ids, data: data, file: file))
    }

    /// A catalog's items in the file's order, with what the cache needs to learn the new ones.
    private struct ReadItems {
        var items: [Item]
        /// For each item, whether it was read now (not taken from the cache).
        var fresh: [Bool]
        /// Where each element's description is in its bytes (`Elements.items`), by file index.
        var descriptions: [Range<Int>?]
        /// Positions in `items` → the file's indices, when a repeated id was left out.
        var kept: [Int]?

        /// Leaves out each item whose id an earlier item has (the first is kept), and says
        /// which (by the file's indices) with every id as read; no ids when none repeats.
        mutating func leaveOutRepeatedIDs() -> (duplicates: [(index: Int, first: Int)], ids: [String]) {
            var firstIndex: [ItemID: Int] = [:]
            firstIndex.reserveCapacity(items.count)
            var duplicates: [(index: Int, first: Int)] = []
            for index in items.indices {
                let id = items[index].id
                if let first = firstIndex.updateValue(index, forKey: id) {
                    firstIndex[id] = first
                    duplicates.append((index, first))
                }
            }
            guard !duplicates.isEmpty else { return ([], []) }
            let ids = items.map(\.id.value)
            let left = Set(duplicates.map(\.index))
            let indices = items.indices.filter { !left.contains($0) }
            items = indices.map { items[$0] }
            fresh = indices.map { fresh[$0] }
            kept = indices
            return (duplicates, ids)
        }

        /// The items read now that passed every policy without a problem (`flagged`), for
        /// the cache, by their bytes' digest (`spans`). A description the policies left as it
        /// was read (`parsed`) is kept as its place in the file.
        func learned(parsed: [Item], flagged: [Bool], spans: [StableHasher.Digest]) -> [CatalogCache.Learned] {
            var learned: [CatalogCache.Learned] = []
            for position in items.indices where fresh[position] && !flagged[position] && CatalogCache.canKeep(items[position]) {
                let index = kept?[position] ?? position
                let place = items[position].entry?.text == parsed[position].entry?.text ? descriptions[index] : nil
                learned.append((spans[index], items[position], place))
            }
            return learned
        }
    }

    /// Every element as an item, in the file's order, and whether it was read now (not
    /// taken from the cache); the first invalid id fails the read, naming its place.
    private static func items(of elements: Elements, data: Data, file: String) throws(VitrineError) -> ReadItems {
        switch elements {
        case .items(let read, let readNow, let places, let invalidID):
            if let invalidID { throw idError(invalidID.entry, index: invalidID.index, data: data, file: file) }
            return ReadItems(items: read, fresh: readNow, descriptions: places)
        case .read(let read):
            var result = ReadItems(items: [], fresh: [], descriptions: [])
            result.items.reserveCapacity(read.count)
            result.fresh.reserveCapacity(read.count)
            for (index, element) in read.enumerated() {
                switch element {
                case .cached(let cached):
                    result.items.append(cached)
                    result.fresh.append(false)
                case .entry(let entry):
                    guard let item = item(entry) else { throw idError(entry, index: index, data: data, file: file) }
                    result.items.append(item)
                    result.fresh.append(true)
                }
            }
            return result
        }
    }

    /// An entry as an item; nil when its id is not valid (`idError` says why).
    static func item(_ entry: Entry) -> Item? {
        guard ItemID.isValid(value: entry.id) else { return nil }
        return Item(
            id: ItemID(source: .catalog, value: entry.id),
            title: entry.title,
            link: entry.source,
            image: entry.image.map { Picture(url: $0.url, width: $0.width, height: $0.height) },
            details: .entry(EntryDetails(rating: entry.rating, description: entry.description))
        )
    }

    /// `Site/catalog.json:3:13: items[0].id: invalid id 'file:…': …`
    private static func idError(_ entry: Entry, index: Int, data: Data, file: String) -> VitrineError {
        let message: String
        do {
            _ = try ItemID(parsing: Source.catalog.idPrefix + ":" + entry.id)
            message = "invalid id '\(Source.catalog.idPrefix):\(entry.id)'"
        } catch {
            message = error.message
        }
        let position = JSONLocator.position(of: [.key("items"), .index(index), .key("id")], in: data)
        return VitrineError(file: file, line: position?.line, column: position?.column, "items[\(index)].id: \(message)")
    }

    /// `Site/catalog.json:9:13: items[2].id 'a' repeats items[0].id (line 3, column 13); the first is kept`
    private static func duplicateWarnings(
        _ duplicates: [(index: Int, first: Int)], ids: [String], data: Data, file: String
    ) -> [String] {
        var warnings: [String] = []
        for (index, first) in duplicates.prefix(Item.problemsListedPerFile) {
            let here = JSONLocator.position(of: [.key("items"), .index(index), .key("id")], in: data)
            let there = JSONLocator.position(of: [.key("items"), .index(first), .key("id")], in: data)
            let thereText = there.map { " (line \($0.line), column \($0.column))" } ?? ""
            warnings.append(
                VitrineError(
                    file: file, line: here?.line, column: here?.column,
                    "items[\(index)].id '\(TextPolicy.terminal(ids[index]))' repeats items[\(first)].id\(thereText); the first is kept", kind: .invalidInput
                ).message)
        }
        if duplicates.count > Item.problemsListedPerFile {
            warnings.append("\(file): \(Format.count(duplicates.count - Item.problemsListedPerFile, "more repeated id", "more repeated ids")) left out")
        }
        return warnings
    }
}
