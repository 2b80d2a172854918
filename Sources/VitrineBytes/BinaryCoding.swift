import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The little binary format of vitrine's own caches (catalog caches, folder records, input
/// stamps): fixed 8-byte little-endian words, LEB128 counts, length-prefixed UTF-8 texts.
/// Never an input a person writes: a reader that meets anything unexpected returns nil, and
/// the caller treats the file as absent. Files in this format are read by later versions:
/// the layout of each piece never changes.
public struct BinaryWriter {
    /// Everything written so far.
    public var bytes: [UInt8] = []

    /// An empty writer.
    public init() {}

    /// A fixed 8-byte little-endian word.
    @inlinable
    public mutating func word(_ value: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
        }
    }

    /// A count or small number in as few bytes as it needs (LEB128).
    @inlinable
    public mutating func count(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    /// One byte, 1 or 0.
    @inlinable
    public mutating func flag(_ value: Bool) {
        bytes.append(value ? 1 : 0)
    }

    /// A text after its byte count as a `word`.
    public mutating func text(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            word(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// A text whose length is written as a `count`.
    public mutating func shortText(_ value: String) {
        var value = value
        value.withUTF8 { utf8 in
            count(UInt64(utf8.count))
            bytes.append(contentsOf: utf8)
        }
    }

    /// A flag, then the text when there is one.
    public mutating func optionalText(_ value: String?) {
        flag(value != nil)
        if let value { text(value) }
    }

    /// A flag, then the number as a `word` when there is one.
    public mutating func number(_ value: Int?) {
        flag(value != nil)
        if let value { word(UInt64(bitPattern: Int64(value))) }
    }
}

extension BinaryWriter {
    /// Appends the digest of every byte written so far: a record that ends with it is read
    /// whole or not at all (`BinaryReader.sealed`).
    public mutating func seal() {
        let check = bytes.withUnsafeBytes { StableHasher.digest($0) }
        word(check.high)
        word(check.low)
    }
}

/// Reads what `BinaryWriter` wrote; nil past the end or at anything else.
public struct BinaryReader {
    /// The bytes read, which the caller keeps alive while the reader is used.
    public let bytes: UnsafeRawBufferPointer
    /// Where the next read starts.
    public var position: Int

    /// A reader of `bytes` from `position`.
    @inlinable
    public init(bytes: UnsafeRawBufferPointer, position: Int) {
        self.bytes = bytes
        self.position = position
    }

    /// Whether every byte was read.
    @inlinable
    public var isAtEnd: Bool { position == bytes.count }

    /// How many bytes are left to read.
    @inlinable
    public var remaining: Int { bytes.count - position }

    /// `body`'s result for a reader of `data` from `position`.
    public static func reading<T>(_ data: Data, from position: Int = 0, _ body: (inout BinaryReader) -> T) -> T {
        data.withUnsafeBytes { bytes in
            var reader = BinaryReader(bytes: bytes, position: position)
            return body(&reader)
        }
    }

    /// `body`'s result for a reader of `bytes` from `position`.
    public static func reading<T>(_ bytes: [UInt8], from position: Int = 0, _ body: (inout BinaryReader) -> T) -> T {
        bytes.withUnsafeBytes { bytes in
            var reader = BinaryReader(bytes: bytes, position: position)
            return body(&reader)
        }
    }

    /// `body`'s result for a reader of the sealed record in `data` (`sealed(_:header:)`), or
    /// nil when `data` is not such a record.
    public static func readingSealed<T>(_ data: Data, header: [UInt8], _ body: (inout BinaryReader) -> T?) -> T? {
        data.withUnsafeBytes { bytes in
            guard var reader = sealed(bytes, header: header) else { return nil }
            return body(&reader)
        }
    }

    /// A reader of a sealed record's body (`BinaryWriter.seal`), after its `header`; nil
    /// unless `bytes` start with the header and end with the digest of all before it.
    public static func sealed(_ bytes: UnsafeRawBufferPointer, header: [UInt8]) -> BinaryReader? {
        guard bytes.count >= header.count + 16, bytes.prefix(header.count).elementsEqual(header) else { return nil }
        let body = UnsafeRawBufferPointer(rebasing: bytes[..<(bytes.count - 16)])
        var tail = BinaryReader(bytes: bytes, position: bytes.count - 16)
        guard let high = tail.word(), let low = tail.word(), StableHasher.digest(body) == StableHasher.Digest(high: high, low: low) else {
            return nil
        }
        return BinaryReader(bytes: body, position: header.count)
    }

    /// A fixed 8-byte little-endian word.
    @inlinable
    public mutating func word() -> UInt64? {
        guard bytes.count - position >= 8 else { return nil }
        defer { position += 8 }
        return UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: position, as: UInt64.self))
    }

    /// What `BinaryWriter.count` wrote.
    @inlinable
    public mutating func count() -> UInt64? {
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

    /// One byte, 1 or 0; nil for anything else.
    @inlinable
    public mutating func flag() -> Bool? {
        guard position < bytes.count, bytes[position] <= 1 else { return nil }
        defer { position += 1 }
        return bytes[position] == 1
    }

    /// Valid UTF-8 only.
    public mutating func text() -> String? {
        word().flatMap { utf8(count: $0) }
    }

    /// What `shortText` wrote; valid UTF-8 only.
    public mutating func shortText() -> String? {
        count().flatMap { utf8(count: $0) }
    }

    private mutating func utf8(count: UInt64) -> String? {
        guard count <= UInt64(bytes.count - position) else { return nil }
        let range = position..<(position + Int(count))
        position = range.upperBound
        return String(validUTF8: UnsafeRawBufferPointer(rebasing: bytes[range]))
    }

    /// What `shortText` wrote when it is a name: not empty, valid UTF-8, no slash.
    public mutating func shortName() -> String? {
        guard let count = count(), count > 0, count <= UInt64(bytes.count - position) else { return nil }
        let name = UnsafeRawBufferPointer(rebasing: bytes[position..<(position + Int(count))])
        guard memchr(name.baseAddress!, Int32(UInt8(ascii: "/")), name.count) == nil else { return nil }
        position += Int(count)
        return String(validUTF8: name)
    }

    /// Some(nil) for an absent text.
    public mutating func optionalText() -> String?? {
        guard let present = flag() else { return nil }
        guard present else { return .some(nil) }
        return text().map { .some($0) }
    }

    /// What `text` wrote, as where its bytes are, unread.
    public mutating func textBytes() -> Range<Int>? {
        guard let count = word(), count <= UInt64(bytes.count - position) else { return nil }
        let range = position..<(position + Int(count))
        position = range.upperBound
        return range
    }

    /// Some(nil) for an absent number.
    public mutating func number() -> Int?? {
        guard let present = flag() else { return nil }
        guard present else { return .some(nil) }
        return word().map { .some(Int(Int64(bitPattern: $0))) }
    }
}

extension String {
    /// The text of `utf8`, or nil when the bytes are not valid UTF-8. Bytes that are all
    /// ASCII (most names, ids and links) skip `String(validating:as:)`, which is generic over
    /// the encoding and looks up type metadata on every call.
    public init?(validUTF8 utf8: UnsafeRawBufferPointer) {
        guard Self.isASCII(utf8) else {
            guard let text = String(validating: utf8.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else { return nil }
            self = text
            return
        }
        self = String(decoding: utf8.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }

    /// Whether every byte is below 0x80, a word at a time.
    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        var seen: UInt64 = 0
        while index + 8 <= bytes.count {
            seen |= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            seen |= UInt64(bytes[index])
            index += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }
}
