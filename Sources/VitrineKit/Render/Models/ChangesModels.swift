/// `changes.mustache`: the refreshes that changed a gallery, newest first, from its change record.
struct ChangesPage: Sendable, Encodable {
    let page: PageContext
    /// Gallery name (slug), for `data-gallery`.
    let name: String
    let heading: String
    /// "Back to Cat GIFs", linked to the gallery's first page.
    let backLabel: String
    let galleryHref: String
    /// The gallery's Atom feed of its changes, relative; nil without `baseURL`.
    let feedHref: String?
    let refreshes: [RefreshView]
    /// No refresh has added or removed an item yet (only the first snapshot is recorded).
    let hasNoChange: Bool
}

/// One refresh of a gallery, on its changes page and as an entry of its feed.
struct RefreshView: Sendable, Encodable {
    /// `refresh-20261127T100000Z`: the refresh's `id` on the page, its feed entry's fragment.
    let anchor: String
    /// RFC 3339 (`<time datetime>`, the feed's `updated`).
    let at: String
    /// "November 27, 2026, 10:00 UTC".
    let when: String
    /// "2 added, 1 removed", or "First snapshot: 24 items".
    let summary: String
    let added: [ChangeEntryView]
    let removed: [ChangeEntryView]
    /// "Added", "Removed": the feed has no `page.t`.
    let addedLabel: String
    let removedLabel: String
}

/// An item a refresh added or removed: its title then, and a link to its page if it has one now.
struct ChangeEntryView: Sendable, Encodable {
    let title: String
    /// Not `href`: a nil one is no key, and a template would find the enclosing entry's.
    let pageHref: String?
    /// `giphy:abc`.
    let id: String
}
