import Foundation

/// Each gallery's filter index (`<gallery>/filter-index.js`) as the last build wrote it, entry
/// by entry: a rebuild copies the entries of unchanged items from the file in the output and
/// makes only the others: an entry is made again only when what it is made from changed.
///
/// An entry is known by its key: the build-wide digest (`PageKeys.global`: vitrine, site.yml,
/// templates and translations, base URL) and its item's digest, which are all it is made
/// from. The record (`.public.vitrine/filter`, in the folder beside the output) keeps, for each file, the
/// digest of its bytes and each entry's key and length; it is used only when the file in the
/// output still has that digest and the previous manifest's, and when its entries add up
/// to its length. Like the folder record, it is an optimisation, never an input: missing,
/// damaged or stale, every entry is made again.
struct FilterEntries: Sendable, Equatable {
    /// One file's entries, in order.
    struct File: Sendable, Equatable {
        var digest: StableHasher.Digest
        var keys: [StableHasher.Digest]
        var lengths: [Int]
    }

    /// By the file's path in the output.
    var files: [String: File] = [:]

    static let header = Array("vitrine-filter-entries/1\n".utf8)

    init(files: [String: File] = [:]) {
        self.files = files
    }

    /// The record in `data`; nil when it is not one this binary wrote whole.
    init?(_ data: Data) {
        let files = BinaryReader.readingSealed(data, header: Self.header) { reader -> [String: File]? in
            var files: [String: File] = [:]
            while !reader.isAtEnd {
                // An entry takes at least 17 bytes: a count that cannot fit is damage.
                guard let path = reader.shortText(), let high = reader.word(), let low = reader.word(), let count = reader.count(),
                    count <= UInt64(reader.remaining) / 17
                else { return nil }
                var file = File(digest: StableHasher.Digest(high: high, low: low), keys: [], lengths: [])
                file.keys.reserveCapacity(Int(count))
                file.lengths.reserveCapacity(Int(count))
                for _ in 0..<count {
                    guard let high = reader.word(), let low = reader.word(), let length = reader.count(), length <= UInt64(Int32.max) else { return nil }
                    file.keys.append(StableHasher.Digest(high: high, low: low))
                    file.lengths.append(Int(length))
                }
                files[path] = file
            }
            return files
        }
        guard let files else { return nil }
        self.files = files
    }

    /// The record's bytes: the header, each file (by path), then the digest of all before it.
    var data: [UInt8] {
        var writer = BinaryWriter()
        writer.bytes = Self.header
        for (path, file) in files.sorted(by: { $0.key < $1.key }) {
            writer.shortText(path)
            writer.word(file.digest.high)
            writer.word(file.digest.low)
            writer.count(UInt64(file.keys.count))
            for (key, length) in zip(file.keys, file.lengths) {
                writer.word(key.high)
                writer.word(key.low)
                writer.count(UInt64(length))
            }
        }
        writer.seal()
        return writer.bytes
    }

    /// The key of an entry: the build-wide digest and its item's.
    static func key(global: StableHasher.Digest, item: StableHasher.Digest) -> StableHasher.Digest {
        var hasher = StableHasher()
        hasher.combine("filter-entry")
        hasher.combine(global)
        hasher.combine(item)
        return hasher.finalize()
    }

    /// The entries of a file the last build wrote, ready to be copied: its bytes (from the
    /// output), and where each entry is in them.
    struct Previous: Sendable {
        let bytes: Data
        let keys: [StableHasher.Digest]
        let ranges: [Range<Int>]
        /// Key → index, when the file's entries do not line up with the new ones (items
        /// added, removed or moved).
        let byKey: [StableHasher.Digest: Int]?

        /// The entries of `recorded` in `bytes` (the file as it is in the output), when the
        /// bytes have the digest the record and the previous manifest give, start with
        /// `prefix`, and hold exactly the recorded entries (separated by commas) and `suffix`.
        /// `keys` are the new file's: where they line up with the old ones, entries are
        /// found by place, else by key.
        init?(_ recorded: File, bytes: Data, manifestDigest: StableHasher.Digest?, prefix: [UInt8], suffix: [UInt8], keys: [StableHasher.Digest]) {
            guard recorded.digest == manifestDigest, recorded.keys.count == recorded.lengths.count,
                StableHasher.digest(bytes) == recorded.digest,
                bytes.starts(with: prefix), bytes.suffix(suffix.count).elementsEqual(suffix)
            else { return nil }
            var ranges: [Range<Int>] = []
            ranges.reserveCapacity(recorded.lengths.count)
            var position = prefix.count
            for (index, length) in recorded.lengths.enumerated() {
                if index > 0 {
                    guard position < bytes.count, bytes[bytes.startIndex + position] == UInt8(ascii: ",") else { return nil }
                    position += 1
                }
                guard length <= bytes.count - position else { return nil }
                ranges.append(position..<(position + length))
                position += length
            }
            guard position + suffix.count == bytes.count else { return nil }
            self.bytes = bytes
            self.keys = recorded.keys
            self.ranges = ranges
            // By place when the keys line up but for a few edited items; else by key.
            let lineUp = keys.count == recorded.keys.count && zip(keys, recorded.keys).count(where: { $0 != $1 }) <= 64
            byKey = lineUp ? nil : Dictionary(zip(recorded.keys, recorded.keys.indices), uniquingKeysWith: { first, _ in first })
        }

        /// Where the entry with `key` is in `bytes`, the new file's entry at `index`.
        func range(of key: StableHasher.Digest, at index: Int) -> Range<Int>? {
            if let byKey { return byKey[key].map { ranges[$0] } }
            return index < keys.count && keys[index] == key ? ranges[index] : nil
        }
    }
}
