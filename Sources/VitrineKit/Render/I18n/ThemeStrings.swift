/// Every piece of text the theme shows, in one language: templates read them as
/// `page.t.<key>`, page models are built with them, `vitrine.js` gets the ones it needs.
///
/// The English text is the default of each property. Other languages come from the theme's
/// `i18n/<language>.yml` (Korean and Japanese ship with vitrine), then a site's own
/// `SITE/i18n/<language>.yml`, each key replacing the one before. `{name}` marks a value
/// filled in by `fill(_:_:)`.
struct ThemeStrings: Codable, Sendable, Equatable {
    // Layout
    var skipToContent = "Skip to content"
    var mainNavigation = "Main"
    var builtWith = "Built with vitrine"
    var favorites = "Favorites"
    var backHome = "Back to the home page"
    var relatedLists = "Related lists"
    /// The star of a favorite, on its cell and its page.
    var ownersPick = "Owner’s pick"
    // No longer shown (built pages carry no admin state; `vitrine serve` has its own labels),
    // still accepted so that translation files that set them keep loading.
    var inFavorites = "In favorites"
    var notInFavorites = "Not in favorites"
    // Home
    var galleries = "Galleries"
    var noGalleries = "No galleries yet."
    var noFavorites = "No favorites yet."
    var addFavoritesBefore = "Add some with"  // no longer shown, still accepted
    var addFavoritesAfter = "."  // no longer shown, still accepted
    var allFavorites = "All favorites"
    var cardSummary = "{items} of {results}"
    var itemsOne = "1 item"
    var itemsMany = "{count} items"
    // 404
    var pageNotFound = "Page not found"
    var notFoundMessage = "There is nothing at this address. It may have moved, or the link may be wrong."
    var goHome = "Go to the home page"
    // Galleries
    var resultsOne = "1 result"
    var resultsMany = "{count} results"
    var noResults = "No results"
    var galleryPage = "{title} — page {number}"
    var favoritesOne = "1 favorite"
    var favoritesMany = "{count} favorites"
    var noFavoritesTitle = "No favorites yet"
    var noFavoritesMessage = "Nothing has been picked yet."
    var nothingMatched = "Nothing matched “{query}” on {source}."
    var sourceReturnedNothing = "{source} returned no items for this gallery."
    var imageUnavailable = "image unavailable"
    var ratedOutOf = "rated {value} out of {scale}"
    var rated = "rated {value}"
    /// The owner's own fields on a favorite (favorites.json `rating`, `date`, `tags`, `note`).
    var ownerRated = "Rated {value} of 5 by me"
    var ownerRating = "My rating"
    var ownerDate = "Date"
    var ownerTags = "Tags"
    var ownerNote = "My note"
    var ownerSection = "From the owner"
    // What changed (a gallery's change record)
    /// The badge on the cell of an item the last refresh that changed its gallery added.
    var newBadge = "New"
    var changesLink = "What changed"
    var changesTitle = "{title}: what changed"
    var changesBack = "Back to {title}"
    var changesFeed = "Changes feed (Atom)"
    var changesSummary = "{added} added, {removed} removed"
    var changesFirst = "First snapshot: {items}"
    var changesAdded = "Added"
    var changesRemoved = "Removed"
    var changesNone = "No refresh has added or removed an item yet."
    /// A refresh's time: `date` as `dateDay` writes it, `time` as `10:00` (UTC).
    var dateTime = "{date}, {time} UTC"
    // Pagination
    var pagination = "Pagination"
    var pageNumber = "Page {number}"
    var pageOf = "Page {number} of {count}"
    var previous = "Previous"
    var next = "Next"
    var more = "More"
    var less = "Less"
    // Find as you type
    var filterLabel = "Find in this gallery"
    var filterMatchesOne = "1 match"
    var filterMatchesMany = "{count} matches"
    var filterNoMatches = "No matches"
    // The gallery's toolbar and count (issue 37)
    var shownOfTotal = "{shown} of {total}"
    var fromSource = "from {source}"
    var filterPlaceholder = "Filter by title"
    var aboutGallery = "About this gallery"
    // Detail pages
    var kindGIF = "GIF"
    var kindMovie = "Movie"
    var kindBook = "Book"
    var kindApp = "App"
    var kindItem = "Item"
    var rating = "Rating"
    var by = "By"
    var source = "Source"
    var originalTitle = "Original title"
    var releaseDate = "Release date"
    var publisher = "Publisher"
    var published = "Published"
    var length = "Length"
    var categories = "Categories"
    var language = "Language"
    var identifiers = "Identifiers"
    var category = "Category"
    var price = "Price"
    var size = "Size"
    var version = "Version"
    var ageRating = "Age rating"
    var minimumOS = "Minimum OS"
    var languages = "Languages"
    var viewAtSource = "View at the source"
    var viewOn = "View on {source}"
    var overview = "Overview"
    var description = "Description"
    var screenshots = "Screenshots"
    var whatsNew = "What’s new"
    var itemsNavigation = "Items"
    var posterOf = "Poster of {title}"
    var coverOf = "Cover of {title}"
    var iconOf = "Icon of {title}"
    var screenshotOf = "Screenshot {number} of {count}"
    var votesOne = "1 vote"
    var votesMany = "{count} votes"
    var pagesOne = "1 page"
    var pagesMany = "{count} pages"
    var ratingsOne = "1 rating"
    var ratingsMany = "{count} ratings"
    var pauseAnimation = "Pause animation"
    var playAnimation = "Play animation"
    var pauseAnimations = "Pause animations"
    var playAnimations = "Play animations"
    // Share
    var share = "Share"
    var copyLink = "Copy link"
    var shareNative = "Share…"
    var email = "E-mail"
    var xTwitter = "X / Twitter"
    var facebook = "Facebook"
    var openImage = "Open image"
    var linkCopied = "Link copied."
    var copyFailed = "Could not copy the link."
    // Detail pages (issue 37)
    var shareMore = "More"
    /// `{store}` is the store's name, drawn apart (`PageFactory.storeBadge`).
    var appStoreBadgeLine = "Download on the {store}"
    // Attribution
    var poweredByGiphy = "Powered By GIPHY"
    var tmdbNotice = "This product uses the TMDB API but is not endorsed or certified by TMDB."
    var tmdbCredit = "Movie data and images: TMDB"
    // vitrine.js
    var loading = "Loading…"
    var loadFailed = "Could not load more items. Try again, or open the next page."
    var thatsAll = "That’s all."
    var loadedOne = "Loaded 1 more item."
    var loadedMany = "Loaded {count} more items."
    var close = "Close"
    var previousScreenshot = "Previous screenshot"
    var nextScreenshot = "Next screenshot"
    var openPage = "Open the page"
    // Dates
    /// Twelve month names, comma-separated.
    var months = "January,February,March,April,May,June,July,August,September,October,November,December"
    var dateDay = "{month} {day}, {year}"
    var dateMonth = "{month} {year}"
    var dateYear = "{year}"

    /// English.
    static let english = ThemeStrings()

    init() {}
}
