import Foundation
import VitrineBytes

/// A large catalog's items as an earlier build read them, by the digest of each item's bytes
/// in the file, kept in `SITE/.vitrine-cache/catalogs/`. A rebuild after one item was edited
/// takes every other item from here instead of parsing it again.
///
/// Only items that passed every policy without a problem are kept, and only for catalogs read
/// in spans (`CatalogFile.Reader`: over 1 MB and 1,000 items). Items taken from the cache go
/// through the policies again like any other (`CatalogFile.read`): the cache saves parsing,
/// never checking. It is an optimisation, never an input: a file that is missing or from
/// another vitrine binary counts as empty, a damaged record as missing, a file whose records
/// stop making sense as empty from there; a cache that cannot be written is not written.
///
/// The file is a header, then records, each checked by its own digest. New items are
/// appended in one `write`; when the file holds more than twice the records the catalog uses,
/// it is rewritten with only those (beside it, then renamed into place).
struct CatalogCache: Sendable {
    /// The file as read, shared by the items taken from it: their descriptions stay bytes
    /// of the file until a page shows them (`EntryText`).
    private var shared = SharedBytes(Data())
    private var bytes: Data { shared.data }
    /// Digest of an item's bytes (up to the next item, or the closing `]`) → where its record
    /// is in `bytes`. Items are decoded when looked up, by the reader's threads.
    private var index: [StableHasher.Digest: Range<Int>] = [:]
    /// Records in the file; more than `count` when an item's record repeats.
    private var records = 0
    /// The file has this binary's header and ends after its last whole record: new records
    /// can be appended.
    private var appendable = false

    /// Items the cache holds (a damaged record among them is a miss when looked up).
    var count: Int { index.count }

    /// `vitrine-catalog-cache/2` (version 1 copied every description), then the vitrine binary
    /// that wrote it: a new binary may read items differently, so its first build reads every
    /// item again.
    static var header: [UInt8] {
        Array("vitrine-catalog-cache/2 \(VitrineVersion.current) \(executableStamp)\n".utf8)
    }

    /// Size, inode and modification time of the running executable.
    private static let executableStamp: String = {
        var status = stat()
        guard stat("/proc/self/exe", &status) == 0 || stat(CommandLine.arguments[0], &status) == 0 else { return "unknown" }
        return "\(status.st_size)-\(status.st_ino)-\(status.st_mtim.tv_sec).\(status.st_mtim.tv_nsec)"
    }()

    /// Where a site's catalog at `relative` (`catalog.json`) keeps its cache.
    static func location(site: URL, relative: String) -> URL {
        var hasher = StableHasher()
        hasher.combine(relative)
        return site.appendingPathComponent(".vitrine-cache/catalogs/\(hasher.finalize()).items")
    }

    /// Only what `CatalogFile` makes of an entry can be kept: a `file` id, an entry's
    /// details, an image with one size.
    static func canKeep(_ item: Item) -> Bool {
        guard item.id.source == .catalog, case .entry? = item.details else { return false }
        return item.image?.renditions == nil
    }

    /// The cache at `url`: every whole record up to the first that is not.
    static func read(from url: URL) -> CatalogCache {
        guard let data = FileBytes.read(atPath: url.path) else { return CatalogCache() }
        return CatalogCache(data)
    }

    /// An empty cache.
    init() {}

    /// Indexes the records of a cache file's bytes, without decoding them.
    init(_ data: Data) {
        let header = Self.header
        guard data.count >= header.count, data.prefix(header.count).elementsEqual(header) else { return }
        shared = SharedBytes(data)
        var position = header.count
        var index: [StableHasher.Digest: Range<Int>] = [:]
        var records = 0
        let complete = data.withUnsafeBytes { bytes -> Bool in
            index.reserveCapacity(bytes.count / 1024)
            while position < bytes.count {
                // Length, the payload's digest, then the payload, which starts with the item's digest.
                var head = BinaryReader(bytes: bytes, position: position)
                guard let length = head.word(), head.word() != nil, head.word() != nil, length >= 16,
                    length <= UInt64(bytes.count - head.position), let high = head.word(), let low = head.word()
                else { return false }
                let end = position + Self.recordHead + Int(length)
                index[StableHasher.Digest(high: high, low: low)] = position..<end
                records += 1
                position = end
            }
            return true
        }
        self.index = index
        self.records = records
        appendable = complete
    }

