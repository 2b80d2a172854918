/// One API response turned into items: what every source decoder returns.
struct SearchPage: Sendable, Equatable {
    var items: [Item]
    /// The API's total for the whole query, when it gives one.
    var totalResults: Int?
    /// Ids asked for and not found (App Store lookup).
    var missingIDs: [String]
    /// Results the API sent that had no usable id and were left out.
    var droppedCount: Int
    /// How many pages can be requested (TMDB: `total_pages` clamped to 500, the last page it serves).
    var totalPages: Int?

    init(
        items: [Item], totalResults: Int? = nil, missingIDs: [String] = [], droppedCount: Int = 0,
        totalPages: Int? = nil
    ) {
        self.items = items
        self.totalResults = totalResults
        self.missingIDs = missingIDs
        self.droppedCount = droppedCount
        self.totalPages = totalPages
    }
}
