import Foundation

/// One item of a gallery's find-as-you-type index, as `vitrine-filter.js` reads it; short
/// keys, since a gallery of 500 movies has 500 of them.
struct FilterEntry: Encodable, Equatable {
    /// Title.
    let t: String
    /// Authors (books), else absent.
    let a: String?
    /// `gif`, `movie`, `book`, `app`, `entry`.
    let k: String
    /// Link to the detail page, relative to the site root.
    let h: String
    /// Image: src, srcset (absent when one size), width, height; still for reduced motion (GIFs).
    let i: String?
    let s: String?
    let w: Int?
    let v: Int?
    let m: String?
    /// Caption extras: published date (books), rating display and its spoken label.
    let p: String?
    let r: String?
    let l: String?
    /// The id (`data-id`), a list row's byline, and whether the last refresh added it (the
    /// "New" badge: `true`, else absent).
    var d: String? = nil
    var b: String? = nil
    var n: Bool? = nil
    /// The owner's rating (`data-owner-rating`), as stars and in words, and tags (absent
    /// when none): the `cell-owner` partial's.
    var g: String? = nil
    var o: String? = nil
    var q: String? = nil
    var x: [String]? = nil
}

extension PageFactory {
    /// `<gallery>/filter-index.js`: every item of the gallery (not only one page's), assigned
    /// to `window.vitrineFilterIndex[<gallery>]`. A script file rather than JSON, so a page
    /// opened from file:// can load it with a script tag. The data is JSON (`ScriptJSON`) with
    /// `<`, `>`, `&`, U+2028 and U+2029 escaped, so no title can end the script, start markup
    /// or end a line.
    func filterIndex(_ index: Int) -> String {
        String(decoding: filterIndexBytes(index), as: UTF8.self)
    }

    /// `filterIndex` as bytes.
    func filterIndexBytes(_ index: Int) -> [UInt8] {
        filterIndexBytes(index, keys: nil, previous: nil).bytes
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
    /// the others are made. A large gallery's entries are made by every core, a run of items
    /// each, and joined in order: a one-item rebuild of a 10,000-item gallery rewrites this
    /// file, and it was a sixth of such a rebuild on one core.
    func filterIndexBytes(_ index: Int, keys: [StableHasher.Digest]?, previous: FilterEntries.Previous?) -> (bytes: [UInt8], lengths: [Int]) {
        let gallery = site.galleries[index]
        let items = gallery.items
        let jobs = items.count >= 2000 ? min(8, ProcessInfo.processInfo.activeProcessorCount) : 1
        let runs = (0..<jobs).map { items.count * $0 / jobs..<items.count * ($0 + 1) / jobs }
        var parts = [(bytes: [UInt8], lengths: [Int])](repeating: ([], []), count: jobs)
        parts.withUnsafeMutableBufferPointer { parts in
            // Each job writes only its own element.
            nonisolated(unsafe) let parts = parts
            DispatchQueue.concurrentPerform(iterations: jobs) { job in
                var bytes: [UInt8] = []
                bytes.reserveCapacity(runs[job].count * 300)
                var lengths: [Int] = []
                lengths.reserveCapacity(runs[job].count)
                var captions: [Rating: Caption] = [:]
                for position in runs[job] {
                    if position > 0 { bytes.append(UInt8(ascii: ",")) }
                    let start = bytes.count
                    if let keys, let previous, let range = previous.range(of: keys[position], at: position) {
                        previous.bytes.withUnsafeBytes { bytes.append(contentsOf: $0[range]) }
                    } else {
                        let item = items[position]
                        let entry = filterEntry(item, columns: gallery.columns, captions: &captions, isNew: gallery.newIDs.contains(item.id))
                        ScriptJSON.entry(entry, to: &bytes)
                    }
                    lengths.append(bytes.count - start)
                }
                parts[job] = (bytes, lengths)
            }
        }
        var bytes = filterIndexPrefix(index)
        bytes.reserveCapacity(parts.reduce(0) { $0 + $1.bytes.count } + 200)
        for part in parts { bytes += part.bytes }
        bytes += Self.filterIndexSuffix
        return (bytes, parts.flatMap(\.lengths))
    }

    /// One item's entry, with links relative to the site root: what the item's gallery cell
    /// (`cell(_:from:)`) shows, worked out without the rest of the cell. A catalog has few
    /// distinct ratings, so their captions are filled once each (`captions`); filling them
    /// per item was a fifth of a 100,000-item filter index.
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
            t: item.title, a: item.book.flatMap { Format.list($0.authors) }, k: kind.rawValue,
            h: SitePath.home.link(to: .item(item.id)),
            i: image?.src, s: image?.srcset, w: image?.width, v: image?.height,
            m: image != nil && kind == .gif ? SafeURL.check(item.gif?.still?.url) : nil,
            p: Format.nonEmpty(item.book?.publishedDate).map { strings.date($0) }, r: caption?.shown, l: caption?.label,
            d: item.id.description, b: Self.byline(of: item), n: isNew ? true : nil
        )
        if let owner = ownerView(item.id, withNote: false) {
            entry.g = owner.stars == nil ? nil : owner.rating
            entry.o = owner.stars
            entry.q = owner.stars == nil ? nil : owner.ratingLabel
            entry.x = owner.hasTags ? owner.tags : nil
        }
        return entry
    }
}

