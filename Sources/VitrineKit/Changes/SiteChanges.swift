import Foundation

/// `vitrine diff`: what the last refresh of each gallery changed (from its change record), or
/// what changed between the snapshots of two copies of a site (two git revisions checked out).
public struct SiteChanges: Sendable {
    /// One gallery's change.
    public struct Gallery: Sendable, Encodable {
        /// An item added or removed: its id and title.
        public struct Entry: Sendable, Encodable {
            /// `giphy:abc`.
            public var id: String
            /// The title it had when it changed.
            public var title: String
        }

        /// The gallery's name in site.yml.
        public var name: String
        /// Its source (`giphy`).
        public var source: String
        /// When the refresh ran (RFC 3339); nil between two folders.
        public var at: String?
        /// In the new snapshot's order.
        public var added: [Entry]
        /// In the old snapshot's order.
        public var removed: [Entry]
    }

    /// The site's searched galleries, in site.yml's order.
    public var galleries: [Gallery]

    /// The last change of each searched gallery of the site, from its change record.
    public init(site: SiteLocation) throws(VitrineError) {
        let reader = SiteReader(options: BuildOptions(location: site))
        let config = try reader.config()
        galleries = try config.galleries.filter { $0.source != .catalog }.map { (gallery) throws(VitrineError) in
            let record = try ChangeRecord.read(gallery, from: reader.folder, label: site.label(ChangeRecord.path(of: gallery)))
            return Gallery(gallery, record.latestChange)
        }
    }

    /// What changed from `old`'s snapshots to `site`'s, gallery by gallery of `site`.
    public init(from old: SiteLocation, to site: SiteLocation) throws(VitrineError) {
        let (reader, oldReader) = (SiteReader(options: BuildOptions(location: site)), SiteReader(options: BuildOptions(location: old)))
        let config = try reader.config()
        // A folder that is no site (a typo) is an error, not "everything was added".
        _ = try oldReader.config()
        galleries = try config.galleries.filter { $0.source != .catalog }.map { (gallery) throws(VitrineError) in
            let new = try reader.gallery(gallery)?.snapshot.items ?? []
            let before = try oldReader.gallery(gallery)?.snapshot.items ?? []
            var change = ChangeRecord.refresh(from: before, to: new, at: Date(timeIntervalSince1970: 0))
            change.at = ""
            return Gallery(gallery, change)
        }
    }

    /// True when some gallery gained or lost an item.
    public var isEmpty: Bool { galleries.allSatisfy { $0.added.isEmpty && $0.removed.isEmpty } }

    /// The changes as a person reads them: a line per gallery, `+`/`-` lines per item.
    public var text: String {
        var lines: [String] = []
        for gallery in galleries {
            let what =
                gallery.added.isEmpty && gallery.removed.isEmpty
                ? "no change"
                : "\(gallery.added.count) added, \(gallery.removed.count) removed"
            lines.append("\(gallery.name) (\(gallery.source)): \(what)\(gallery.at.map { " at \($0)" } ?? "")")
            for entry in gallery.added { lines.append("  + \(entry.id)  \(TextPolicy.terminal(entry.title))") }
            for entry in gallery.removed { lines.append("  - \(entry.id)  \(TextPolicy.terminal(entry.title))") }
        }
        return lines.joined(separator: "\n") + (lines.isEmpty ? "" : "\n")
    }

    /// The changes as JSON (`{"galleries": [...]}`).
    public var json: Data {
        get throws(VitrineError) {
            do {
                return try VitrineJSON.encode(["galleries": galleries])
            } catch {
                throw VitrineError("cannot encode the changes: \(error.localizedDescription)", kind: .output)
            }
        }
    }
}

extension SiteChanges.Gallery {
    init(_ gallery: GalleryConfig, _ change: ChangeRecord.Refresh?) {
        func entries(_ list: [ChangeRecord.Entry]?) -> [Entry] { (list ?? []).map { Entry(id: $0.id.description, title: $0.title) } }
        self.init(
            name: gallery.name, source: gallery.source.rawValue, at: change.flatMap { $0.at.isEmpty ? nil : $0.at },
            added: entries(change?.added), removed: entries(change?.removed)
        )
    }
}
