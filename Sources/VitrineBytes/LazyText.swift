import Foundation

/// Bytes shared by every value that refers into them (a file read once).
public final class SharedBytes: Sendable {
    /// The bytes.
    public let data: Data

    /// `data`, to be shared.
    public init(_ data: Data) {
        self.data = data
    }
}

/// Text that is a `String`, or UTF-8 bytes of `SharedBytes` made a `String` only when asked
/// for: either the bytes as they are, or the content of a JSON string (between its quotes),
/// unescaped each time it is read.
///
/// Bytes that are not valid UTF-8 are repaired when read into a `String`, as
/// `String(decoding:as:)` repairs them; a JSON string that does not unescape reads as empty.
/// Two texts are equal when their bytes are (not merely canonically equivalent text, as
/// `String`'s `==` says).
public struct LazyText: Sendable {
    private enum Storage: Sendable {
        case text(String)
        case bytes(SharedBytes, Range<Int>)
        case json(SharedBytes, Range<Int>)
    }

    private let storage: Storage

    /// `text`, as it is.
    public init(_ text: String) {
        storage = .text(text)
    }

    /// The bytes at `range` of `shared`, not read until they are asked for.
    public init(_ shared: SharedBytes, _ range: Range<Int>) {
        storage = .bytes(shared, range)
    }

    /// The content of the JSON string at `range` of `shared` (between its quotes), unescaped
    /// when it is read.
    public init(jsonString shared: SharedBytes, _ range: Range<Int>) {
        storage = .json(shared, range)
    }

    /// The text; bytes are decoded (and repaired) on every call.
    public var string: String {
        switch storage {
        case .text(let text): text
        case .bytes, .json: withUTF8 { String(decoding: $0.assumingMemoryBound(to: UInt8.self), as: UTF8.self) }
        }
    }

    /// Calls `body` with the text's UTF-8 bytes.
    public func withUTF8<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
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

    /// Whether `test` holds for the text's bytes, answered from the JSON string's own bytes
    /// when a text kept as one has no escape but `\n`, `\t`, `\"`, `\\` and `\/` (what those
    /// stand for is ASCII that `test` must accept: the caller's promise), so that it is not
    /// unescaped for the question; otherwise `withUTF8(test)`.
    public func allBytes(_ test: (UnsafeRawBufferPointer) -> Bool) -> Bool {
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

extension LazyText: Hashable {
    /// The same bytes.
    public static func == (lhs: LazyText, rhs: LazyText) -> Bool {
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

    /// Hashes the bytes.
    public func hash(into hasher: inout Hasher) {
        withUTF8 { hasher.combine(bytes: $0) }
    }
}