/// JSON for inside a `<script>`, written byte by byte: what `JSONEncoder` (sorted keys, no
/// escaped slashes) writes, with `<`, `>`, `&`, U+2028 and U+2029 escaped as `JSONLD.scriptSafe`
/// does. A large gallery's filter index is rewritten on every build that changes one of its
/// titles; through the encoder it was a fifth of such a rebuild.
enum ScriptJSON {
    /// A JSON string literal.
    static func string(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            while index < utf8.count {
                // A run of bytes that stand for themselves is copied at once.
                var end = index
                while end < utf8.count, !Self.isSpecial(utf8[end]) { end += 1 }
                if end > index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index..<end])) }
                guard end < utf8.count else { break }
                let byte = utf8[end]
                index = end + 1
                switch byte {
                case UInt8(ascii: "\""): bytes += #"\""#.utf8
                case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
                case 0x0A: bytes += #"\n"#.utf8
                case 0x0D: bytes += #"\r"#.utf8
                case 0x09: bytes += #"\t"#.utf8
                case 0x08: bytes += #"\b"#.utf8
                case 0x0C: bytes += #"\f"#.utf8
                case 0x00..<0x20: unicodeEscape(UInt16(byte), to: &bytes)
                case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"): unicodeEscape(UInt16(byte), to: &bytes)
                default:
                    // 0xE2: U+2028 and U+2029 (E2 80 A8, E2 80 A9) end a line in a script. E2
                    // leads a three-byte sequence (a String is valid UTF-8): its two
                    // continuation bytes need no escaping of their own.
                    let second = index < utf8.count ? utf8[index] : 0
                    let third = index + 1 < utf8.count ? utf8[index + 1] : 0
                    if second == 0x80, third == 0xA8 || third == 0xA9 {
                        unicodeEscape(third == 0xA8 ? 0x2028 : 0x2029, to: &bytes)
                        index += 2
                    } else {
                        bytes.append(byte)
                    }
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The bytes `string` does not copy as they are: controls, `"`, `\\`, `<`, `>`, `&`, and
    /// 0xE2 (which may lead U+2028 or U+2029). Compared, not looked up in a table: a global
    /// table is initialised lazily, and checking that on every byte was a tenth of a
    /// 100,000-item filter index.
    @inline(__always)
    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C || byte == 0x3E || byte == 0x26 || byte == 0xE2
    }

    /// `\u` and four lower-case hex digits.
    private static func unicodeEscape(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes += #"\u"#.utf8
        for shift in stride(from: 12, through: 0, by: -4) {
            let nibble = UInt8(truncatingIfNeeded: value >> UInt16(shift)) & 0x0F
            bytes.append(nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ nibble &- 10)
        }
    }

    /// One entry as a JSON object, keys sorted, absent values left out. Keys are one letter
    /// and numbers are written digit by digit: through `String`s, they were a sixth of a
    /// large gallery's filter index.
    static func entry(_ entry: FilterEntry, to bytes: inout [UInt8]) {
        var first = true
        func key(_ name: UInt8) {
            bytes.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
            bytes.append(UInt8(ascii: "\""))
            bytes.append(name)
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
            first = false
        }
        func text(_ name: UInt8, _ value: String?) {
            guard let value else { return }
            key(name)
            string(value, to: &bytes)
        }
        func number(_ name: UInt8, _ value: Int?) {
            guard let value else { return }
            key(name)
            decimal(value, to: &bytes)
        }
        func flag(_ name: UInt8, _ value: Bool?) {
            guard let value else { return }
            key(name)
            bytes += value ? "true".utf8 : "false".utf8
        }
        func texts(_ name: UInt8, _ values: [String]?) {
            guard let values else { return }
            key(name)
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                string(value, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
        // Sorted, as the encoder's `.sortedKeys` writes them.
        text(UInt8(ascii: "a"), entry.a)
        text(UInt8(ascii: "b"), entry.b)
        text(UInt8(ascii: "d"), entry.d)
        text(UInt8(ascii: "g"), entry.g)
        text(UInt8(ascii: "h"), entry.h)
        text(UInt8(ascii: "i"), entry.i)
        text(UInt8(ascii: "k"), entry.k)
        text(UInt8(ascii: "l"), entry.l)
        text(UInt8(ascii: "m"), entry.m)
        flag(UInt8(ascii: "n"), entry.n)
        text(UInt8(ascii: "o"), entry.o)
        text(UInt8(ascii: "p"), entry.p)
        text(UInt8(ascii: "q"), entry.q)
        text(UInt8(ascii: "r"), entry.r)
        text(UInt8(ascii: "s"), entry.s)
        text(UInt8(ascii: "t"), entry.t)
        number(UInt8(ascii: "v"), entry.v)
        number(UInt8(ascii: "w"), entry.w)
        texts(UInt8(ascii: "x"), entry.x)
        if first {
            bytes.append(UInt8(ascii: "{"))
        }
        bytes.append(UInt8(ascii: "}"))
    }

    /// `value` in decimal, as `String(value)` spells it.
    static func decimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        repeat {
            bytes.append(UInt8(ascii: "0") &+ UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        } while divisor > 0
    }
}
