import Foundation

/// Turns GIPHY responses (search, trending, GIF by id) into items.
enum GiphyDecoder {
    static let label = "giphy response"

    /// `/v1/gifs/search` and `/v1/gifs/trending`.
    static func decodeList(_ data: Data) throws(VitrineError) -> SearchPage {
        let envelope = try JSONFile.decode(GiphyEnvelope.self, from: data, file: label)
        try check(envelope)
        guard case .array = envelope.data?.kind else {
            throw APIError.answer(.giphy, "expected 'data' to be a list of GIFs")
        }
        let response = try JSONFile.decode(GiphyListResponse.self, from: data, file: label)
        let (items, dropped) = DecoderSupport.items(response.data, item(from:))
        return SearchPage(items: items, totalResults: envelope.pagination?.totalCount?.value, droppedCount: dropped)
    }

    /// `/v1/gifs/{id}`: `data` is one object.
    static func decodeByID(_ data: Data) throws(VitrineError) -> Item {
        let envelope = try JSONFile.decode(GiphyEnvelope.self, from: data, file: label)
        try check(envelope)
        guard case .object = envelope.data?.kind else {
            throw APIError.answer(.giphy, "expected 'data' to be one GIF object")
        }
        let response = try JSONFile.decode(GiphyObjectResponse.self, from: data, file: label)
        guard let item = item(from: response.data) else {
            throw APIError.answer(.giphy, "the GIF in the response has no id")
        }
        return item
    }

    /// Reads an error response's body for GIPHY's own message (meta or gateway shape);
    /// says nothing about bodies that carry neither.
    static func checkErrorBody(_ data: Data) throws(VitrineError) {
        let envelope = try JSONFile.decode(GiphyEnvelope.self, from: data, file: label)
        guard envelope.meta != nil || envelope.message != nil else { return }
        try check(envelope)
    }

    /// Recognises GIPHY's error bodies: `meta.status` other than 200, the gateway's
    /// `{"message": ...}` without meta, and the synthetic response (status 200, empty
    /// `response_id`, empty data) that GIPHY documents as an error state.
    static func check(_ envelope: GiphyEnvelope) throws(VitrineError) {
        guard let meta = envelope.meta else {
            if let message = DecoderSupport.message(envelope.message) {
                throw APIError.answer(.giphy, "\(message)")
            }
            if envelope.data == nil {
                throw APIError.answer(.giphy, "response has neither 'data' nor 'meta'")
            }
            return
        }
        let status = meta.status?.value ?? 200
        if status != 200 {
            let message = DecoderSupport.message(meta.msg) ?? DecoderSupport.message(envelope.message) ?? "error"
            throw APIError.answer(.giphy, "\(message) (status \(status))")
        }
        if meta.responseID?.isEmpty ?? false, envelope.data?.isEmpty ?? true {
            throw APIError.answer(.giphy, "synthetic response (status 200, empty response_id, no data): GIPHY had trouble upstream; try again later")
        }
    }

    static func item(from gif: GiphyGIF) -> Item? {
        guard let id = DecoderSupport.itemID(.giphy, gif.id) else { return nil }
        let images = gif.images
        let animatedRendition = [images?.fixedWidth, images?.downsized, images?.original]
            .compactMap { $0 }.first { picture($0) != nil }
        let still = [images?.fixedWidthStill, images?.originalStill, images?.still480w]
            .lazy.compactMap { $0 }.compactMap(picture).first
        let thumbnail = [images?.fixedWidth, images?.fixedHeight, images?.downsized, images?.original]
            .lazy.compactMap { $0 }.compactMap(picture).first
        let animatedSizes = renditions(images?.animatedSizes ?? [], \.url)
        let details = GIFDetails(
            rating: DecoderSupport.text(gif.rating),
            username: DecoderSupport.text(gif.username),
            postURL: SafeURL.link(DecoderSupport.text(gif.sourcePostURL)) ?? SafeURL.link(DecoderSupport.text(gif.source)),
            postDomain: DecoderSupport.text(gif.sourceTLD),
            animated: animatedRendition.flatMap(picture).map { sized($0, animatedSizes) },
            still: still.map { sized($0, renditions(images?.stillSizes ?? [], \.url)) },
            mp4: SafeURL.check(animatedRendition?.mp4),
            webp: SafeURL.check(animatedRendition?.webp),
            webpRenditions: renditions(images?.animatedSizes ?? [], \.webp)
        )
        return Item(
            id: id,
            title: title(of: gif),
            link: SafeURL.check(gif.url),
            image: thumbnail.map { sized($0, animatedSizes) },
            details: .gif(details)
        )
    }

    static func picture(_ rendition: GiphyRendition) -> Picture? {
        guard let url = SafeURL.check(rendition.url) else { return nil }
        return Picture(url: url, width: rendition.width?.value, height: rendition.height?.value)
    }

    /// The renditions' URLs of one format (`url` for GIF, `webp`) with their widths.
    static func renditions(_ sizes: [GiphyRendition], _ format: KeyPath<GiphyRendition, String?>) -> [Rendition]? {
        Rendition.ordered(
            sizes.compactMap { rendition in
                guard let url = SafeURL.check(rendition[keyPath: format]), let width = rendition.width?.value else { return nil }
                return Rendition(url: url, width: width, height: rendition.height?.value)
            })
    }

    /// The picture with the sizes, when there are at least two to choose from.
    static func sized(_ picture: Picture, _ renditions: [Rendition]?) -> Picture {
        var picture = picture
        picture.renditions = (renditions?.count ?? 0) > 1 ? renditions : nil
        return picture
    }

    /// The title, else words from the slug (`funny-cat-FiGiRei2ICzzG` → `Funny cat`), else
    /// `Untitled GIF`. Old responses have no `title` key at all.
    static func title(of gif: GiphyGIF) -> String {
        if let title = DecoderSupport.text(gif.title) { return title }
        guard var slug = DecoderSupport.text(gif.slug) else { return "Untitled GIF" }
        if let id = gif.id, !id.isEmpty {
            if slug == id { slug = "" } else if slug.hasSuffix("-" + id) { slug = String(slug.dropLast(id.count + 1)) }
        }
        let words = slug.split(separator: "-").joined(separator: " ")
        guard let first = words.first else { return "Untitled GIF" }
        return first.uppercased() + words.dropFirst()
    }
}
