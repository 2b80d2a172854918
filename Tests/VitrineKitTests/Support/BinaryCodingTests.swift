import Foundation
import Testing

@testable import VitrineKit

/// vitrine's own cache files are read back byte for byte, and anything that is not what
/// was written (bytes that are not UTF-8, a name with a slash) is refused, not repaired.
@Suite("binary coding")
struct BinaryCodingTests {
    static func text(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBytes { String(validUTF8: $0) }
    }

    @Test func validUTF8IsKeptAndAnythingElseRefused() {
        #expect(Self.text(Array("items/file-it000001".utf8)) == "items/file-it000001")
        #expect(Self.text([]) == "")
        for text in ["Amélie", "영화 목록", "🎬 and a long enough ASCII tail to pass a few words", "e\u{301}"] {
            #expect(Self.text(Array(text.utf8)) == text)
        }
        // A lone continuation byte, an overlong slash, a surrogate, a 4-byte sequence cut
        // after 3 bytes (which repairs to as many bytes as it had), bytes past U+10FFFF.
        for bad: [UInt8] in [[0x80], [0x61, 0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x98, 0x61], [0xF4, 0x90, 0x80, 0x80], Array("abcdefgh".utf8) + [0xFF]] {
            #expect(Self.text(bad) == nil, "\(bad)")
        }
    }

    @Test func aRecordNameIsNeverEmptyOrASlashPath() {
        func name(_ text: String) -> String? {
            var writer = BinaryWriter()
            writer.shortText(text)
            return writer.bytes.withUnsafeBytes { bytes in
                var reader = BinaryReader(bytes: bytes, position: 0)
                return reader.shortName()
            }
        }
        #expect(name("index.html") == "index.html")
        #expect(name("kép.html") == "kép.html")
        #expect(name("") == nil)
        #expect(name("../x") == nil)
        #expect(name("a/b") == nil)
        var writer = BinaryWriter()
        writer.count(9)
        writer.bytes += Array("short".utf8)
        #expect(
            writer.bytes.withUnsafeBytes { bytes in
                var reader = BinaryReader(bytes: bytes, position: 0)
                return reader.shortName()
            } == nil, "a length past the end")
    }
}
