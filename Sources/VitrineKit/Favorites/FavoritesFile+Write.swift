import Foundation

extension FavoritesFile {
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
