import Foundation
import Synchronization

extension CatalogFile {
    /// Reads a catalog in one pass over its bytes, for the common case: well-formed JSON of
    /// exactly the catalog's shape. It answers nil at the first thing it is not sure of —
    /// any syntax error, a type it does not expect, a repeated key, a number that is not
    /// plain, deep nesting — and the caller then decodes with `JSONDecoder`, whose errors
    /// name the line and column. So it never accepts what `JSONDecoder` refuses, and what
    /// it accepts decodes to the same values (a test compares the two on fuzzed catalogs).
    ///
    /// Why: `JSONDecoder` took about a third of a one-item rebuild at 10,000 items
    /// (0.3 s of 1 s); this takes a tenth of that.
    static func scan(_ bytes: UnsafeRawBufferPointer) -> CatalogFile? {
        guard let scanned = scan(bytes, cache: nil) else { return nil }
        switch scanned.elements {
        case .read(let elements):
            let entries = elements.compactMap { element -> Entry? in
                if case .entry(let entry) = element { return entry }
                return nil
            }
            return CatalogFile(format: scanned.format, items: entries)
        case .items(let items, _, _, invalidID: nil):
            // Made from entries as they were read: each field is the entry's.
            let entries = items.map { item in
                Entry(
                    id: item.id.value, title: item.title, rating: item.entry?.rating,
                    image: item.image.map { Entry.Image(url: $0.url, width: $0.width, height: $0.height) },
                    description: item.entry?.description, source: item.link)
            }
            return CatalogFile(format: scanned.format, items: entries)
        case .items:
            // An invalid id made no item: the entries as read in one pass.
            var scanner = Scanner(bytes: bytes)
            scanner.inParallel = false
            guard let again = scanner.catalog(), case .read(let elements) = again.elements else { return nil }
            return CatalogFile(format: again.format, items: elements.compactMap { if case .entry(let entry) = $0 { entry } else { nil } })
        }
    }

    /// The catalog's bytes scanned; an element whose bytes `cache` holds is not read again.
    /// `shared` holds the same bytes: an item taken from the cache may keep its description
    /// as a range of them.
    static func scan(_ bytes: UnsafeRawBufferPointer, cache: CatalogCache?, shared: SharedBytes? = nil) -> Scanned? {
        var scanner = Scanner(bytes: bytes)
        scanner.cache = cache
        scanner.shared = shared
        return scanner.catalog()
    }

    /// One element of `items`: read now, or an earlier build's checked item for the same bytes.
    enum Element {
        case entry(Entry)
        case cached(Item)
    }

    struct Scanned {
        let format: String
        let elements: Elements
        /// The digest of each element's bytes (to the next element, or the closing `]`) when
        /// the items were read in spans (`elementsInParallel`); empty otherwise.
        let spans: [StableHasher.Digest]
    }

    /// The elements of `items`, in the file's order.
    enum Elements {
        /// Read in one pass.
        case read([Element])
        /// Read in spans by every core, each made an item where it was read (the serial
        /// copying of 100,000 elements into items was a sizeable part of a rebuild);
        /// `fresh` tells the items read now from those taken from the cache. An element
        /// whose id is invalid makes no item (a placeholder stands in): `invalidID` is the
        /// first such element, and the read fails there. `descriptions`: for each item read
        /// now, where its description's JSON string is (its content, from the element's
        /// start), for the cache to keep instead of the text.
        case items([Item], fresh: [Bool], descriptions: [Range<Int>?], invalidID: (index: Int, entry: Entry)?)
    }

    struct Scanner {
        let bytes: UnsafeRawBufferPointer
        var position = 0
        var cache: CatalogCache?
        /// The bytes, shared by the items taken from the cache (`CatalogFile.scan`).
        var shared: SharedBytes?
        /// Where the last entry's description is in `bytes`: its content, between the quotes.
        var descriptionBytes: Range<Int>?
        /// Whether a large `items` array may be read by every core (`elementsInParallel`).
        var inParallel = true

        init(bytes: UnsafeRawBufferPointer) {
            self.bytes = bytes
        }

