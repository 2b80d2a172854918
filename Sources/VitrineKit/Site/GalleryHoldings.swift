/// The one rule for what a gallery holds when an item is looked for by id — a favorite that
/// names only an id (`build`, `check`, `favorites list`, serve's star) or an id being added
/// (`favorites add`): every item of the gallery's snapshot or catalog, whatever its `limit`.
///
/// `limit` decides what the gallery's page shows, not what vitrine knows: an item the API
/// answered (item 20 of a snapshot cut to 10) is as good a copy as one looked up by id, and
/// using it spares a request, lets `--offline` build, and makes `check` and `favorites list`
/// agree with `build`. Such a favorite is shown on the favorites page (its detail page's home)
/// and not in the gallery.
enum GalleryHoldings {
    /// Adds to `known` the items of one gallery's snapshot or catalog (all of them, whatever
    /// the gallery's limit) that it does not hold yet; only `wanted` ones when given (a
    /// catalog has 100,000 items and a favorites file a few).
    static func collect(_ items: [Item], wanted: Set<ItemID>?, into known: inout [ItemID: Item]) {
        for item in items where known[item.id] == nil && (wanted?.contains(item.id) ?? true) {
            known[item.id] = item
        }
    }
}

/// Favorites resolved by the one rule (`Favorite.resolved(in:)` over `GalleryHoldings`),
/// shared by the build's read phase and `check`.
struct FavoritesResolution {
    /// In display order, each with its item.
    var favorites: [(Favorite, Item)] = []
    /// Id-only favorites the source's API does not know (looked up during this build):
    /// left out, one warning each; `--strict` fails.
    var unknown: [ItemID] = []
    /// Id-only favorites neither stored, held by a gallery, nor looked up: the build fails.
    var unresolved: [ItemID] = []

    init(_ file: FavoritesFile, order: FavoritesConfig.Order, known: [ItemID: Item], unknownUpstream: Set<ItemID>) {
        for favorite in file.ordered(order) {
            if let item = favorite.resolved(in: known) {
                favorites.append((favorite, item))
            } else if unknownUpstream.contains(favorite.id) {
                unknown.append(favorite.id)
            } else {
                unresolved.append(favorite.id)
            }
        }
    }

    /// The error for `unresolved` (every one named), nil when there are none.
    func unresolvedError(label: String, offline: Bool) -> VitrineError? {
        guard !unresolved.isEmpty else { return nil }
        let names = unresolved.map { "'\($0)'" }.joined(separator: ", ")
        let verb = unresolved.count == 1 ? "has" : "have"
        return VitrineError(
            file: label,
            "\(names) \(verb) no \"item\" snapshot, no gallery snapshot holds \(unresolved.count == 1 ? "it" : "them"), and \(unresolved.count == 1 ? "it" : "they") could not be looked up\(offline ? " (--offline)" : "")",
            kind: .missingInput)
    }

    /// One warning per unknown id.
    func unknownWarnings(label: String) -> [String] {
        unknown.map { "\(label): '\($0)': \($0.source.label) does not know this id; it is left out of the favorites (vitrine favorites remove \($0))" }
    }

    /// `--strict`: the unknown ids, every one named, as one error; nil when there are none.
    func unknownError(label: String) -> VitrineError? {
        guard !unknown.isEmpty else { return nil }
        let names = unknown.map { "'\($0)'" }.joined(separator: ", ")
        return VitrineError(file: label, "\(names): unknown to \(unknown.count == 1 ? "its source" : "their sources") (--strict)", kind: .remote)
    }
}
