import Foundation

/// The input policies applied to an item wherever one is decoded — API responses,
/// snapshots, catalogs, favorites — so pages, snapshots and the terminal never see a raw value:
///
/// - numbers (`NumberPolicy`): a rating outside its scale (`1e18`, `-1e300`), a negative
///   count or size, an image dimension over 100,000 is left out, with a problem naming the field;
/// - text (`TextPolicy`): control characters and noncharacters removed; NUL becomes U+FFFD
///   in Markdown;
/// - URLs (`SafeURL`): absolute http(s) only, serialised as a browser would; a link to the
///   item's origin may be a bare host name (`www.example.com`).
///
/// Idempotent: a checked item checks to itself with no problems.
extension Item {
    /// One value the policy left out: `movie.voteAverage: 1e+18 is not a rating from 0 to 10; left out`.
    struct Problem: Sendable, Equatable, CustomStringConvertible {
        /// The field's key path inside the item, for a position in the file: `["movie", "voteAverage"]`.
        var path: [String]
        var message: String

        var description: String { "\(path.joined(separator: ".")): \(message)" }
    }

    func checked() -> (item: Item, problems: [Problem]) {
        var checker = NumberPolicy.Checker()
        var item = self
        item.title = TextPolicy.plain(title)
        item.link = SafeURL.link(link)
        item.image = image.flatMap { checker.picture($0, ["image"]) }
        switch details {
        case .gif(let gif)?:
            item.details = .gif(
                GIFDetails(
                    rating: gif.rating.map(TextPolicy.plain), username: gif.username.map(TextPolicy.plain),
                    postURL: SafeURL.link(gif.postURL), postDomain: gif.postDomain.map(TextPolicy.plain),
                    animated: gif.animated.flatMap { checker.picture($0, ["gif", "animated"]) },
                    still: gif.still.flatMap { checker.picture($0, ["gif", "still"]) },
                    mp4: SafeURL.check(gif.mp4), webp: SafeURL.check(gif.webp),
                    webpRenditions: checker.renditions(gif.webpRenditions, ["gif", "webpRenditions"])
                ))
        case .movie(var movie)?:
            cleanText(&movie, [\.originalTitle, \.overview, \.releaseDate, \.originalLanguage])
            movie.voteAverage = checker.rating(movie.voteAverage, outOf: 10, ["movie", "voteAverage"])
            movie.voteCount = checker.count(movie.voteCount, ["movie", "voteCount"])
            movie.poster = movie.poster.flatMap { checker.picture($0, ["movie", "poster"]) }
            movie.backdrop = movie.backdrop.flatMap { checker.picture($0, ["movie", "backdrop"]) }
            item.details = .movie(movie)
        case .book(var book)?:
            cleanText(&book, [\.subtitle, \.publisher, \.publishedDate, \.description, \.language], lists: [\.authors, \.categories, \.identifiers])
            book.pageCount = checker.count(book.pageCount, ["book", "pageCount"])
            book.averageRating = checker.rating(book.averageRating, outOf: 5, ["book", "averageRating"])
            book.ratingsCount = checker.count(book.ratingsCount, ["book", "ratingsCount"])
            book.cover = book.cover.flatMap { checker.picture($0, ["book", "cover"]) }
            item.details = .book(book)
        case .app(var app)?:
            cleanText(
                &app, [\.seller, \.bundleID, \.category, \.version, \.ageRating, \.price, \.description, \.releaseNotes, \.releaseDate, \.minimumOSVersion],
                lists: [\.genres, \.languages]
            )
            app.averageRating = checker.rating(app.averageRating, outOf: 5, ["app", "averageRating"])
            app.ratingCount = checker.count(app.ratingCount, ["app", "ratingCount"])
            app.fileSizeBytes = checker.count(app.fileSizeBytes, ["app", "fileSizeBytes"])
            app.priceAmount = checker.price(app.priceAmount, ["app", "priceAmount"])
            app.currency = app.currency.flatMap(AppDetails.currencyCode)
            app.screenshots = app.screenshots.enumerated().compactMap { checker.picture($1, ["app", "screenshots", "\($0)"]) }
            app.iPadScreenshots = app.iPadScreenshots.enumerated().compactMap { checker.picture($1, ["app", "iPadScreenshots", "\($0)"]) }
            item.details = .app(app)
        case .entry(let original)?:
            var entry = original
            entry.rating = checker.rating(entry.rating, outOf: 10, ["entry", "rating"])
            entry.text = entry.text.map(TextPolicy.markdown)
            // Boxed anew only when a policy changed a byte (a catalog has 100,000 of them).
            if entry.rating?.bitPattern != original.rating?.bitPattern || entry.text != original.text {
                item.details = .entry(entry)
            }
        case nil:
            break
        }
        return (item, checker.problems)
    }

    /// `TextPolicy.plain` over the text fields and text lists named.
    private func cleanText<Details>(
        _ details: inout Details, _ fields: [WritableKeyPath<Details, String?>], lists: [WritableKeyPath<Details, [String]>] = []
    ) {
        for field in fields { details[keyPath: field] = details[keyPath: field].map(TextPolicy.plain) }
        for list in lists { details[keyPath: list] = details[keyPath: list].map(TextPolicy.plain) }
    }
}