        mutating func catalog() -> Scanned? {
            var format: String?
            var items: (elements: Elements, spans: [StableHasher.Digest])?
            var seen: Set<String> = []
            let complete = object { key, scanner in
                guard seen.insert(key).inserted else { return false }
                switch key {
                case "format":
                    format = scanner.string()
                    return format != nil
                case "items":
                    items = scanner.elements()
                    return items != nil
                default:
                    return scanner.skipValue(depth: 0)
                }
            }
            skipWhitespace()
            guard complete, position == bytes.count, let format, let items else { return nil }
            return Scanned(format: format, elements: items.elements, spans: items.spans)
        }

        private mutating func elements() -> (elements: Elements, spans: [StableHasher.Digest])? {
            if inParallel, let read = elementsInParallel() { return read }
            var elements: [Element] = []
            let complete = array { scanner in
                guard let entry = scanner.entry() else { return false }
                elements.append(.entry(entry))
                return true
            }
            return complete ? (.read(elements), []) : nil
        }

        /// A large `items` array read by every core: a quick pass finds where each element
        /// starts, then each core reads a run of elements. Each element must end exactly
        /// where the quick pass saw the next one begin, so the result is the one-pass read's;
        /// nil (read in one pass instead) for small arrays, one core, or any doubt.
        ///
        /// Each element's bytes are hashed: an element the cache holds was read in an
        /// earlier build, byte for byte, and ended where the next began, so it is not read again.
        private mutating func elementsInParallel() -> (elements: Elements, spans: [StableHasher.Digest])? {
            let jobs = min(8, ProcessInfo.processInfo.activeProcessorCount)
            guard jobs > 1, bytes.count - position > 1 << 20, let (starts, end) = elementStarts(), starts.count >= 1000 else { return nil }
            // Read only, by every job, while this call holds the buffer.
            nonisolated(unsafe) let bytes = bytes
            let (cache, shared) = (cache, shared)
            let count = starts.count
            // Per job: whether its run was read to the end, and its first invalid id.
            let outcomes = Mutex<[(complete: Bool, invalidID: (index: Int, entry: Entry)?)]>(Array(repeating: (false, nil), count: jobs))
            var spans = [StableHasher.Digest](repeating: StableHasher.Digest(high: 0, low: 0), count: count)
            var fresh = [Bool](repeating: false, count: count)
            var descriptions = [Range<Int>?](repeating: nil, count: count)
            let items = spans.withUnsafeMutableBufferPointer { spans in
                fresh.withUnsafeMutableBufferPointer { fresh in
                    descriptions.withUnsafeMutableBufferPointer { descriptions in
                        [Item](unsafeUninitializedCapacity: count) { buffer, initialized in
                            // Each job initialises only its own run of the four buffers, every
                            // element of it (a placeholder where it stopped).
                            nonisolated(unsafe) let (buffer, spans, fresh, descriptions) = (buffer, spans, fresh, descriptions)
                            DispatchQueue.concurrentPerform(iterations: jobs) { job in
                                let run = count * job / jobs..<count * (job + 1) / jobs
                                var scanner = Scanner(bytes: bytes)
                                var invalidID: (index: Int, entry: Entry)?
                                var index = run.lowerBound
                                defer {
                                    for rest in index..<run.upperBound { (buffer.baseAddress! + rest).initialize(to: Self.placeholder) }
                                    let outcome = (index == run.upperBound, invalidID)
                                    outcomes.withLock { $0[job] = outcome }
                                }
                                while index < run.upperBound {
                                    let element = starts[index]..<(index + 1 < count ? starts[index + 1] : end)
                                    let span = StableHasher.digest(UnsafeRawBufferPointer(rebasing: bytes[element]))
                                    spans[index] = span
                                    if let item = cache?.item(for: span, element: element, in: shared) {
                                        (buffer.baseAddress! + index).initialize(to: item)
                                        index += 1
                                        continue
                                    }
                                    scanner.position = starts[index]
                                    guard let entry = scanner.entry() else { return }
                                    // `,` then the next element where the quick pass found it, or the closing `]`.
                                    if index + 1 < count {
                                        guard scanner.take(UInt8(ascii: ",")) else { return }
                                        scanner.skipWhitespace()
                                        guard scanner.position == starts[index + 1] else { return }
                                    } else {
                                        guard scanner.take(UInt8(ascii: "]")), scanner.position == end else { return }
                                    }
                                    if let item = CatalogFile.item(entry) {
                                        (buffer.baseAddress! + index).initialize(to: item)
                                    } else {
                                        (buffer.baseAddress! + index).initialize(to: Self.placeholder)
                                        if invalidID == nil { invalidID = (index, entry) }
                                    }
                                    fresh[index] = true
                                    descriptions[index] = scanner.descriptionBytes.map { ($0.lowerBound - element.lowerBound)..<($0.upperBound - element.lowerBound) }
                                    index += 1
                                }
                            }
                            initialized = count
                        }
                    }
                }
            }
            let ended = outcomes.withLock { $0 }
            guard ended.allSatisfy(\.complete) else { return nil }
            position = end
            return (.items(items, fresh: fresh, descriptions: descriptions, invalidID: ended.lazy.compactMap(\.invalidID).first), spans)
        }

