/// How a gallery orders its items (`order:` in site.yml). Search galleries take `api` (the
/// API's order), `newest-first` or `oldest-first`; favorites galleries (`source: favorites`)
/// take `newest-first` (the default), `oldest-first`, `manual`, `rating`, `title` or `date`.
enum GalleryOrder: String, Sendable, CaseIterable {
    case api
    case newestFirst = "newest-first"
    case oldestFirst = "oldest-first"
    /// The order of the entries in favorites.json (`vitrine favorites move` changes it).
    case manual
    /// The owner's rating, highest first; unrated entries last.
    case rating
    /// By title, A to Z, ignoring case.
    case title
    /// The owner's `date`, most recent first; entries without one last.
    case date
}
