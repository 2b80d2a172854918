import Foundation

/// A catalog file (`source: file`, `path: catalog.json`): a list of items kept by the user
/// (or generated), in the format `vitrine-bench-catalog/1`:
///
/// ```json
/// {"format": "vitrine-bench-catalog/1", "items": [
///   {"id": "it000000", "title": "Happy Cat", "rating": 7.3,
///    "image": {"url": "https://media.example.org/0/200w.gif", "width": 480, "height": 270},
///    "description": "CommonMark text", "source": "https://example.org/items/0"}
/// ]}
/// ```
///
/// `id` and `title` are required; the rest is optional. Items keep the file's order.
struct CatalogFile: Decodable, Sendable, Equatable {
    static let format = "vitrine-bench-catalog/1"

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
    /// names both positions.
    static func read(_ data: Data, file: String) throws(VitrineError) -> (items: [Item], warnings: [String]) {
        let catalog: CatalogFile
        if let scanned = data.withUnsafeBytes({ scan($0) }) {
            catalog = scanned
        } else {
            catalog = try JSONFile.decode(CatalogFile.self, from: data, file: file)
        }
        guard catalog.format == format else {
            throw VitrineError(file: file, "unknown catalog format '\(catalog.format)' (expected \(format))")
        }
        var items: [Item] = []
        items.reserveCapacity(catalog.items.count)
        var firstIndex: [ItemID: Int] = [:]
        var kept: [Int] = []
        var duplicates: [(index: Int, first: Int)] = []
        for (index, entry) in catalog.items.enumerated() {
            let id: ItemID
            do {
                id = try ItemID(parsing: Source.file.idPrefix + ":" + entry.id)
            } catch {
                let position = JSONLocator.position(of: [.key("items"), .index(index), .key("id")], in: data)
                throw VitrineError(file: file, line: position?.line, column: position?.column, "items[\(index)].id: \(error.message)")
            }
            if let first = firstIndex[id] {
                duplicates.append((index, first))
                continue
            }
            firstIndex[id] = index
            kept.append(index)
            items.append(
                Item(
                    id: id,
                    title: entry.title,
                    link: entry.source,
                    image: entry.image.map { Picture(url: $0.url, width: $0.width, height: $0.height) },
                    details: .entry(EntryDetails(rating: entry.rating, description: entry.description))
                ))
        }
        let (checked, warnings) = Item.checked(
            items, file: file, data: data,
            field: { $0 == ["entry", "rating"] ? ["rating"] : $0 },
            location: { [.key("items"), .index(kept[$0])] }
        )
        return (checked, warnings + duplicateWarnings(duplicates, items: catalog.items, data: data, file: file))
    }

    /// `Site/catalog.json:9:13: items[2].id 'a' repeats items[0].id (line 3, column 13); the first is kept`
    private static func duplicateWarnings(
        _ duplicates: [(index: Int, first: Int)], items: [Entry], data: Data, file: String
    ) -> [String] {
        var warnings: [String] = []
        for (index, first) in duplicates.prefix(Item.problemsListedPerFile) {
            let here = JSONLocator.position(of: [.key("items"), .index(index), .key("id")], in: data)
            let there = JSONLocator.position(of: [.key("items"), .index(first), .key("id")], in: data)
            let thereText = there.map { " (line \($0.line), column \($0.column))" } ?? ""
            warnings.append(
                VitrineError(
                    file: file, line: here?.line, column: here?.column,
                    "items[\(index)].id '\(TextPolicy.terminal(items[index].id))' repeats items[\(first)].id\(thereText); the first is kept", kind: .invalidInput
                ).message)
        }
        if duplicates.count > Item.problemsListedPerFile {
            warnings.append("\(file): \(Format.count(duplicates.count - Item.problemsListedPerFile, "more repeated id", "more repeated ids")) left out")
        }
        return warnings
    }
}