        /// Stands in for an element that made no item (never seen: the read fails first).
        private static let placeholder = Item(id: ItemID(source: .file, value: "-"), title: "")

        /// The offset of each element of the array at `position` (`[` next, after
        /// whitespace), and the offset after its closing `]`, found by following strings and
        /// brackets only; nil when the bytes end first, or the array is empty.
        private func elementStarts() -> (starts: [Int], end: Int)? {
            var at = position
            func skipSpace() {
                while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
            }
            skipSpace()
            guard at < bytes.count, bytes[at] == UInt8(ascii: "[") else { return nil }
            at += 1
            skipSpace()
            guard at < bytes.count, bytes[at] != UInt8(ascii: "]") else { return nil }
            var starts = [at]
            var depth = 0
            while at < bytes.count {
                let byte = bytes[at]
                at += 1
                switch byte {
                case UInt8(ascii: "\""):
                    // The closing quote: the next `"` not escaped, found with `memchr`.
                    while true {
                        guard at < bytes.count, let found = memchr(bytes.baseAddress! + at, Int32(UInt8(ascii: "\"")), bytes.count - at) else { return nil }
                        let quote = bytes.baseAddress!.distance(to: UnsafeRawPointer(found))
                        var backslashes = 0
                        while quote - backslashes - 1 >= at, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                        at = quote + 1
                        if backslashes & 1 == 0 { break }
                    }
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    if depth == 0 {
                        guard byte == UInt8(ascii: "]") else { return nil }
                        return (starts, at)
                    }
                    depth -= 1
                case UInt8(ascii: ",") where depth == 0:
                    skipSpace()
                    starts.append(at)
                default:
                    break
                }
            }
            return nil
        }

        private mutating func entry() -> Entry? {
            var seen: Set<String> = []
            var id: String?
            var title: String?
            var description: String?
            var source: String?
            var rating: Double?
            var image: Entry.Image?
            descriptionBytes = nil
            let complete = object { key, scanner in
                guard seen.insert(key).inserted else { return false }
                switch key {
                case "id":
                    id = scanner.string()
                    return id != nil
                case "title":
                    title = scanner.string()
                    return title != nil
                case "description":
                    return scanner.optional {
                        let start = $0.position + 1
                        description = $0.string()
                        if description != nil { $0.descriptionBytes = start..<($0.position - 1) }
                        return description != nil
                    }
                case "source":
                    return scanner.optional {
                        source = $0.string()
                        return source != nil
                    }
                case "rating":
                    return scanner.optional {
                        rating = $0.double()
                        return rating != nil
                    }
                case "image":
                    return scanner.optional {
                        image = $0.image()
                        return image != nil
                    }
                default: return scanner.skipValue(depth: 1)
                }
            }
            guard complete, let id, let title else { return nil }
            return Entry(id: id, title: title, rating: rating, image: image, description: description, source: source)
        }

        private mutating func image() -> Entry.Image? {
            var seen: Set<String> = []
            var url: String?
            var width: Int?
            var height: Int?
            let complete = object { key, scanner in
                guard seen.insert(key).inserted else { return false }
                switch key {
                case "url":
                    url = scanner.string()
                    return url != nil
                case "width":
                    return scanner.optional {
                        width = $0.integer()
                        return width != nil
                    }
                case "height":
                    return scanner.optional {
                        height = $0.integer()
                        return height != nil
                    }
                default: return scanner.skipValue(depth: 2)
                }
            }
            guard complete, let url else { return nil }
            return Entry.Image(url: url, width: width, height: height)
        }

        // MARK: JSON

