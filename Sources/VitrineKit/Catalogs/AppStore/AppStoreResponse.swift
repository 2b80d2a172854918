/// The iTunes Search API lookup body, as far as vitrine reads it. Advisories,
/// `genreIds` (strings), `sellerUrl` and feature lists are not read.
struct AppStoreLookupResponse: Decodable {
    var resultCount: LenientInt?
    var results: [AppStoreResult]?
    /// `{"errorMessage": "Invalid value(s) for key(s): [country]"}` — no results at all.
    var errorMessage: String?
}

struct AppStoreResult: Decodable {
    var wrapperType: String?
    var kind: String?
    var trackId: LenientInt64?
    var trackName: String?
    var bundleId: String?
    var sellerName: String?
    var artistName: String?
    var trackViewUrl: String?
    var artworkUrl60: String?
    var artworkUrl100: String?
    var artworkUrl512: String?
    var screenshotUrls: [String]?
    var ipadScreenshotUrls: [String]?
    var description: String?
    var releaseNotes: String?
    var version: String?
    var releaseDate: String?
    /// A string: `"3091658752"`.
    var fileSizeBytes: LenientInt64?
    var formattedPrice: String?
    var price: LenientDouble?
    var currency: String?
    /// As precise as Apple sends it (`3.351059999999999927666749499621801078319549560546875`).
    var averageUserRating: LenientDouble?
    var userRatingCount: LenientInt?
    var contentAdvisoryRating: String?
    var trackContentRating: String?
    var genres: [String]?
    var primaryGenreName: String?
    /// Duplicates happen (`"ZH"` twice).
    var languageCodesISO2A: [String]?
    var minimumOsVersion: String?
}
