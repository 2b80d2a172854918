import Foundation

/// A catalog entry's description: a `String`, or, for an item taken from the catalog cache
/// (`CatalogCache`), bytes — of its record, or the JSON string of the catalog the item was
/// read from, unescaped each time it is read — made a `String` only when a page shows it. A
/// one-item rebuild of a large catalog checks and hashes every description but renders one:
/// making each a `String` (validating its UTF-8 on the way) was a fifth of reading a
/// 100,000-item catalog from its cache.
///
/// The text policy still checks the bytes (`TextPolicy.markdown`). Bytes that are not valid
/// UTF-8 — a record damaged in a way its digest did not catch — are repaired when read, as
/// `String(decoding:as:)` repairs them; they can change a page key, never a page's safety.
/// So is a JSON string that no longer unescapes (never seen: its bytes are those the
/// scanner read, by their digest), which reads as empty.
struct EntryText: Sendable {
    private enum Storage: Sendable {
        case text(String)
        case bytes(SharedBytes, Range<Int>)
        case json(SharedBytes, Range<Int>)
    }

    private let storage: Storage

    init(_ text: String) {
        storage = .text(text)
    }

    /// The bytes at `range` of `shared`, not read until they are asked for.
    init(_ shared: SharedBytes, _ range: Range<Int>) {
        storage = .bytes(shared, range)
    }

    /// The content of the JSON string at `range` of `shared` (between its quotes), unescaped
    /// when it is read.
    init(jsonString shared: SharedBytes, _ range: Range<Int>) {
        storage = .json(shared, range)
    }

    /// The text; bytes are decoded (and repaired) on every call.
    var string: String {
        switch storage {
        case .text(let text): text
        case .bytes, .json: withUTF8 { String(decoding: $0.assumingMemoryBound(to: UInt8.self), as: UTF8.self) }
        }
    }

    /// Calls `body` with the text's UTF-8 bytes.
    func withUTF8<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        switch storage {
        case .text(var text):
            return text.withUTF8 { body(UnsafeRawBufferPointer($0)) }
        case .bytes(let shared, let range):
            return shared.data.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[range])) }
        case .json(let shared, let range):
            return shared.data.withUnsafeBytes { bytes in
                let raw = UnsafeRawBufferPointer(rebasing: bytes[range])
                guard !raw.isEmpty, memchr(raw.baseAddress!, Int32(UInt8(ascii: "\\")), raw.count) != nil else { return body(raw) }
                return withUnsafeTemporaryAllocation(byteCount: raw.count, alignment: 1) { buffer in
                    let length = JSONString.unescape(raw, into: buffer) ?? 0
                    return body(UnsafeRawBufferPointer(rebasing: buffer[..<length]))
                }
            }
        }
    }
}

extension EntryText {
    /// Whether `test` holds for the text's bytes, answered from the JSON string's own bytes
    /// when a description kept as one has no escape but `\n`, `\t`, `\"`, `\\` and `\/` (what
    /// those stand for is ASCII that `test` must accept: the caller's promise), so that it
    /// is not unescaped for the question; otherwise `withUTF8(test)`.
    func allBytes(_ test: (UnsafeRawBufferPointer) -> Bool) -> Bool {
        guard case .json(let shared, let range) = storage else { return withUTF8(test) }
        let plain = shared.data.withUnsafeBytes { bytes -> Bool? in
            let raw = UnsafeRawBufferPointer(rebasing: bytes[range])
            var index = 0
            while index < raw.count, let found = memchr(raw.baseAddress! + index, Int32(UInt8(ascii: "\\")), raw.count - index) {
                let at = raw.baseAddress!.distance(to: UnsafeRawPointer(found))
                guard at + 1 < raw.count, Self.isPlainEscape(raw[at + 1]) else { return nil }
                index = at + 2
            }
            return test(raw)
        }
        return plain ?? withUTF8(test)
    }

    private static func isPlainEscape(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): true
        default: false
        }
    }
}

extension EntryText: Hashable {
    /// The same bytes (not merely canonically equivalent text, as `String`'s `==` says).
    static func == (lhs: EntryText, rhs: EntryText) -> Bool {
        // The same bytes of the same file: equal, without reading them (or unescaping them).
        switch (lhs.storage, rhs.storage) {
        case (.bytes(let a, let first), .bytes(let b, let second)), (.json(let a, let first), .json(let b, let second)):
            if a === b, first == second { return true }
        default: break
        }
        return lhs.withUTF8 { a in
            rhs.withUTF8 { b in a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0) }
        }
    }

    func hash(into hasher: inout Hasher) {
        withUTF8 { hasher.combine(bytes: $0) }
    }
}

/// Bytes shared by every value that refers into them (a catalog, or its cache's file, read once).
final class SharedBytes: Sendable {
    let data: Data

    init(_ data: Data) {
        self.data = data
    }
}
