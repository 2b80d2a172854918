/// One API response turned into items: what every source decoder returns.
public struct SearchPage: Sendable, Equatable {
    public var items: [Item]
    /// The API's total for the whole query, when it gives one.
    public var totalResults: Int?
    /// Ids asked for and not found (App Store lookup).
    public var missingIDs: [String]

    public init(items: [Item], totalResults: Int? = nil, missingIDs: [String] = []) {
        self.items = items
        self.totalResults = totalResults
        self.missingIDs = missingIDs
    }
}
