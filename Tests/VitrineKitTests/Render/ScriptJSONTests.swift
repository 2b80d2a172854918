import Foundation
import Testing

@testable import VitrineKit

/// The filter index's JSON is written byte by byte; it must be exactly what the encoder
/// (sorted keys, no escaped slashes) followed by `JSONLD.scriptSafe` wrote.
@Suite("script JSON")
struct ScriptJSONTests {
    /// The reference: the encoder, then the script-safe pass.
    static func reference(_ entries: [FilterEntry]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return JSONLD.scriptSafe(String(decoding: try encoder.encode(entries), as: UTF8.self))
    }

    static func written(_ entries: [FilterEntry]) -> String {
        var bytes: [UInt8] = []
        ScriptJSON.entries(entries, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Pieces that stress escaping: every C0 control, quotes, backslashes, markup, slashes,
    /// the line separators, other multi-byte text.
    static let pieces: [String] =
        (0..<0x20).map { String(UnicodeScalar(UInt8($0))) } + [
            "\"", "\\", "</script>", "<!--", "&amp;", ">", "/", "\u{2028}", "\u{2029}", "\u{2027}", "\u{202A}", "\u{20AC}", "é", "한국어", "🐈", "\u{7F}", "a", " ", "",
        ]

    @Test("20,000 random entries: the same bytes as the encoder and the script-safe pass")
    func sameBytesAsTheEncoder() throws {
        var random = SplitMix64(seed: 0x5C21_97)
        func text() -> String? {
            if random.next() % 5 == 0 { return nil }
            return (0..<Int(random.next() % 6)).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined()
        }
        func number() -> Int? { random.next() % 4 == 0 ? nil : Int(truncatingIfNeeded: random.next() % 200_000) - 100_000 }
        for round in 0..<200 {
            let entries = (0..<100).map { _ in
                FilterEntry(
                    title: text() ?? "", authors: text(), kind: text() ?? "gif", link: text() ?? "items/x/", imageURL: text(),
                    imageSrcset: text(), imageWidth: number(), imageHeight: number(), still: text(), published: text(), rating: text(),
                    ratingLabel: text(), id: text(), byline: text(), isNew: random.next() % 3 == 0 ? nil : random.next() % 2 == 0,
                    ownerRating: text(), ownerStars: text(), ownerRatingLabel: text(),
                    tags: random.next() % 3 == 0 ? nil : (0..<Int(random.next() % 4)).map { _ in text() ?? "" })
            }
            let written = Self.written(entries)
            let reference = try Self.reference(entries)
            #expect(written == reference, "round \(round)")
            if written != reference { break }
        }
        #expect(Self.written([]) == "[]")
    }

    @Test("numbers are spelled as String spells them, the extremes too")
    func numbers() {
        var random = SplitMix64(seed: 0xD1_617)
        let values =
            [0, 1, -1, 9, 10, 99, 100, 101, -10, 1_000_000, Int.max, Int.min, Int.max - 1, Int.min + 1]
            + (0..<1000).map { _ in Int(truncatingIfNeeded: random.next()) >> Int(random.next() % 64) }
        for value in values {
            var bytes: [UInt8] = []
            ScriptJSON.decimal(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
    }

    @Test("a gallery name is a script-safe JSON string")
    func galleryName() {
        var bytes: [UInt8] = []
        ScriptJSON.string("a</script>\u{2028}\"", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == #""a\u003c/script\u003e\u2028\"""#)
    }
}

extension ScriptJSON {
    /// The entries as a JSON array, each as `entry` writes it: what the filter index holds.
    static func entries(_ entries: [FilterEntry], to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "["))
        for (index, entry) in entries.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            self.entry(entry, to: &bytes)
        }
        bytes.append(UInt8(ascii: "]"))
    }
}
