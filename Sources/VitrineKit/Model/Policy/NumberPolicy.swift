/// The one number policy: a number from outside is range-checked where it is decoded.
/// A value outside its field's range is left out (the page shows no rating rather than a
/// wrong one) and reported as one problem naming the field; nothing later can trap on it.
///
/// | field | range |
/// | --- | --- |
/// | ratings | 0 to the scale (TMDB and catalogs 10, Google Books and the App Store 5), finite |
/// | counts, sizes | 0 … 2^53 |
/// | image width, height | 1 … 100,000 (0 means unknown and is left out silently) |
/// | prices | 0 … 1,000,000, finite |
/// | a snapshot's `totalResults` | at least its item count |
enum NumberPolicy {
    static let maxCount: Int64 = 1 << 53
    static let maxImageSide = 100_000

    /// Applies the ranges to one item's fields, collecting problems.
    struct Checker {
        var problems: [Item.Problem] = []

        mutating func rating(_ value: Double?, outOf scale: Double, _ path: [String]) -> Double? {
            guard let value else { return nil }
            guard value.isFinite, (0...scale).contains(value) else {
                problems.append(Item.Problem(path: path, message: "\(value) is not a rating from 0 to \(Int(scale)); left out"))
                return nil
            }
            return value
        }

        mutating func price(_ value: Double?, _ path: [String]) -> Double? {
            guard let value else { return nil }
            guard value.isFinite, (0...1_000_000).contains(value) else {
                problems.append(Item.Problem(path: path, message: "\(value) is not a price from 0 to 1,000,000; left out"))
                return nil
            }
            return value
        }

        mutating func count<Number: BinaryInteger>(_ value: Number?, _ path: [String]) -> Number? {
            guard let value else { return nil }
            guard value >= 0, Int64(clamping: value) <= maxCount else {
                problems.append(Item.Problem(path: path, message: "\(value) is not a count from 0 to 2^53; left out"))
                return nil
            }
            return value
        }

        /// The picture with a checked URL and plausible dimensions; nil when the URL is refused.
        mutating func picture(_ picture: Picture, _ path: [String]) -> Picture? {
            guard let url = SafeURL.check(picture.url) else { return nil }
            return Picture(
                url: url, width: side(picture.width, path + ["width"]), height: side(picture.height, path + ["height"]),
                renditions: renditions(picture.renditions, path + ["renditions"])
            )
        }

        /// Each rendition's URL checked and sides bounded; one without a usable width is left out.
        mutating func renditions(_ renditions: [Rendition]?, _ path: [String]) -> [Rendition]? {
            guard let renditions else { return nil }
            let kept = renditions.enumerated().compactMap { offset, rendition -> Rendition? in
                guard let url = SafeURL.check(rendition.url), let width = side(rendition.width, path + ["\(offset)", "width"]) else { return nil }
                return Rendition(url: url, width: width, height: side(rendition.height, path + ["\(offset)", "height"]))
            }
            return kept.isEmpty ? nil : kept
        }

        private mutating func side(_ value: Int?, _ path: [String]) -> Int? {
            guard let value, value != 0 else { return nil }
            guard (1...maxImageSide).contains(value) else {
                problems.append(Item.Problem(path: path, message: "\(value) is not an image size from 1 to \(Format.grouped(maxImageSide)); left out"))
                return nil
            }
            return value
        }
    }
}
