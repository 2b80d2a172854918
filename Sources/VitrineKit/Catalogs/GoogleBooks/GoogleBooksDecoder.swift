import Foundation

/// Turns Google Books v1 responses (volume search, one volume) into items.
enum GoogleBooksDecoder {
    static let label = "google-books response"

    /// `volumes?q=`. No `items` key means zero results; `totalItems` is Google's estimate.
    static func decodeList(_ data: Data) throws(VitrineError) -> SearchPage {
        try check(data)
        let response = try JSONFile.decode(GoogleBooksListResponse.self, from: data, file: label)
        let (items, dropped) = DecoderSupport.items(response.items ?? [], item(from:))
        return SearchPage(items: items, totalResults: response.totalItems?.value, droppedCount: dropped)
    }

    /// `volumes/{id}`.
    static func decodeVolume(_ data: Data) throws(VitrineError) -> Item {
        try check(data)
        let volume = try JSONFile.decode(GoogleVolume.self, from: data, file: label)
        guard let item = item(from: volume) else {
            throw APIError.answer(.googleBooks, "the volume in the response has no id")
        }
        return item
    }

    /// `{"error": {"code": 400, "message": "Missing query.", ...}}`.
    static func check(_ data: Data) throws(VitrineError) {
        let envelope = try JSONFile.decode(GoogleErrorEnvelope.self, from: data, file: label)
        guard let error = envelope.error else { return }
        let message = DecoderSupport.message(error.message) ?? DecoderSupport.message(error.status) ?? "error"
        if let code = error.code?.value {
            throw APIError.answer(.googleBooks, "\(message) (code \(code))")
        }
        throw APIError.answer(.googleBooks, "\(message)")
    }

    static func item(from volume: GoogleVolume) -> Item? {
        guard let id = DecoderSupport.itemID(.googleBooks, volume.id) else { return nil }
        let info = volume.volumeInfo
        let links = info?.imageLinks
        let zooms = [links?.smallThumbnail, links?.thumbnail, links?.small, links?.medium, links?.large, links?.extraLarge]
        let sizes = zoomRenditions(zooms.compactMap { $0 })
        let thumbnail = [links?.thumbnail, links?.smallThumbnail].lazy.compactMap(cover).first.map { sized($0, sizes) }
        let largest = [links?.extraLarge, links?.large, links?.medium, links?.small, links?.thumbnail]
            .lazy.compactMap(cover).first.map { sized($0, sizes) }
        let description = plainText(info?.description) ?? plainText(volume.searchInfo?.textSnippet)
        let details = BookDetails(
            subtitle: DecoderSupport.text(info?.subtitle),
            authors: DecoderSupport.texts(info?.authors),
            publisher: DecoderSupport.text(info?.publisher),
            publishedDate: DecoderSupport.text(info?.publishedDate),
            pageCount: info?.pageCount?.value.flatMap { $0 > 0 ? $0 : nil },
            categories: DecoderSupport.texts(info?.categories, dedup: true),
            description: description,
            averageRating: info?.averageRating?.value,
            ratingsCount: info?.ratingsCount?.value,
            language: DecoderSupport.text(info?.language),
            identifiers: identifiers(info?.industryIdentifiers ?? []),
            cover: largest
        )
        let link = [info?.infoLink, info?.canonicalVolumeLink, info?.previewLink]
            .lazy.compactMap { SafeURL.check(DecoderSupport.text($0)) }.first
        return Item(
            id: id,
            title: DecoderSupport.text(info?.title) ?? "Untitled book",
            link: link,
            image: thumbnail,
            details: .book(details)
        )
    }

    /// Cover links come as `http://books.google.com/...`; Google's hosts are upgraded to
    /// https, others (a test server) are kept as given. Google gives no pixel sizes.
    static func cover(_ raw: String?) -> Picture? {
        SafeURL.check(DecoderSupport.text(raw)).map { Picture(url: $0) }
    }

    /// Nominal widths of Google's cover `zoom` levels (Google gives no pixel sizes; covers
    /// come near these): 5 small thumbnail, 1 thumbnail, 2 small, 3 medium, 4 large, 6 extra large.
    static let zoomWidths: [Int: Int] = [5: 80, 1: 128, 2: 200, 3: 320, 4: 575, 6: 800]

    /// Every zoom level of the cover, made from the links Google gave by changing their
    /// `zoom=` value (zooms 5, 1, 2, 3 and 4 are served for any cover Google has); nominal
    /// 2:3 sizes. Links without a `zoom=` parameter give only themselves.
    static func zoomRenditions(_ links: [String]) -> [Rendition]? {
        var renditions: [Rendition] = []
        for raw in links {
            guard let url = SafeURL.check(DecoderSupport.text(raw)), var components = URLComponents(string: url),
                let items = components.queryItems, let zoom = items.first(where: { $0.name == "zoom" })?.value.flatMap(Int.init),
                zoomWidths[zoom] != nil
            else { continue }
            for level in Set([zoom, 5, 1, 2, 3, 4]).sorted() {
                components.queryItems = items.map { $0.name == "zoom" ? URLQueryItem(name: "zoom", value: String(level)) : $0 }
                guard let width = zoomWidths[level], let made = components.string.flatMap(SafeURL.check) else { continue }
                renditions.append(Rendition(url: made, width: width, height: width * 3 / 2))
            }
        }
        return Rendition.ordered(renditions)
    }

    /// The cover with the zoom sizes; its own size is the nominal one of its zoom level.
    static func sized(_ picture: Picture, _ renditions: [Rendition]?) -> Picture {
        var picture = picture
        picture.renditions = (renditions?.count ?? 0) > 1 ? renditions : nil
        if let own = renditions?.first(where: { $0.url == picture.url }) {
            picture.width = own.width
            picture.height = own.height
        }
        return picture
    }

    /// Google's HTML (`description` of a volume, `textSnippet`) as plain text.
    static func plainText(_ html: String?) -> String? {
        DecoderSupport.text(html.map(HTMLText.plainText(fromHTML:)))
    }

    /// `ISBN_13:9780…`, then ISBN-10, then the others (`OTHER:OCLC:796839651`) in API order.
    static func identifiers(_ raw: [GoogleVolume.Identifier]) -> [String] {
        let pairs = raw.compactMap { identifier -> (String, String)? in
            guard let type = DecoderSupport.text(identifier.type),
                let value = DecoderSupport.text(identifier.identifier)
            else { return nil }
            return (type, value)
        }
        let rank = ["ISBN_13": 0, "ISBN_10": 1]
        let ordered = pairs.enumerated().sorted {
            (rank[$0.element.0] ?? 2, $0.offset) < (rank[$1.element.0] ?? 2, $1.offset)
        }
        return DecoderSupport.texts(ordered.map { "\($0.element.0):\($0.element.1)" }, dedup: true)
    }
}