    /// The item whose bytes have `digest`, when its record is whole. Those bytes are
    /// `element` of `catalog`: a description the record keeps as a place in them is read
    /// from there.
    func item(for digest: StableHasher.Digest, element: Range<Int>? = nil, in catalog: SharedBytes? = nil) -> Item? {
        guard let range = index[digest] else { return nil }
        return ByteView.of(bytes) { bytes in
            guard let payload = Self.payload(of: range, in: bytes) else { return nil }
            let place = element.flatMap { element in catalog.map { ($0, element) } }
            let decoded = bytes.withBytes(in: payload) {
                var reader = BinaryReader(bytes: $0, position: 0)
                return Self.decodePayload(&reader, in: shared, at: payload.lowerBound, element: place)
            }
            guard let (found, item) = decoded, found == digest else { return nil }
            return item
        }
    }

    /// Whether the cache holds a whole record for `digest` (its payload matches its digest).
    func holdsWholeRecord(for digest: StableHasher.Digest) -> Bool {
        guard let range = index[digest] else { return false }
        return ByteView.of(bytes) { Self.payload(of: range, in: $0) != nil }
    }

    /// A record's length and payload digest, before its payload: three words.
    private static let recordHead = 24

    /// Where the payload of the record at `range` (indexed by `init`) is, when its digest matches.
    private static func payload(of range: Range<Int>, in bytes: ByteView) -> Range<Int>? {
        let head = bytes.withBytes(in: range) { record -> (high: UInt64, low: UInt64)? in
            var head = BinaryReader(bytes: record, position: 0)
            guard head.word() != nil, let high = head.word(), let low = head.word() else { return nil }
            return (high, low)
        }
        guard let head, range.count >= recordHead else { return nil }
        let payload = (range.lowerBound + recordHead)..<range.upperBound
        return bytes.withBytes(in: payload, StableHasher.digest) == StableHasher.Digest(high: head.high, low: head.low) ? payload : nil
    }

    /// An item read this time, by the digest of its bytes; `description`, where its
    /// description's JSON string is in those bytes (its content, from their start), when
    /// the policies left the description as it was read.
    typealias Learned = (digest: StableHasher.Digest, item: Item, description: Range<Int>?)

