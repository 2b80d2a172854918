import Foundation
import VitrineBytes

extension CatalogFile {
    /// Reads a catalog in one pass over its bytes (`JSONByteScanner`), for the common case:
    /// well-formed JSON of exactly the catalog's shape. It answers nil at the first thing it
    /// is not sure of — any syntax error, a type it does not expect, a repeated key, a number
    /// that is not plain, deep nesting — and the caller then decodes with `JSONDecoder`, whose
    /// errors name the line and column. So it never accepts what `JSONDecoder` refuses, and
    /// what it accepts decodes to the same values (a test compares the two on fuzzed catalogs).
    static func scan(_ data: Data, jobs: Int) -> CatalogFile? {
        ByteView.of(data) { bytes in
            guard let scanned = Reader(cache: nil, shared: nil, jobs: jobs).catalog(bytes) else { return nil }
            switch scanned.elements {
            case .read(let elements):
                return CatalogFile(format: scanned.format, items: elements.compactMap(\.entry))
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
                guard let again = Reader(cache: nil, shared: nil, jobs: 1).catalog(bytes), case .read(let elements) = again.elements else { return nil }
                return CatalogFile(format: again.format, items: elements.compactMap(\.entry))
            }
        }
    }

    /// The catalog's bytes scanned, a large `items` array on up to `jobs` threads; an element
    /// whose bytes `cache` holds is not read again. `shared` holds the same bytes: an item
    /// taken from the cache may keep its description as a range of them.
    static func scan(_ data: Data, cache: CatalogCache?, shared: SharedBytes? = nil, jobs: Int) -> Scanned? {
        ByteView.of(data) { Reader(cache: cache, shared: shared, jobs: jobs).catalog($0) }
    }

    /// One element of `items`: read now, or an earlier build's checked item for the same bytes.
    enum Element {
        case entry(Entry)
        case cached(Item)

        var entry: Entry? {
            if case .entry(let entry) = self { entry } else { nil }
        }
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
        /// Read in runs by up to `jobs` threads, each element made an item by the thread that
        /// read it; `fresh` tells the items read now from those taken from the cache. An
        /// element whose id is invalid makes no item (a placeholder stands in): `invalidID` is
        /// the first such element, and the read fails there. `descriptions`: for each item
        /// read now, where its description's JSON string is (its content, from the element's
        /// start), for the cache to keep instead of the text.
        case items([Item], fresh: [Bool], descriptions: [Range<Int>?], invalidID: (index: Int, entry: Entry)?)
    }

    /// What a catalog is, read from its bytes: an object with a `format` and an `items` array
    /// of entries, each with an `id`, a `title` and optional fields.
    struct Reader {
        let cache: CatalogCache?
        /// The bytes, shared by the items taken from the cache (`CatalogFile.scan`).
        let shared: SharedBytes?
        /// Threads that may read a large `items` array (`elementsInParallel`): the build's `--jobs`.
        let jobs: Int

        func catalog(_ bytes: ByteView) -> Scanned? {
            var json = JSONByteScanner(bytes: bytes)
            var format: String?
            var items: (elements: Elements, spans: [StableHasher.Digest])?
            var seen: Set<String> = []
            let complete = json.object { key, json in
                guard seen.insert(key).inserted else { return false }
                switch key {
                case "format":
                    format = json.string()
                    return format != nil
                case "items":
                    items = elements(&json)
                    return items != nil
                default:
                    return json.skipValue(depth: 0)
                }
            }
            guard complete, json.isAtEnd(), let format, let items else { return nil }
            return Scanned(format: format, elements: items.elements, spans: items.spans)
        }

        private func elements(_ json: inout JSONByteScanner) -> (elements: Elements, spans: [StableHasher.Digest])? {
            if let read = elementsInParallel(&json) { return read }
            var elements: [Element] = []
            let complete = json.array { json in
                guard let (entry, _) = Self.entry(&json) else { return false }
                elements.append(.entry(entry))
                return true
            }
            return complete ? (.read(elements), []) : nil
        }

        /// A large `items` array read by up to `jobs` threads: a quick pass finds where each
        /// element starts (`arrayElementStarts`), then each thread reads a run of elements
        /// (`parallelMap`, in order). Each element must end exactly where the quick pass saw
        /// the next one begin, so the result is the one-pass read's; nil (read in one pass
        /// instead) for small arrays or any doubt.
        ///
        /// Each element's bytes are hashed: an element the cache holds was read in an
        /// earlier build, byte for byte, and ended where the next began, so it is not read again.
        private func elementsInParallel(_ json: inout JSONByteScanner) -> (elements: Elements, spans: [StableHasher.Digest])? {
            guard json.bytes.count - json.position > 1 << 20, let (starts, end) = json.arrayElementStarts(), starts.count >= 1000 else { return nil }
            let bytes = json.bytes
            let count = starts.count
            let runCount = max(1, min(jobs, count))
            let runs = (0..<runCount).map { count * $0 / runCount..<count * ($0 + 1) / runCount }
            let read = runs.parallelMap(jobs: jobs, threshold: 2) { readRun($0, starts: starts, end: end, in: bytes) }
            guard read.allSatisfy(\.complete) else { return nil }
            json.position = end
            var all = Run()
            all.reserve(count)
            for run in read { all.append(run) }
            let invalidID = read.lazy.compactMap(\.invalidID).first
            return (.items(all.items, fresh: all.fresh, descriptions: all.descriptions, invalidID: invalidID), all.spans)
        }

