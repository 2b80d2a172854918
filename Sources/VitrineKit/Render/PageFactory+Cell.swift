extension PageFactory {
    /// `position` is the cell's index on its page: the first row loads eagerly.
    func cell(_ item: Item, from here: SitePath, position: Int? = nil, columns: Int? = nil) -> CellView {
        let columns = columns ?? config.columns
        let firstRow = position.map { $0 < columns } ?? false
        let kind = item.kind
        let caption = Self.rating(of: item).map(caption)
        return CellView(
            href: here.link(to: .item(item.id)),
            title: item.title,
            kind: kind.rawValue,
            isGIF: kind == .gif, isMovie: kind == .movie, isBook: kind == .book, isApp: kind == .app,
            isEntry: kind == .entry,
            image: image(item.image, alt: item.title, gif: item.gif, slot: .cell(columns: columns), eager: firstRow, kind: kind),
            rating: caption?.shown,
            ratingLabel: caption?.label,
            authors: item.book.flatMap { Format.list($0.authors) },
            published: Format.nonEmpty(item.book?.publishedDate).map(strings.date),
            isFavorite: site.favoriteIDs.contains(item.id),
            id: item.id.description
        )
    }

    /// An item's rating as the caption shows it: a score out of a scale, or a GIF's grade.
    enum Rating: Hashable {
        case score(Double, outOf: Int)
        case grade(String)
    }

    static func rating(of item: Item) -> Rating? {
        switch item.details {
        case .movie(let movie)?: movie.voteAverage.map { .score($0, outOf: 10) }
        case .app(let app)?: app.averageRating.map { .score($0, outOf: 5) }
        case .book(let book)?: book.averageRating.map { .score($0, outOf: 5) }
        case .gif(let gif)?: Format.nonEmpty(gif.rating).map { .grade($0.uppercased()) }
        case .entry(let entry)?: entry.rating.map { .score($0, outOf: 10) }
        case nil: nil
        }
    }

    /// `★ 7.3` and "rated 7.3 out of 10"; `PG` and "rated PG".
    func caption(_ rating: Rating) -> (shown: String, label: String) {
        switch rating {
        case .score(let value, let scale):
            let shown = Format.oneDecimal(value)
            return ("★ " + shown, ThemeStrings.fill(strings.ratedOutOf, ["value": shown, "scale": String(scale)]))
        case .grade(let grade):
            return (grade, ThemeStrings.fill(strings.rated, ["value": grade]))
        }
    }
}
