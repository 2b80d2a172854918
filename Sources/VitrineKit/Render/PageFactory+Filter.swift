import Foundation
import VitrineBytes

/// One item of a gallery's find-as-you-type index, as `vitrine-filter.js` reads it. Its JSON
/// keys are one letter each (`CodingKeys`), since a gallery of 500 movies has 500 of them.
struct FilterEntry: Encodable, Equatable {
    let title: String
    /// Authors (books), else absent.
    let authors: String?
    /// `gif`, `movie`, `book`, `app`, `entry`.
    let kind: String
    /// Link to the detail page, relative to the site root.
    let link: String
    /// Image: src, srcset (absent when one size), width, height; still for reduced motion (GIFs).
    let imageURL: String?
    let imageSrcset: String?
    let imageWidth: Int?
    let imageHeight: Int?
    let still: String?
    /// Caption extras: published date (books), rating display and its spoken label.
    let published: String?
    let rating: String?
    let ratingLabel: String?
    /// The id (`data-id`), a list row's byline, and whether the last refresh added it (the
    /// "New" badge: `true`, else absent).
    var id: String? = nil
    var byline: String? = nil
    var isNew: Bool? = nil
    /// The owner's rating (`data-owner-rating`), as stars and in words, and tags (absent
    /// when none): the `cell-owner` partial's.
    var ownerRating: String? = nil
    var ownerStars: String? = nil
    var ownerRatingLabel: String? = nil
    var tags: [String]? = nil

    /// The keys `vitrine-filter.js` reads.
    enum CodingKeys: String, CodingKey {
        case authors = "a"
        case byline = "b"
        case id = "d"
        case ownerRating = "g"
        case link = "h"
        case imageURL = "i"
        case kind = "k"
        case ratingLabel = "l"
        case still = "m"
        case isNew = "n"
        case ownerStars = "o"
        case published = "p"
        case ownerRatingLabel = "q"
        case rating = "r"
        case imageSrcset = "s"
        case title = "t"
        case imageHeight = "v"
        case imageWidth = "w"
        case tags = "x"
    }
}

extension PageFactory {
    /// `<gallery>/filter-index.js`: every item of the gallery (not only one page's), assigned
    /// to `window.vitrineFilterIndex[<gallery>]`. A script file rather than JSON, so a page
    /// opened from file:// can load it with a script tag. The data is JSON (`ScriptJSON`) with
    /// `<`, `>`, `&`, U+2028 and U+2029 escaped, so no title can end the script, start markup
    /// or end a line.
    func filterIndex(_ index: Int) -> String {
        String(decoding: filterIndexBytes(index, jobs: 1), as: UTF8.self)
    }

    /// `filterIndex` as bytes.
    func filterIndexBytes(_ index: Int, jobs: Int) -> [UInt8] {
        filterIndexBytes(index, keys: nil, previous: nil, jobs: jobs).bytes
    }

    /// The filter index's bytes before its entries.
    func filterIndexPrefix(_ index: Int) -> [UInt8] {
        var bytes = Array("(window.vitrineFilterIndex = window.vitrineFilterIndex || {})[".utf8)
        ScriptJSON.string(site.galleries[index].config.name, to: &bytes)
        bytes += "] = [".utf8
        return bytes
    }

    /// The filter index's bytes after its entries.
    static let filterIndexSuffix = Array("];\n".utf8)

