import Foundation

extension ChangeRecord {
    /// A gallery's record as stored in the site folder; a new one when there is none, or
    /// when it is of another gallery (a renamed file).
    static func read(_ gallery: GalleryConfig, from folder: any SiteFolder, label: String) throws(VitrineError) -> ChangeRecord {
        guard let data = try folder.read(path(of: gallery)) else { return ChangeRecord(gallery: gallery.name) }
        return try decode(data, of: gallery, label: label)
    }

    /// A record's bytes decoded; a new record when they are of another gallery.
    static func decode(_ data: Data, of gallery: GalleryConfig, label: String) throws(VitrineError) -> ChangeRecord {
        let record = try JSONFile.decode(ChangeRecord.self, from: data, file: label)
        guard record.format == currentFormat else {
            throw VitrineError(file: label, "unknown change record format '\(record.format)' (expected \(currentFormat))")
        }
        return record.gallery == gallery.name ? record : ChangeRecord(gallery: gallery.name)
    }

    /// Writes the record atomically beside the gallery's snapshot.
    func write(to url: URL, label: String) throws(VitrineError) {
        let bytes: Data
        do {
            bytes = try VitrineJSON.encode(self)
        } catch {
            throw VitrineError(file: label, "cannot encode the change record: \(error.localizedDescription)", kind: .output)
        }
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        } catch {
            throw VitrineError(file: label, "cannot create its folder: \(error.localizedDescription)", kind: .output)
        }
        try AtomicFile.write(bytes, to: url, label: label, refusingReadOnly: false)
    }
}