        /// `{ "key": value, … }`, each value read by `member`; false on any error.
        private mutating func object(_ member: (String, inout Scanner) -> Bool) -> Bool {
            guard take(UInt8(ascii: "{")) else { return false }
            if take(UInt8(ascii: "}")) { return true }
            repeat {
                skipWhitespace()
                guard let key = string(), take(UInt8(ascii: ":")) else { return false }
                skipWhitespace()
                guard member(key, &self) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "}"))
        }

        /// `[ value, … ]`, each element read by `element`; false on any error.
        private mutating func array(_ element: (inout Scanner) -> Bool) -> Bool {
            guard take(UInt8(ascii: "[")) else { return false }
            if take(UInt8(ascii: "]")) { return true }
            repeat {
                skipWhitespace()
                guard element(&self) else { return false }
            } while take(UInt8(ascii: ","))
            return take(UInt8(ascii: "]"))
        }

        /// `null` (the field stays nil), or the value read by `read`.
        private mutating func optional(_ read: (inout Scanner) -> Bool) -> Bool {
            if literal("null") { return true }
            return read(&self)
        }

        /// Skips whitespace, then consumes `byte` if it is next.
        private mutating func take(_ byte: UInt8) -> Bool {
            skipWhitespace()
            guard position < bytes.count, bytes[position] == byte else { return false }
            position += 1
            return true
        }

        private mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case 0x20, 0x0A, 0x0D, 0x09: position += 1
                default: return
                }
            }
        }

        private mutating func literal(_ word: StaticString) -> Bool {
            let count = word.utf8CodeUnitCount
            guard position + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
            position += count
            return true
        }

        /// A string; nil for anything but plain UTF-8 with the escapes JSON allows and
        /// paired surrogates.
        mutating func string() -> String? {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
            position += 1
            let start = position
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") {
                    let text = String(validUTF8: UnsafeRawBufferPointer(rebasing: bytes[start..<position]))
                    position += 1
                    return text
                }
                if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
                if byte < 0x20 { return nil }
                position += 1
            }
            return nil
        }

        /// A string that has escapes, whose content starts at `start`: its end found (each
        /// backslash takes the byte after it), then its escapes undone (`JSONString`).
        private mutating func escapedString(from start: Int) -> String? {
            while position < bytes.count {
                let byte = bytes[position]
                if byte == UInt8(ascii: "\"") { break }
                if byte < 0x20 { return nil }
                position += byte == UInt8(ascii: "\\") ? 2 : 1
            }
            guard position < bytes.count else { return nil }
            let raw = UnsafeRawBufferPointer(rebasing: bytes[start..<position])
            position += 1
            var utf8 = [UInt8](repeating: 0, count: raw.count)
            guard let length = utf8.withUnsafeMutableBytes({ JSONString.unescape(raw, into: $0) }) else { return nil }
            return utf8.withUnsafeBytes { String(validUTF8: UnsafeRawBufferPointer(rebasing: $0[..<length])) }
        }

        /// The bytes of a number in JSON's grammar (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
        private mutating func numberBytes() -> (text: String, integral: Bool)? {
            let start = position
            func digits() -> Int {
                let from = position
                while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
                return position - from
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
            let intStart = position
            let count = digits()
            guard count > 0, count == 1 || bytes[intStart] != UInt8(ascii: "0") else { return nil }
            var integral = true
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                guard digits() > 0 else { return nil }
                integral = false
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
                guard digits() > 0 else { return nil }
                integral = false
            }
            return (String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self), integral)
        }

        /// A finite number with at most 17 significant digits (longer ones go the long way,
        /// so rounding is never in question).
        private mutating func double() -> Double? {
            guard let (text, _) = numberBytes(), text.utf8.count <= 24,
                let value = Double(text), value.isFinite
            else { return nil }
            return value
        }

        /// A plain integer that fits an `Int`.
        private mutating func integer() -> Int? {
            guard let (text, integral) = numberBytes(), integral else { return nil }
            return Int(text)
        }

        /// Skips any JSON value (unknown keys), at most 64 levels deep.
        mutating func skipValue(depth: Int) -> Bool {
            guard depth < 64, position < bytes.count else { return false }
            switch bytes[position] {
            case UInt8(ascii: "\""): return string() != nil
            case UInt8(ascii: "{"):
                var seen: Set<String> = []
                return object { key, scanner in seen.insert(key).inserted && scanner.skipValue(depth: depth + 1) }
            case UInt8(ascii: "["): return array { $0.skipValue(depth: depth + 1) }
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return numberBytes() != nil
            }
        }
    }
}
