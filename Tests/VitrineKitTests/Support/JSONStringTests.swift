import Foundation
import Testing
import VitrineBytes

@testable import VitrineKit

/// One implementation of JSON's string escapes, for the catalog scanner and for descriptions
/// read from their place in a catalog: it undoes exactly what `JSONDecoder` undoes, and
/// refuses what it refuses.
@Suite("JSON string escapes")
struct JSONStringTests {
    /// The text of a string's content, or nil.
    static func unescaped(_ content: String) -> [UInt8]? {
        let raw = Array(content.utf8)
        var output = [UInt8](repeating: 0xAA, count: raw.count)
        let length = raw.withUnsafeBytes { raw in output.withUnsafeMutableBytes { JSONString.unescape(raw, into: $0) } }
        return length.map { Array(output[..<$0]) }
    }

    /// What `JSONDecoder` makes of the same content, as UTF-8; nil when it refuses it.
    static func decoded(_ content: String) -> [UInt8]? {
        (try? JSONDecoder().decode([String].self, from: Data("[\"\(content)\"]".utf8))).map { Array($0[0].utf8) }
    }

    @Test("every escape JSON allows, surrogate pairs, and plain UTF-8: the decoder's text")
    func escapesAreUndoneAsTheDecoderDoes() {
        let contents = [
            "", "plain", "가나다 é", #"\"quoted\" and \\ and \/"#, #"\b\f\n\r\t"#, #"\u0000\u001f\u007F"#, #"\u00e9\u00E9\uAC00"#,
            #"\ud83d\ude00 smile"#, #"a\n\nb"#, #"\\\\\\\""#, "trailing \\\\",
        ]
        for content in contents {
            let expected = Self.decoded(content)
            #expect(expected != nil, "the decoder reads \(content)")
            #expect(Self.unescaped(content) == expected, "\(content)")
        }
    }

    @Test("an escape JSON does not allow, a cut escape, or a surrogate without its pair: nil, as the decoder refuses them")
    func invalidEscapesAreRefused() {
        let contents = [#"\x"#, #"\u12"#, #"\u12G4"#, "\\", #"a\"#, #"\ud83d"#, #"\ud83d\u0041"#, #"\ude00"#, #"\ud83dx\ude00"#, #"\'"#]
        for content in contents {
            #expect(Self.unescaped(content) == nil, "\(content)")
        }
    }

    @Test("random mixes of plain runs and escapes: the decoder's text, never longer than the escaped form")
    func randomContentsMatchTheDecoder() {
        var random = SplitMix64(seed: 0x150A)
        let pieces = [
            "a", "Zz", "가", "é", " ", #"\n"#, #"\\"#, #"\""#, #"\/"#, #"\t"#, #"\u0041"#, #"\uac00"#, #"\ud83d\ude00"#, #"\u0000"#, "<b>",
        ]
        for _ in 0..<500 {
            let content = (0..<Int(random.next() % 40)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
            let text = Self.unescaped(content)
            #expect(text == Self.decoded(content), "\(content)")
            #expect((text?.count ?? 0) <= content.utf8.count)
        }
    }
}
