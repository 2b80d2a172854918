/// Google Books v1 response bodies, as far as vitrine reads them. Almost everything in a
/// volume is optional; prices, access info and sale info are not read.

/// The standard Google API error envelope.
struct GoogleErrorEnvelope: Decodable {
    struct Body: Decodable {
        var code: LenientInt?
        var message: String?
        var status: String?
    }

    var error: Body?
}

/// `volumes?q=`: no `items` key at all when nothing matched.
struct GoogleBooksListResponse: Decodable {
    var kind: String?
    var totalItems: LenientInt?
    var items: [GoogleVolume]?
}

struct GoogleVolume: Decodable {
    var id: String?
    var volumeInfo: VolumeInfo?
    var searchInfo: SearchInfo?

    struct VolumeInfo: Decodable {
        var title: String?
        var subtitle: String?
        var authors: [String]?
        var publisher: String?
        var publishedDate: String?
        var description: String?
        var industryIdentifiers: [Identifier]?
        var pageCount: LenientInt?
        var categories: [String]?
        var averageRating: LenientDouble?
        var ratingsCount: LenientInt?
        var imageLinks: ImageLinks?
        var language: String?
        var previewLink: String?
        var infoLink: String?
        var canonicalVolumeLink: String?
    }

    struct Identifier: Decodable {
        var type: String?
        var identifier: String?
    }

    struct ImageLinks: Decodable {
        var smallThumbnail: String?
        var thumbnail: String?
        var small: String?
        var medium: String?
        var large: String?
        var extraLarge: String?
    }

    struct SearchInfo: Decodable {
        var textSnippet: String?
    }
}
