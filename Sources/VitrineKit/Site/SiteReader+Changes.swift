import Foundation

extension SiteReader {
    /// A gallery's `file` with its change record, read through the recorder (pages are keyed
    /// by it), and its items in the gallery's `order`. Pages take what they show of changes
    /// — "New" badges, the changes page and feed, the order by first appearance — from this
    /// record alone, so a build from snapshots shows what the build that fetched them did.
    /// A record that cannot be read is a warning: the gallery is shown as if it had none.
    func withChanges(_ gallery: GalleryConfig, _ file: GalleryFile) -> GalleryFile {
        guard gallery.source != .catalog else { return file }
        var file = file
        let path = ChangeRecord.path(of: gallery)
        let label = options.label(path)
        do throws(VitrineError) {
            if let data = try read(path) {
                let record = try ChangeRecord.decode(data, of: gallery, label: label)
                file.changes = record.refreshes.isEmpty ? nil : record
            }
        } catch {
            file.warnings.append("\(error.message); '\(gallery.name)' is shown without its changes")
        }
        if let changes = file.changes, gallery.order != .api {
            // The items shown (up to the limit) are ordered; any beyond it stay after them.
            let items = file.snapshot.items
            let shown = min(items.count, gallery.limit)
            file.snapshot.items = gallery.order.arranged(Array(items[..<shown]), firstSeen: changes.firstSeen) + items[shown...]
        }
        return file
    }
}
