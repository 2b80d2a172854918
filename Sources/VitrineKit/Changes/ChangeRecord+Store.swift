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
        var record = try JSONFile.decode(ChangeRecord.self, from: data, file: label)
        guard record.format == currentFormat else {
            throw VitrineError(file: label, "unknown change record format '\(record.format)' (expected \(currentFormat))")
        }
        guard record.gallery == gallery.name else { return ChangeRecord(gallery: gallery.name) }
        // Every time is a page's `<time>`, a feed's `<updated>` and a sort key: an instant, in
        // the one form vitrine writes (UTC, `Z`), whatever a hand edit left.
        func instant(_ text: String, _ key: String) throws(VitrineError) -> String {
            guard let date = RFC3339.date(from: text) else {
                throw VitrineError(file: label, "\(key): '\(text.prefix(40))' is not an RFC 3339 time")
            }
            return RFC3339.string(from: date)
        }
        for index in record.refreshes.indices {
            record.refreshes[index].at = try instant(record.refreshes[index].at, "refreshes[\(index)].at")
        }
        for index in record.firstSeen.indices {
            record.firstSeen[index].at = try instant(record.firstSeen[index].at, "firstSeen[\(index)].at")
        }
        return record
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
