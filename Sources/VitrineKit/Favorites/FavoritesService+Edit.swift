import Foundation

/// A change to a favorite's own fields, as `favorites add` and `favorites edit` take it from
/// the command line. Values are checked before anything is read or written (a bad one is a
/// usage error, exit 64).
public struct FavoriteEdit: Sendable, Equatable {
    /// The note (Markdown). For each field, `.some(nil)` removes it and nil leaves it as it is.
    public var note: String??
    /// The owner's rating, 0–5 in halves.
    public var rating: Double??
    /// `YYYY-MM-DD`.
    public var date: String??
    /// Tags to add (one already there, in any case, is kept as written).
    public var addTags: [String] = []
    /// Tags to take off (compared without regard to case).
    public var removeTags: [String] = []

    /// A change of the fields given; the others stay as they are.
    public init(note: String?? = nil, rating: Double?? = nil, date: String?? = nil, addTags: [String] = [], removeTags: [String] = []) {
        self.note = note
        self.rating = rating
        self.date = date
        self.addTags = addTags
        self.removeTags = removeTags
    }

    /// Whether it changes nothing.
    public var isEmpty: Bool { self == FavoriteEdit() }

    /// Each value given, checked by the rules favorites.json is read with.
    public func checked() throws(VitrineError) -> FavoriteEdit {
        func usage(_ message: String) -> VitrineError { VitrineError(message, kind: .usage) }
        if case .some(.some(let text)) = note, text.count > OwnerFields.maxNoteLength {
            throw usage("--note: a note has at most \(OwnerFields.maxNoteLength) characters, this one \(text.count)")
        }
        if case .some(.some(let value)) = rating, let problem = OwnerFields.problem(rating: value) { throw usage("--rating: \(problem)") }
        if case .some(.some(let text)) = date, let problem = OwnerFields.problem(date: text) { throw usage("--date: \(problem)") }
        for tag in addTags + removeTags {
            if let problem = OwnerFields.problem(tag: tag) { throw usage("--\(addTags.contains(tag) ? "tag" : "untag"): \(problem)") }
        }
        return self
    }

    /// `fields` with this change made; more tags than an entry holds is refused.
    func applied(to fields: OwnerFields) throws(VitrineError) -> OwnerFields {
        var fields = fields
        if let note { fields.note = note.flatMap { $0.isEmpty ? nil : $0 } }
        if let rating { fields.rating = rating }
        if let date { fields.date = date }
        let removed = Set(removeTags.map(OwnerFields.tagKey))
        fields.tags.removeAll { removed.contains(OwnerFields.tagKey($0)) }
        for tag in addTags where !fields.has(tag: tag) { fields.tags.append(tag) }
        guard fields.tags.count <= OwnerFields.maxTags else {
            throw VitrineError("an entry has at most \(OwnerFields.maxTags) tags; this change would give it \(fields.tags.count)", kind: .usage)
        }
        return fields
    }
}

/// Where `favorites move` puts an entry in favorites.json (the `manual` order).
public enum FavoritePlace: Sendable, Equatable {
    case top
    case bottom
    case before(String)
    case after(String)
}

extension FavoritesService {
    /// What `edit` did: the item's title (when known) and whether the file changed.
    public struct EditOutcome: Sendable, Equatable {
        /// `books:zyTCAlFPjgYC`.
        public var id: String
        /// The title from the entry's stored item, when it has one.
        public var title: String?
        /// Whether favorites.json was written.
        public var changed: Bool
        /// The fields after the change, one `key: value` each, for the command to print.
        public var fields: [String]
    }

    /// Changes a favorite's own fields; an id that is not there is an error (nothing changes).
    public func edit(_ text: String, _ edit: FavoriteEdit) throws(VitrineError) -> EditOutcome {
        let id = try ItemID(typed: text)
        let edit = try edit.checked()
        let (_, store) = try context()
        return try store.update { (file: inout FavoritesFile) throws(VitrineError) -> EditOutcome in
            guard let index = file.favorites.firstIndex(where: { $0.id == id }) else {
                throw VitrineError("'\(id)' is not in \(store.label): add it with vitrine favorites add \(id)", kind: .refused)
            }
            let before = file.favorites[index].owner
            let after = try edit.applied(to: before)
            if after != before { file.favorites[index].owner = after }
            return EditOutcome(id: id.description, title: file.favorites[index].item?.title, changed: after != before, fields: Self.describe(after))
        }
    }

    /// Moves a favorite in the file (the `manual` order of favorites galleries). Returns its
    /// new 1-based position and the count.
    public func move(_ text: String, to place: FavoritePlace) throws(VitrineError) -> (position: Int, count: Int) {
        let id = try ItemID(typed: text)
        let other: ItemID? =
            switch place {
            case .before(let text), .after(let text): try ItemID(typed: text)
            case .top, .bottom: nil
            }
        if let other, other == id { throw VitrineError("cannot move '\(id)' next to itself", kind: .usage) }
        let (_, store) = try context()
        return try store.update { (file: inout FavoritesFile) throws(VitrineError) -> (Int, Int) in
            guard let index = file.favorites.firstIndex(where: { $0.id == id }) else {
                throw VitrineError("'\(id)' is not in \(store.label)", kind: .refused)
            }
            let moved = file.favorites.remove(at: index)
            var target: Int
            switch place {
            case .top: target = 0
            case .bottom: target = file.favorites.count
            case .before, .after:
                guard let other, let found = file.favorites.firstIndex(where: { $0.id == other }) else {
                    throw VitrineError("'\(other?.description ?? "")' is not in \(store.label)", kind: .refused)
                }
                target = found
                if case .after = place { target += 1 }
            }
            file.favorites.insert(moved, at: target)
            return (target + 1, file.favorites.count)
        }
    }

    /// The fields an `add` sets, one line each (as `describe(_: OwnerFields)`).
    public static func describe(_ edit: FavoriteEdit) -> [String] {
        (try? edit.applied(to: OwnerFields())).map(describe) ?? []
    }

    /// `rating: 4.5`, `date: 2026-11-01`, `tags: read, 2026`, `note: 12 characters`.
    static func describe(_ fields: OwnerFields) -> [String] {
        var lines: [String] = []
        if let rating = fields.rating { lines.append("rating: \(OwnerFields.text(rating: rating))") }
        if let date = fields.date { lines.append("date: \(date)") }
        if !fields.tags.isEmpty { lines.append("tags: \(fields.tags.joined(separator: ", "))") }
        if let note = fields.note { lines.append("note: \(note.count) characters") }
        return lines
    }
}