    /// Records the items read this time (`learned`, not in the cache), given the digest of
    /// every item the catalog has now (`inUse`): appended, or the file rewritten with only
    /// what is in use when it is not appendable or mostly unused (whole records copied).
    mutating func update(at url: URL, learned: [Learned], inUse: [StableHasher.Digest]) {
        guard !learned.isEmpty || !appendable else { return }
        if appendable, records + learned.count <= 2 * inUse.count {
            var bytes: [UInt8] = []
            for (digest, item, place) in learned { Self.appendRecord(digest, item, description: place, to: &bytes) }
            // Never through a symbolic link put in the cache's place.
            let fd = open(url.path, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { return }
            defer { close(fd) }
            if bytes.withUnsafeBytes({ writeAll(fd, $0) }) { records += learned.count }
            return
        }
        var seen: Set<StableHasher.Digest> = []
        var kept = 0
        let replaced = AtomicFile.replaceQuickly(url) { write in
            // Written a megabyte at a time: the file is never whole in memory.
            var chunk = Self.header
            chunk.reserveCapacity(Self.chunkSize + 64 * 1024)
            func add(_ record: (inout [UInt8]) -> Void) -> Bool {
                record(&chunk)
                kept += 1
                guard chunk.count >= Self.chunkSize else { return true }
                defer { chunk.removeAll(keepingCapacity: true) }
                return write(chunk)
            }
            for (digest, item, place) in learned where seen.insert(digest).inserted {
                guard add({ Self.appendRecord(digest, item, description: place, to: &$0) }) else { return false }
            }
            for digest in inUse where !seen.contains(digest) {
                // Whole records are copied as they are, checked by their digest, not decoded.
                guard let range = index[digest], ByteView.of(bytes, { Self.payload(of: range, in: $0) != nil }) else { continue }
                seen.insert(digest)
                guard add({ $0 += bytes[range] }) else { return false }
            }
            return write(chunk)
        }
        if replaced {
            records = kept
            appendable = true
        }
    }

    private static let chunkSize = 1 << 20

    // MARK: Records

    /// `[payload length][digest of the payload]` then the payload: the item's digest, id
    /// value, title, link, image (url, width, height), rating, description. The description
    /// is a kind (0 none, 1 text, 2 place), then the text, or the place of its JSON string in
    /// the item's bytes (`description`: offset and length), read through `EntryText`: the
    /// file does not copy what the catalog holds.
    static func appendRecord(_ digest: StableHasher.Digest, _ item: Item, description place: Range<Int>? = nil, to bytes: inout [UInt8]) {
        guard case .entry(let entry)? = item.details else { return }
        var payload = BinaryWriter()
        payload.word(digest.high)
        payload.word(digest.low)
        payload.text(item.id.value)
        payload.text(item.title)
        payload.optionalText(item.link)
        payload.flag(item.image != nil)
        if let image = item.image {
            payload.text(image.url)
            payload.number(image.width)
            payload.number(image.height)
        }
        payload.flag(entry.rating != nil)
        if let rating = entry.rating { payload.word(rating.bitPattern) }
        if let place, entry.text != nil {
            payload.count(2)
            payload.count(UInt64(place.lowerBound))
            payload.count(UInt64(place.count))
        } else if let description = entry.description {
            payload.count(1)
            payload.text(description)
        } else {
            payload.count(0)
        }
        let check = payload.bytes.withUnsafeBytes { StableHasher.digest($0) }
        var head = BinaryWriter()
        head.word(UInt64(payload.bytes.count))
        head.word(check.high)
        head.word(check.low)
        bytes += head.bytes
        bytes += payload.bytes
    }

    /// The item of a record's payload (`reader`, from its start), which is at `offset` in
    /// `shared`; a description kept as a place is read from the item's bytes (`element`),
    /// and is a miss without them.
    private static func decodePayload(
        _ reader: inout BinaryReader, in shared: SharedBytes, at offset: Int, element: (catalog: SharedBytes, range: Range<Int>)?
    ) -> (StableHasher.Digest, Item)? {
        guard let high = reader.word(), let low = reader.word(), let value = reader.text(), let title = reader.text(),
            let link = reader.optionalText(), let hasImage = reader.flag()
        else { return nil }
        var image: Picture?
        if hasImage {
            guard let url = reader.text(), let width = reader.number(), let height = reader.number() else { return nil }
            image = Picture(url: url, width: width, height: height)
        }
        guard let hasRating = reader.flag() else { return nil }
        var rating: Double?
        if hasRating {
            guard let bits = reader.word() else { return nil }
            rating = Double(bitPattern: bits)
        }
        // The description stays bytes (of this file, or of the catalog), read when a page shows it.
        guard let kind = reader.count() else { return nil }
        var text: EntryText?
        switch kind {
        case 0: text = nil
        case 1:
            guard let bytes = reader.textBytes() else { return nil }
            text = EntryText(shared, (offset + bytes.lowerBound)..<(offset + bytes.upperBound))
        case 2:
            guard let start = reader.count(), let length = reader.count(), let element, start <= UInt64(element.range.count),
                length <= UInt64(element.range.count) - start
            else { return nil }
            let from = element.range.lowerBound + Int(start)
            text = EntryText(jsonString: element.catalog, from..<(from + Int(length)))
        default: return nil
        }
        // The id passes the rule a catalog's ids pass.
        guard reader.isAtEnd, ItemID.isValid(value: value) else { return nil }
        let item = Item(
            id: ItemID(source: .catalog, value: value), title: title, link: link, image: image,
            details: .entry(EntryDetails(rating: rating, text: text)))
        return (StableHasher.Digest(high: high, low: low), item)
    }
}
