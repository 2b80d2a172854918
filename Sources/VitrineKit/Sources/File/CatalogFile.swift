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
struct CatalogFile: Decodable, Sendable {
    static let format = "vitrine-bench-catalog/1"

    struct Entry: Decodable, Sendable {
        struct Image: Decodable, Sendable {
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

    /// Decodes and validates a catalog; errors name the file, line and column.
    static func read(_ data: Data, file: String) throws(VitrineError) -> [Item] {
        let catalog = try JSONFile.decode(CatalogFile.self, from: data, file: file)
        guard catalog.format == format else {
            throw VitrineError(file: file, "unknown catalog format '\(catalog.format)' (expected \(format))")
        }
        var items: [Item] = []
        items.reserveCapacity(catalog.items.count)
        for (index, entry) in catalog.items.enumerated() {
            let id: ItemID
            do {
                id = try ItemID(parsing: Source.file.idPrefix + ":" + entry.id)
            } catch {
                let position = JSONLocator.position(of: [.key("items"), .index(index), .key("id")], in: data)
                throw VitrineError(file: file, line: position?.line, column: position?.column, "items[\(index)].id: \(error.message)")
            }
            items.append(Item(
                id: id,
                title: entry.title,
                link: SafeURL.check(entry.source),
                image: entry.image.flatMap { image in
                    SafeURL.check(image.url).map { Picture(url: $0, width: image.width, height: image.height) }
                },
                entry: EntryDetails(rating: entry.rating, description: entry.description)
            ))
        }
        return items
    }
}
