import Foundation

extension FavoritesFile {
    /// The file's bytes: entries in stored order, `addedAt` as written, stable formatting.
    func encoded() throws(VitrineError) -> Data {
        let wire = Wire(self)
        do {
            return try VitrineJSON.encode(wire)
        } catch {
            throw VitrineError("favorites: cannot encode: \(error)", kind: .output)
        }
    }
}
