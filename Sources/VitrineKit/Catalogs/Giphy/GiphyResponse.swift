/// GIPHY's response bodies, as far as vitrine reads them. Every field is optional: GIPHY
/// leaves fields out across API versions, renditions and "fields on demand". Timestamps
/// (`import_datetime`, `trending_datetime` = `"0000-00-00 00:00:00"`), `_score`,
/// `is_sticker` (0/1 or Bool), `analytics` and `user` are not read, so their shapes cannot
/// break decoding.

/// What every GIPHY body is checked for before its data is read: `meta`, or the API
/// gateway's `{"message": ...}`, and the shape of `data`.
struct GiphyEnvelope: Decodable {
    var meta: GiphyMeta?
    var message: String?
    var data: JSONShape?
    var pagination: GiphyPagination?
}

struct GiphyMeta: Decodable {
    var status: LenientInt?
    var msg: String?
    var responseID: String?

    enum CodingKeys: String, CodingKey {
        case status, msg
        case responseID = "response_id"
    }
}

struct GiphyPagination: Decodable {
    /// "Not returned on every endpoint".
    var totalCount: LenientInt?
    var count: LenientInt?
    var offset: LenientInt?

    enum CodingKeys: String, CodingKey {
        case totalCount = "total_count"
        case count, offset
    }
}

/// Search and trending: `data` is an array.
struct GiphyListResponse: Decodable {
    var data: [GiphyGIF]
}

/// GET /v1/gifs/{id}: `data` is one object.
struct GiphyObjectResponse: Decodable {
    var data: GiphyGIF
}

struct GiphyGIF: Decodable {
    var id: String?
    var slug: String?
    var url: String?
    var title: String?
    var username: String?
    var source: String?
    var sourcePostURL: String?
    var sourceTLD: String?
    var rating: String?
    var images: GiphyImages?

    enum CodingKeys: String, CodingKey {
        case id, slug, url, title, username, source, rating, images
        case sourcePostURL = "source_post_url"
        case sourceTLD = "source_tld"
    }
}

struct GiphyImages: Decodable {
    var fixedWidth: GiphyRendition?
    var fixedWidthStill: GiphyRendition?
    var fixedWidthSmall: GiphyRendition?
    var fixedWidthSmallStill: GiphyRendition?
    var fixedHeight: GiphyRendition?
    var fixedHeightStill: GiphyRendition?
    var downsized: GiphyRendition?
    var downsizedMedium: GiphyRendition?
    var original: GiphyRendition?
    var originalStill: GiphyRendition?
    var still480w: GiphyRendition?

    enum CodingKeys: String, CodingKey {
        case fixedWidth = "fixed_width"
        case fixedWidthStill = "fixed_width_still"
        case fixedWidthSmall = "fixed_width_small"
        case fixedWidthSmallStill = "fixed_width_small_still"
        case fixedHeight = "fixed_height"
        case fixedHeightStill = "fixed_height_still"
        case downsized, original
        case downsizedMedium = "downsized_medium"
        case originalStill = "original_still"
        case still480w = "480w_still"
    }

    /// The animated renditions that suit a `srcset` (sizes of one animation).
    var animatedSizes: [GiphyRendition] {
        [fixedWidthSmall, fixedWidth, fixedHeight, downsizedMedium, downsized, original].compactMap { $0 }
    }

    /// The still frames, every size.
    var stillSizes: [GiphyRendition] {
        [fixedWidthSmallStill, fixedWidthStill, fixedHeightStill, still480w, originalStill].compactMap { $0 }
    }
}

/// One rendition. Sizes are strings (`"width": "200"`); `looping`, `preview` and
/// `downsized_small` have no `url`, old stills have no `size`.
struct GiphyRendition: Decodable {
    var url: String?
    var width: LenientInt?
    var height: LenientInt?
    var mp4: String?
    var webp: String?
}
