extension PageFactory {
    /// `position` is the cell's index on its page: the first row loads eagerly. `slot` is
    /// where the image shows (a grid of `columns` cells unless given).
    func cell(_ item: Item, from here: SitePath, position: Int? = nil, columns: Int? = nil, slot: ImageSlot? = nil, isNew: Bool = false) -> CellView {
        let columns = columns ?? config.columns
        let firstRow = position.map { $0 < columns } ?? false
        let kind = item.kind
        // Closures, not method values (`.map(caption)`): a method value copies the whole
        // factory, strings and all, for every cell.
        let caption = Self.rating(of: item).map { self.caption($0) }
        return CellView(
            href: here.link(to: .item(item.id)),
            title: item.title,
            kind: kind.rawValue,
            cellPartial: kind.cellPartial,
            isGIF: kind == .gif, isMovie: kind == .movie, isBook: kind == .book, isApp: kind == .app,
            isEntry: kind == .entry,
            image: image(item.image, alt: item.title, gif: item.gif, slot: slot ?? .cell(columns: columns), eager: firstRow, kind: kind),
            rating: caption?.shown,
            ratingLabel: caption?.label,
            authors: item.book.flatMap { Format.list($0.authors) },
            published: Format.nonEmpty(item.book?.publishedDate).map { strings.date($0) },
            isFavorite: site.favoriteIDs.contains(item.id),
            id: item.id.description,
            owner: ownerView(item.id, withNote: false),
            isNew: isNew,
            byline: Self.byline(of: item)
        )
    }

    /// A list row's line under the title: a movie's release year, an app's seller.
    static func byline(of item: Item) -> String? {
        switch item.details {
        case .movie(let movie)?:
            return Format.nonEmpty(movie.releaseDate).flatMap { date in
                let year = date.prefix(4)
                return year.count == 4 && year.allSatisfy(\.isASCII) && year.allSatisfy(\.isNumber) ? String(year) : nil
            }
        case .app(let app)?: return Format.nonEmpty(app.seller)
        default: return nil
        }
    }

    /// An item's rating as the caption shows it: a score (`7.3`) out of a scale, or a GIF's
    /// grade (`PG`). Two ratings are one when their text has the same bytes: `String`'s own
    /// equality would take `É` and `E` with a combining accent for one, and a caption shared
    /// through `filterEntry`'s table would then carry another item's bytes.
    enum Rating: Hashable {
        case score(String, outOf: Int)
        case grade(String)

        static func == (lhs: Rating, rhs: Rating) -> Bool {
            switch (lhs, rhs) {
            case (.score(let a, let x), .score(let b, let y)): x == y && a.utf8.elementsEqual(b.utf8)
            case (.grade(let a), .grade(let b)): a.utf8.elementsEqual(b.utf8)
            default: false
            }
        }

        func hash(into hasher: inout Hasher) {
            switch self {
            case .score(let text, let scale):
                hasher.combine(scale)
                hasher.combine(text.utf8.count)
                for byte in text.utf8 { hasher.combine(byte) }
            case .grade(let text):
                hasher.combine(-1)
                hasher.combine(text.utf8.count)
                for byte in text.utf8 { hasher.combine(byte) }
            }
        }
    }

    static func rating(of item: Item) -> Rating? {
        let score = { (value: Double, scale: Int) in Rating.score(Format.oneDecimal(value), outOf: scale) }
        switch item.details {
        case .movie(let movie)?: return movie.voteAverage.map { score($0, 10) }
        case .app(let app)?: return app.averageRating.map { score($0, 5) }
        case .book(let book)?: return book.averageRating.map { score($0, 5) }
        case .gif(let gif)?: return Format.nonEmpty(gif.rating).map { .grade($0.uppercased()) }
        case .entry(let entry)?: return entry.rating.map { score($0, 10) }
        case nil: return nil
        }
    }

    /// A rating as shown (`★ 7.3`, `PG`) and as spoken ("rated 7.3 out of 10", "rated PG").
    typealias Caption = (shown: String, label: String)

    func caption(_ rating: Rating) -> Caption {
        switch rating {
        case .score(let shown, let scale):
            ("★ " + shown, ThemeStrings.fill(strings.ratedOutOf, ["value": shown, "scale": String(scale)]))
        case .grade(let grade):
            (grade, ThemeStrings.fill(strings.rated, ["value": grade]))
        }
    }
}

extension ItemKind {
    /// The theme partial drawing a cell of this kind (`cell.mustache`'s `{{>*cellPartial}}`):
    /// one of the fixed names `Theme.required` holds, so no item's data can name a template.
    var cellPartial: String {
        switch self {
        case .gif: "cell-gif"
        case .movie: "cell-movie"
        case .book: "cell-book"
        case .app: "cell-app"
        case .entry: "cell-entry"
        }
    }

    /// The theme partial drawing a detail page's middle (`item.mustache`'s `{{>*itemPartial}}`).
    var itemPartial: String {
        switch self {
        case .gif: "item-gif"
        case .movie: "item-movie"
        case .book: "item-book"
        case .app: "item-app"
        case .entry: "item-entry"
        }
    }
}
