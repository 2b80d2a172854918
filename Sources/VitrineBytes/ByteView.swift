import Foundation

/// Bytes read in place, for the length of one call (`ByteView.of(_:_:)`): offsets, single
/// bytes, searches and strings, without copying them.
///
/// A view does not own its bytes: it must not outlive the call that made it.
public struct ByteView {
    @usableFromInline let base: UnsafeRawBufferPointer

    /// A view of `base`, which the caller keeps alive and unchanged while the view is used.
    public init(_ base: UnsafeRawBufferPointer) {
        self.base = base
    }

    /// Calls `body` with a view of `data`'s bytes.
    public static func of<Result>(_ data: Data, _ body: (ByteView) throws -> Result) rethrows -> Result {
        try data.withUnsafeBytes { try body(ByteView($0)) }
    }

    /// The number of bytes.
    @inlinable public var count: Int { base.count }

    /// The byte at `offset`, which is below `count`.
    @inlinable public subscript(offset: Int) -> UInt8 { base[offset] }

    /// The first offset in `range` where `byte` is (`memchr`).
    public func firstIndex(of byte: UInt8, in range: Range<Int>) -> Int? {
        guard !range.isEmpty, let start = base.baseAddress, let found = memchr(start + range.lowerBound, Int32(byte), range.count) else {
            return nil
        }
        return start.distance(to: UnsafeRawPointer(found))
    }

    /// The bytes at `range` as a `String`; nil when they are not valid UTF-8.
    public func validString(_ range: Range<Int>) -> String? {
        String(validUTF8: UnsafeRawBufferPointer(rebasing: base[range]))
    }

    /// The bytes at `range` as a `String`, invalid UTF-8 repaired (`String(decoding:as:)`).
    public func decodedString(_ range: Range<Int>) -> String {
        String(decoding: UnsafeRawBufferPointer(rebasing: base[range]), as: UTF8.self)
    }

    /// Calls `body` with the bytes at `range`.
    public func withBytes<Result>(in range: Range<Int>, _ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(rebasing: base[range]))
    }
}

/// Searches over bytes where Foundation and the standard library answer slowly: `memchr` for
/// a byte, then `memcmp` where it is found.
public enum ByteSearch {
    /// Whether `text` holds `word`, byte for byte (not as Foundation's `contains` compares,
    /// as a locale would). Every place `word`'s first byte is (`memchr`) is compared whole
    /// (`memcmp`): Glibc's `memmem` is not exported to Swift.
    public static func contains(_ text: String, _ word: String) -> Bool {
        var (text, word) = (text, word)
        return text.withUTF8 { text in
            word.withUTF8 { word in
                guard let first = word.first else { return true }
                var start = 0
                while text.count - start >= word.count, let found = memchr(text.baseAddress! + start, Int32(first), text.count - start - word.count + 1) {
                    let at = UnsafePointer(found.assumingMemoryBound(to: UInt8.self))
                    if memcmp(at, word.baseAddress!, word.count) == 0 { return true }
                    start = text.baseAddress!.distance(to: at) + 1
                }
                return false
            }
        }
    }

    /// Whether the `count` bytes at `start` hold `byte` (`memchr`).
    public static func contains(_ byte: UInt8, in start: UnsafeRawPointer, count: Int) -> Bool {
        memchr(start, Int32(byte), count) != nil
    }

    /// Whether `bytes` hold `byte` (`memchr`).
    public static func contains(_ byte: UInt8, in bytes: some ContiguousBytes) -> Bool {
        bytes.withUnsafeBytes { bytes in
            bytes.baseAddress.map { memchr($0, Int32(byte), bytes.count) != nil } ?? false
        }
    }

    /// Whether `bytes` start with `prefix` (`memcmp`).
    public static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        guard bytes.count >= count else { return false }
        return count == 0 || memcmp(bytes.baseAddress!, prefix.utf8Start, count) == 0
    }
}
