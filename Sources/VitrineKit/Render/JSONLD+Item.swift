extension JSONLD {
    /// A detail page's data: `Movie`, `Book`, `SoftwareApplication` (with its offer),
    /// `VideoObject` for a GIF GIPHY gives as mp4 (else `ImageObject`), `CreativeWork` for a
    /// catalog entry; only the fields the item has.
    static func item(_ item: Item, url: String?) -> RenderedJSON? {
        guard let url else { return nil }
        // Values may be absent: `members[key] = .some(a ?? b)`, since a plain `a ?? b` here
        // would wrap `a` as present and never use `b`.
        var members: [String: Value?] = ["name": .string(item.title), "url": .string(url), "sameAs": JSONLD.url(item.link)]
        let image = JSONLD.url(item.image?.url)
        switch item.kind {
        case .movie:
            let movie = item.movie
            members["image"] = .some(JSONLD.url(movie?.poster?.url) ?? image)
            members["datePublished"] = text(movie?.releaseDate)
            members["description"] = text(movie?.overview)
            members["alternateName"] = text(movie?.originalTitle).flatMap { $0 == .string(item.title) ? nil : $0 }
            members["aggregateRating"] = rating(movie?.voteAverage, best: 10, count: movie?.voteCount)
            return render(thing("Movie", members))
        case .book:
            let book = item.book
            members["image"] = .some(JSONLD.url(book?.cover?.url) ?? image)
            members["author"] = book.map { $0.authors.map { thing("Person", ["name": .string($0)]) } }.flatMap { $0.isEmpty ? nil : .array($0) }
            members["publisher"] = text(book?.publisher).map { thing("Organization", ["name": $0]) }
            members["datePublished"] = text(book?.publishedDate)
            members["numberOfPages"] = book?.pageCount.map(Value.int)
            members["inLanguage"] = text(book?.language)
            members["description"] = text(book?.description)
            members["isbn"] = book?.identifiers.first { $0.hasPrefix("ISBN_13:") || $0.hasPrefix("ISBN_10:") }
                .map { .string(String($0.drop { $0 != ":" }.dropFirst())) }
            members["aggregateRating"] = rating(book?.averageRating, best: 5, count: book?.ratingsCount)
            return render(thing("Book", members))
        case .app:
            let app = item.app
            members["image"] = image
            members["applicationCategory"] = text(app?.category)
            members["operatingSystem"] = .string(app?.minimumOSVersion.map { "iOS \($0)" } ?? "iOS")
            members["softwareVersion"] = text(app?.version)
            members["description"] = text(app?.description)
            members["author"] = text(app?.seller).map { thing("Organization", ["name": $0]) }
            members["aggregateRating"] = rating(app?.averageRating, best: 5, count: app?.ratingCount)
            if let amount = app?.priceAmount {
                members["offers"] = thing(
                    "Offer",
                    [
                        "price": .string(Format.price(amount)), "priceCurrency": app?.currency.map(Value.string), "url": JSONLD.url(item.link),
                    ])
            }
            return render(thing("SoftwareApplication", members))
        case .gif:
            let gif = item.gif
            let still = JSONLD.url(gif?.still?.url) ?? image
            if let mp4 = JSONLD.url(gif?.mp4) {
                members["contentUrl"] = mp4
                members["thumbnailUrl"] = still
                members["description"] = .string(item.title)
                return render(thing("VideoObject", members))
            }
            members["contentUrl"] = .some(JSONLD.url(gif?.animated?.url) ?? image)
            members["thumbnailUrl"] = still
            return render(thing("ImageObject", members))
        case .entry:
            members["image"] = image
            members["aggregateRating"] = rating(item.entry?.rating, best: 10, count: nil)
            return render(thing("CreativeWork", members))
        }
    }

    /// An `AggregateRating`; left out without a value, or with a count of zero (no one rated it).
    static func rating(_ value: Double?, best: Int, count: Int?) -> Value? {
        guard let value, count.map({ $0 > 0 }) ?? true else { return nil }
        return thing(
            "AggregateRating",
            [
                "ratingValue": .string(Format.oneDecimal(value)), "bestRating": .int(best), "worstRating": .int(0),
                "ratingCount": count.map(Value.int),
            ])
    }
}
