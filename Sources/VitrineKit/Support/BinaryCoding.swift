import VitrineBytes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The little binary format of vitrine's own caches (`CatalogCache`, `OutputPublisher`'s
/// folder records): fixed 8-byte words, LEB128 counts, length-prefixed UTF-8 texts. Never an
/// input a person writes: a reader that meets anything unexpected returns nil, and the
/// caller treats the file as absent.
struct BinaryWriter {
    var bytes: [UInt8] = []

    mutating func word(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// A count or small number in as few bytes as it needs (LEB128).
    mutating func count(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    mutating func flag(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    mutating func text(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            word(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// A text whose length is written as a `count`.
    mutating func shortText(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            count(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    mutating func optionalText(_ value: String?) {
        flag(value != nil)
        if let value { text(value) }
    }

    mutating func number(_ value: Int?) {
        flag(value != nil)
        if let value { word(UInt64(bitPattern: Int64(value))) }
    }
}

extension BinaryWriter {
    /// Appends the digest of every byte written so far: a record that ends with it is read
    /// whole or not at all (`BinaryReader.sealed`).
    mutating func seal() {
        let check = bytes.withUnsafeBytes { StableHasher.digest($0) }
        word(check.high)
        word(check.low)
    }
}

/// Reads what `BinaryWriter` wrote; nil past the end or at anything else.
struct BinaryReader {
    let bytes: UnsafeRawBufferPointer
    var position: Int

    var isAtEnd: Bool { position == bytes.count }

    /// A reader of a sealed record's body (`BinaryWriter.seal`), after its `header`; nil
    /// unless `bytes` start with the header and end with the digest of all before it.
    static func sealed(_ bytes: UnsafeRawBufferPointer, header: [UInt8]) -> BinaryReader? {
        guard bytes.count >= header.count + 16, bytes.prefix(header.count).elementsEqual(header) else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 16)])
        var tail = BinaryReader(bytes: bytes, position: bytes.count - 16)
        guard let high = tail.word(), let low = tail.word(), StableHasher.digest(body) == StableHasher.Digest(high: high, low: low) else {
            return nil
        }
        return BinaryReader(bytes: body, position: header.count)
    }

    mutating func word() -> UInt64? {
        guard bytes.count - position >= 8 else { return nil }
        defer { position += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    }

    mutating func count() -> UInt64? {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        while position < bytes.count, shift < 64 {
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
        return nil
    }

    mutating func flag() -> Bool? {
        guard position < bytes.count, bytes[position] <= 1 else { return nil }
        defer { position += 1 }
        return bytes[position] == 1
    }

    /// Valid UTF-8 only.
    mutating func text() -> String? {
        word().flatMap { utf8(count: $0) }
    }

    /// What `shortText` wrote; valid UTF-8 only.
    mutating func shortText() -> String? {
        count().flatMap { utf8(count: $0) }
    }

    private mutating func utf8(count: UInt64) -> String? {
        guard count <= UInt64(bytes.count - position) else { return nil }
        let range = position..<(position + Int(count))
        position = range.upperBound
        return String(validUTF8: UnsafeRawBufferPointer(rebasing: bytes[range]))
    }

    /// What `shortText` wrote when it is a name: not empty, valid UTF-8, no slash.
    mutating func shortName() -> String? {
        guard let count = count(), count > 0, count <= UInt64(bytes.count - position) else { return nil }
        let name = UnsafeRawBufferPointer(rebasing: bytes[position..<(position + Int(count))])
        guard memchr(name.baseAddress!, Int32(UInt8(ascii: "/")), name.count) == nil else { return nil }
        position += Int(count)
        return String(validUTF8: name)
    }

    /// Some(nil) for an absent text.
    mutating func optionalText() -> String?? {
        guard let present = flag() else { return nil }
        guard present else { return .some(nil) }
        return text().map { .some($0) }
    }

    /// What `text` wrote, as where its bytes are, unread.
    mutating func textBytes() -> Range<Int>? {
        guard let count = word(), count <= UInt64(bytes.count - position) else { return nil }
        let range = position..<(position + Int(count))
        position = range.upperBound
        return range
    }

    /// Some(nil) for an absent number.
    mutating func number() -> Int?? {
        guard let present = flag() else { return nil }
        guard present else { return .some(nil) }
        return word().map { .some(Int(Int64(bitPattern: $0))) }
    }
}
