import Foundation

/// Turns an iTunes Search API lookup (`/lookup?id=1,2,3&country=kr`) into items.
enum AppStoreDecoder {
    static let label = "app-store response"

    /// `requestedIDs` are the ids asked for; those without a result (unknown, or not sold in
    /// the storefront) are returned in `missingIDs`, in request order.
    static func decodeLookup(_ data: Data, requestedIDs: [String]) throws(VitrineError) -> SearchPage {
        let response = try JSONFile.decode(AppStoreLookupResponse.self, from: data, file: label)
        if let message = DecoderSupport.message(response.errorMessage) {
            throw APIError.answer(.appStore, "\(message)")
        }
        guard let results = response.results else {
            throw APIError.answer(.appStore, "response has neither 'results' nor 'errorMessage'")
        }
        let (items, dropped) = DecoderSupport.items(results, item(from:))
        let found = Set(items.map(\.id.value))
        let missing = DecoderSupport.texts(requestedIDs, dedup: true).filter { !found.contains($0) }
        return SearchPage(
            items: items,
            totalResults: response.resultCount?.value ?? items.count,
            missingIDs: missing,
            droppedCount: dropped
        )
    }

    static func item(from result: AppStoreResult) -> Item? {
        guard let number = result.trackId?.value, number > 0,
            let id = DecoderSupport.itemID(.appStore, String(number))
        else { return nil }
        let details = AppDetails(
            seller: DecoderSupport.text(result.sellerName) ?? DecoderSupport.text(result.artistName),
            bundleID: DecoderSupport.text(result.bundleId),
            averageRating: result.averageUserRating?.value,
            ratingCount: result.userRatingCount?.value,
            category: DecoderSupport.text(result.primaryGenreName),
            genres: DecoderSupport.texts(result.genres, dedup: true),
            fileSizeBytes: result.fileSizeBytes?.value,
            version: DecoderSupport.text(result.version),
            ageRating: DecoderSupport.text(result.contentAdvisoryRating) ?? DecoderSupport.text(result.trackContentRating),
            price: DecoderSupport.text(result.formattedPrice),
            languages: DecoderSupport.texts(result.languageCodesISO2A, dedup: true),
            screenshots: (result.screenshotUrls ?? []).compactMap { picture($0, nominal: nil) },
            iPadScreenshots: (result.ipadScreenshotUrls ?? []).compactMap { picture($0, nominal: nil) },
            description: DecoderSupport.text(result.description),
            releaseNotes: DecoderSupport.text(result.releaseNotes),
            releaseDate: DecoderSupport.text(result.releaseDate),
            minimumOSVersion: DecoderSupport.text(result.minimumOsVersion),
            priceAmount: result.price?.value.flatMap { $0.isFinite && $0 >= 0 && $0 <= 1_000_000 ? $0 : nil },
            currency: DecoderSupport.text(result.currency).flatMap(AppDetails.currencyCode)
        )
        let artwork = [(result.artworkUrl512, 512), (result.artworkUrl100, 100), (result.artworkUrl60, 60)]
            .lazy.compactMap { picture($0.0, nominal: $0.1) }.first
            .map(withArtworkSizes)
        return Item(
            id: id,
            title: DecoderSupport.text(result.trackName) ?? "Untitled app",
            link: SafeURL.check(DecoderSupport.text(result.trackViewUrl)),
            image: artwork,
            details: .app(details)
        )
    }

    /// A picture sized from Apple's path (`.../392x696bb.jpg`), else `nominal` × `nominal`.
    static func picture(_ raw: String?, nominal: Int?) -> Picture? {
        guard let url = SafeURL.check(DecoderSupport.text(raw)) else { return nil }
        if let (width, height) = size(inPath: url) {
            return Picture(url: url, width: width, height: height)
        }
        return Picture(url: url, width: nominal, height: nominal)
    }

    /// Widths the artwork is offered in: Apple's image server renders the size named in the
    /// path (`.../100x100bb.jpg`), up to the largest the lookup gave.
    static let artworkWidths = [60, 100, 200, 400, 512]

    /// The square icon with smaller sizes of it as renditions, made by naming another size in
    /// the path's last segment (`512x512bb.jpg` → `200x200bb.jpg`).
    static func withArtworkSizes(_ icon: Picture) -> Picture {
        guard let width = icon.width, width == icon.height,
            let slash = icon.url.lastIndex(of: "/"), !icon.url.contains("?")
        else { return icon }
        let name = icon.url[icon.url.index(after: slash)...]
        guard let match = name.wholeMatch(of: /(\d{1,5})x(\d{1,5})([a-z]*\.[A-Za-z]+)/) else { return icon }
        let sizes = artworkWidths.filter { $0 <= width }.compactMap { size -> Rendition? in
            let url = icon.url[...slash] + "\(size)x\(size)\(match.3)"
            return SafeURL.check(String(url)).map { Rendition(url: $0, width: size, height: size) }
        }
        var sized = icon
        sized.renditions = sizes.count > 1 ? Rendition.ordered(sizes) : nil
        return sized
    }

    /// `392x696bb.jpg`, `512x512bb.png`, `643x0w.jpg`, and the old `screen1136x1136.jpeg`,
    /// `screen568x568.jpeg` → (width, height); zero is unknown.
    static func size(inPath url: String) -> (Int, Int)? {
        let path = url.split(separator: "?", maxSplits: 1).first ?? ""
        guard let name = path.split(separator: "/").last,
            let match = name.wholeMatch(of: /[A-Za-z]{0,12}(\d{1,5})x(\d{1,5})[a-z]*\.[A-Za-z]+/),
            let width = Int(match.1), let height = Int(match.2), width > 0, height > 0
        else { return nil }
        return (width, height)
    }
}
