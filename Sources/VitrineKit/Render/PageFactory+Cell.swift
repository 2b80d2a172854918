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
        switch item.details {
        case .movie(let movie)?:
            if let value = movie.voteAverage {
                rating = "★ " + Format.oneDecimal(value)
                ratingLabel = outOf(value, "10")
            }
        case .app(let app)?:
            if let value = app.averageRating {
                rating = "★ " + Format.oneDecimal(value)
                ratingLabel = outOf(value, "5")
            }
        case .book(let book)?:
            if let value = book.averageRating {
                rating = "★ " + Format.oneDecimal(value)
                ratingLabel = outOf(value, "5")
            }
        case .gif(let gif)?:
            if let value = Format.nonEmpty(gif.rating) {
                rating = value.uppercased()
                ratingLabel = ThemeStrings.fill(strings.rated, ["value": value.uppercased()])
            }
        case .entry(let entry)?:
            if let value = entry.rating {
                rating = "★ " + Format.oneDecimal(value)
                ratingLabel = outOf(value, "10")
            }
        case nil:
            break
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