    /// `filterIndex` as bytes, with each entry's length. An entry whose key (`keys`, one per
    /// item: `FilterEntries.key`) the last build's file has (`previous`) is copied from it;
    /// the others are made. A large gallery's entries are made on up to `jobs` threads, a
    /// run of items each (`parallelMap`), and joined in the items' order.
    func filterIndexBytes(
        _ index: Int, keys: [StableHasher.Digest]?, previous: FilterEntries.Previous?, jobs: Int
    ) -> (bytes: [UInt8], lengths: [Int]) {
        let gallery = site.galleries[index]
        let items = gallery.items
        let runCount = items.count >= 2000 ? max(1, min(jobs, items.count)) : 1
        let runs = (0..<runCount).map { items.count * $0 / runCount..<items.count * ($0 + 1) / runCount }
        let parts = runs.parallelMap(jobs: jobs, threshold: 2) { run in
            var bytes: [UInt8] = []
            bytes.reserveCapacity(run.count * 300)
            var lengths: [Int] = []
            lengths.reserveCapacity(run.count)
            var captions: [Rating: Caption] = [:]
            for position in run {
                if position > 0 { bytes.append(UInt8(ascii: ",")) }
                let start = bytes.count
                if let keys, let previous, let range = previous.range(of: keys[position], at: position) {
                    ByteView.of(previous.bytes) { $0.withBytes(in: range) { bytes.append(contentsOf: $0) } }
                } else {
                    let item = items[position]
                    let entry = filterEntry(item, columns: gallery.columns, captions: &captions, isNew: gallery.newIDs.contains(item.id))
                    ScriptJSON.entry(entry, to: &bytes)
                }
                lengths.append(bytes.count - start)
            }
            return (bytes: bytes, lengths: lengths)
        }
        var bytes = filterIndexPrefix(index)
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count } + 200)
        for part in parts { bytes += part.bytes }
        bytes += Self.filterIndexSuffix
        return (bytes, parts.flatMap(\.lengths))
    }

    /// One item's entry, with links relative to the site root: what the item's gallery cell
    /// (`cell(_:from:)`) shows, worked out without the rest of the cell. A catalog has few
    /// distinct ratings, so their captions are filled once each (`captions`).
    func filterEntry(_ item: Item, columns: Int, captions: inout [Rating: Caption], isNew: Bool = false) -> FilterEntry {
        let kind = item.kind
        var caption: Caption?
        if let rating = Self.rating(of: item) {
            if let known = captions[rating] {
                caption = known
            } else {
                caption = self.caption(rating)
                captions[rating] = caption
            }
        }
        let image = Self.shown(item.image, kind: kind, srcset: true)
        var entry = FilterEntry(
            title: item.title, authors: item.book.flatMap { Format.list($0.authors) }, kind: kind.rawValue,
            link: SitePath.home.link(to: .item(item.id)),
            imageURL: image?.src, imageSrcset: image?.srcset, imageWidth: image?.width, imageHeight: image?.height,
            still: image != nil && kind == .gif ? SafeURL.check(item.gif?.still?.url) : nil,
            published: Format.nonEmpty(item.book?.publishedDate).map { strings.date($0) }, rating: caption?.shown, ratingLabel: caption?.label,
            id: item.id.description, byline: Self.byline(of: item), isNew: isNew ? true : nil
        )
        if let owner = ownerView(item.id, withNote: false) {
            entry.ownerRating = owner.stars == nil ? nil : owner.rating
            entry.ownerStars = owner.stars
            entry.ownerRatingLabel = owner.stars == nil ? nil : owner.ratingLabel
            entry.tags = owner.hasTags ? owner.tags : nil
        }
        return entry
    }
}

/// The filter index's JSON (`ScriptJSONWriter`): what `JSONEncoder` (sorted keys, no escaped
/// slashes) writes, with `<`, `>`, `&`, U+2028 and U+2029 escaped as `JSONLD.scriptSafe` does.
enum ScriptJSON {
    /// A JSON string literal.
    static func string(_ text: String, to bytes: inout [UInt8]) {
        ScriptJSONWriter.string(text, to: &bytes)
    }

    /// `value` in decimal, as `String(value)` spells it.
    static func decimal(_ value: Int, to bytes: inout [UInt8]) {
        ScriptJSONWriter.decimal(value, to: &bytes)
    }

    /// One entry as a JSON object, keys sorted (as the encoder's `.sortedKeys` writes them),
    /// absent values left out.
    static func entry(_ entry: FilterEntry, to bytes: inout [UInt8]) {
        ScriptJSONWriter.object(to: &bytes) { object in
            object.text("a", entry.authors)
            object.text("b", entry.byline)
            object.text("d", entry.id)
            object.text("g", entry.ownerRating)
            object.text("h", entry.link)
            object.text("i", entry.imageURL)
            object.text("k", entry.kind)
            object.text("l", entry.ratingLabel)
            object.text("m", entry.still)
            object.flag("n", entry.isNew)
            object.text("o", entry.ownerStars)
            object.text("p", entry.published)
            object.text("q", entry.ownerRatingLabel)
            object.text("r", entry.rating)
            object.text("s", entry.imageSrcset)
            object.text("t", entry.title)
            object.number("v", entry.imageHeight)
            object.number("w", entry.imageWidth)
            object.texts("x", entry.tags)
        }
    }
}
