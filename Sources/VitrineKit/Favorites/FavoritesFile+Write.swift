import Foundation

extension FavoritesFile {
    private struct Wire: Encodable {
        struct Entry: Encodable {
            var id: ItemID
            var addedAt: String
            var item: Item?
        }
        var favorites: [Entry]
    }

    /// The file's bytes: entries in stored order, `addedAt` as written, stable formatting.
    func encoded() throws(VitrineError) -> Data {
        let wire = Wire(favorites: favorites.map { Wire.Entry(id: $0.id, addedAt: $0.addedAtText, item: $0.item) })
        do {
            return try VitrineJSON.encode(wire)
        } catch {
            throw VitrineError("favorites: cannot encode: \(error)")
        }
    }
}