        /// What one thread read of the elements: for each, its item (a placeholder for an
        /// invalid id), its bytes' digest, whether it was read now, and where its description is.
        private struct Run {
            var items: [Item] = []
            var spans: [StableHasher.Digest] = []
            var fresh: [Bool] = []
            var descriptions: [Range<Int>?] = []
            /// Every element of the run was read, each ending where the next began.
            var complete = false
            var invalidID: (index: Int, entry: Entry)?

            mutating func reserve(_ count: Int) {
                items.reserveCapacity(count)
                spans.reserveCapacity(count)
                fresh.reserveCapacity(count)
                descriptions.reserveCapacity(count)
            }

            mutating func append(_ run: Run) {
                items += run.items
                spans += run.spans
                fresh += run.fresh
                descriptions += run.descriptions
            }
        }

        /// The elements at `run` of the array whose elements start at `starts` and which ends
        /// at `end`; it stops (incomplete) at the first element that does not end where the
        /// next starts.
        private func readRun(_ run: Range<Int>, starts: [Int], end: Int, in bytes: ByteView) -> Run {
            var read = Run()
            read.reserve(run.count)
            var json = JSONByteScanner(bytes: bytes)
            for index in run {
                let element = starts[index]..<(index + 1 < starts.count ? starts[index + 1] : end)
                let span = bytes.withBytes(in: element, StableHasher.digest)
                read.spans.append(span)
                if let item = cache?.item(for: span, element: element, in: shared) {
                    read.items.append(item)
                    read.fresh.append(false)
                    read.descriptions.append(nil)
                    continue
                }
                json.position = starts[index]
                guard let (entry, description) = Self.entry(&json) else { return read }
                // `,` then the next element where the quick pass found it, or the closing `]`.
                if index + 1 < starts.count {
                    guard json.take(UInt8(ascii: ",")) else { return read }
                    json.skipWhitespace()
                    guard json.position == starts[index + 1] else { return read }
                } else {
                    guard json.take(UInt8(ascii: "]")), json.position == end else { return read }
                }
                if let item = CatalogFile.item(entry) {
                    read.items.append(item)
                } else {
                    read.items.append(Self.placeholder)
                    if read.invalidID == nil { read.invalidID = (index, entry) }
                }
                read.fresh.append(true)
                read.descriptions.append(description.map { ($0.lowerBound - element.lowerBound)..<($0.upperBound - element.lowerBound) })
            }
            read.complete = true
            return read
        }

        /// Stands in for an element that made no item (never seen: the read fails first).
        private static let placeholder = Item(id: ItemID(source: .catalog, value: "-"), title: "")

        /// One entry, and where its description's content is in the bytes (between the quotes).
        private static func entry(_ json: inout JSONByteScanner) -> (entry: Entry, description: Range<Int>?)? {
            var seen: Set<String> = []
            var id: String?
            var title: String?
            var description: String?
            var descriptionBytes: Range<Int>?
            var source: String?
            var rating: Double?
            var image: Entry.Image?
            let complete = json.object { key, json in
                guard seen.insert(key).inserted else { return false }
                switch key {
                case "id":
                    id = json.string()
                    return id != nil
                case "title":
                    title = json.string()
                    return title != nil
                case "description":
                    return json.optional {
                        let start = $0.position + 1
                        description = $0.string()
                        if description != nil { descriptionBytes = start..<($0.position - 1) }
                        return description != nil
                    }
                case "source":
                    return json.optional {
                        source = $0.string()
                        return source != nil
                    }
                case "rating":
                    return json.optional {
                        rating = $0.double()
                        return rating != nil
                    }
                case "image":
                    return json.optional {
                        image = Self.image(&$0)
                        return image != nil
                    }
                default: return json.skipValue(depth: 1)
                }
            }
            guard complete, let id, let title else { return nil }
            return (Entry(id: id, title: title, rating: rating, image: image, description: description, source: source), descriptionBytes)
        }

        private static func image(_ json: inout JSONByteScanner) -> Entry.Image? {
            var seen: Set<String> = []
            var url: String?
            var width: Int?
            var height: Int?
            let complete = json.object { key, json in
                guard seen.insert(key).inserted else { return false }
                switch key {
                case "url":
                    url = json.string()
                    return url != nil
                case "width":
                    return json.optional {
                        width = $0.integer()
                        return width != nil
                    }
                case "height":
                    return json.optional {
                        height = $0.integer()
                        return height != nil
                    }
                default: return json.skipValue(depth: 2)
                }
            }
            guard complete, let url else { return nil }
            return Entry.Image(url: url, width: width, height: height)
        }
    }
}
