extension PageFactory {
    /// `position` is the cell's index on its page: the first row loads eagerly.
    func cell(_ item: Item, from here: SitePath, position: Int? = nil, columns: Int? = nil) -> CellView {
        let columns = columns ?? config.columns
        let firstRow = position.map { $0 < columns } ?? false
        let kind = item.kind
        var rating: String?
        var ratingLabel: String?
        let outOf = { (value: Double, scale: String) in
            ThemeStrings.fill(strings.ratedOutOf, ["value": Format.oneDecimal(value), "scale": scale])
        }
        switch kind {
        case .movie:
            if let value = item.movie?.voteAverage {
                rating = "★ " + Format.oneDecimal(value)
                ratingLabel = outOf(value, "10")
            }
        case .app:
            if let value = item.app?.averageRating {
                rating = "★ " + Format.oneDecimal(value)
                ratingLabel = outOf(value, "5")
            }
        case .book:
            if let value = item.book?.averageRating {
                rating = "★ " + Format.oneDecimal(value)
                ratingLabel = outOf(value, "5")
            }
        case .gif:
            if let value = Format.nonEmpty(item.gif?.rating) {
                rating = value.uppercased()
                ratingLabel = ThemeStrings.fill(strings.rated, ["value": value.uppercased()])
            }
        case .entry:
            if let value = item.entry?.rating {
                rating = "★ " + Format.oneDecimal(value)
                ratingLabel = outOf(value, "10")
            }
        }
        return CellView(
            href: here.link(to: .item(item.id)),
            title: item.title,
            kind: kind.rawValue,
            isGIF: kind == .gif, isMovie: kind == .movie, isBook: kind == .book, isApp: kind == .app,
            isEntry: kind == .entry,
            image: image(item.image, alt: item.title, gif: item.gif, slot: .cell(columns: columns), eager: firstRow, kind: kind),
            rating: rating,
            ratingLabel: ratingLabel,
            authors: item.book.flatMap { Format.list($0.authors) },
            published: Format.nonEmpty(item.book?.publishedDate).map(strings.date),
            isFavorite: site.favoriteIDs.contains(item.id),
            id: item.id.description
        )
    }
}
