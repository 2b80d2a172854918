/// The owner's own fields on a favorite (`note`, `rating`, `date`, `tags` in favorites.json),
/// as `cell-owner` and `item-owner` show them: `owner` on a `CellView` (no note there) and on
/// an `ItemPage`; nil for an item that is no favorite or whose entry has none of them.
struct OwnerView: Sendable, Encodable {
    /// The owner's rating, "4.5" (halves from 0 to 5); nil when not rated.
    let rating: String?
    /// The rating as five stars: "★★★★½", "★★★☆☆".
    let stars: String?
    /// The rating in words: "Rated 4.5 of 5 by me".
    let ratingLabel: String?
    /// The date as the site's language writes it ("1 November 2026"), and as given
    /// (`2026-11-01`, for `<time datetime>`).
    let date: String?
    let dateValue: String?
    /// The tags as written, in the file's order.
    let tags: [String]
    let hasTags: Bool
    /// The note, Markdown rendered by the same safe renderer as content pages, its headings
    /// two levels down (`#` is an `<h3>`: the page has its `<h1>`); item pages only.
    let noteHTML: RenderedHTML?
    /// Labels in the site's language: "My rating", "Date", "Tags", "My note".
    let ratingHeading: String
    let dateHeading: String
    let tagsHeading: String
    let noteHeading: String
}

extension PageFactory {
    /// The owner's fields of the favorite `id`, if any; the note only when `withNote`.
    func ownerView(_ id: ItemID, withNote: Bool) -> OwnerView? {
        guard let fields = site.owners[id], !fields.isEmpty else { return nil }
        let rating = fields.rating.map(OwnerFields.text(rating:))
        return OwnerView(
            rating: rating,
            stars: fields.rating.map(Self.stars),
            ratingLabel: rating.map { ThemeStrings.fill(strings.ownerRated, ["value": $0]) },
            date: fields.date.map { strings.date($0) },
            dateValue: fields.date,
            tags: fields.tags,
            hasTags: !fields.tags.isEmpty,
            noteHTML: withNote ? fields.note.map { RenderedHTML(html: Markdown.html($0, headingsDown: 2)) } : nil,
            ratingHeading: strings.ownerRating,
            dateHeading: strings.ownerDate,
            tagsHeading: strings.ownerTags,
            noteHeading: strings.ownerNote
        )
    }

    /// Five places: a full star per point, `½` for a half, an empty star for the rest.
    static func stars(_ rating: Double) -> String {
        let full = Int(rating)
        let half = rating - Double(full) >= 0.5
        return String(repeating: "★", count: full) + (half ? "½" : "") + String(repeating: "☆", count: 5 - full - (half ? 1 : 0))
    }
}
