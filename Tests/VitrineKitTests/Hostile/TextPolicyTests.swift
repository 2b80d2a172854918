import Foundation
import Testing
import VitrineBytes

@testable import VitrineKit

/// The one text policy: every control character, at decode time, for HTML and the terminal.
@Suite("hostile input: text policy")
struct TextPolicyTests {
    static let c0 = (0x00...0x1F).map { Unicode.Scalar(UInt8($0)) }
    static let c1 = (0x7F...0x9F).compactMap { Unicode.Scalar($0) }

    @Test(arguments: c0 + c1)
    func everyControlCharacterLeavesPlainTextButTabAndNewline(_ scalar: Unicode.Scalar) {
        let text = "a" + String(Character(scalar)) + "b"
        let plain = TextPolicy.plain(text)
        switch scalar {
        case "\t": #expect(plain == "a\tb")
        case "\n", "\r": #expect(plain == "a\nb")
        default: #expect(plain == "ab")
        }
        #expect(!TextPolicy.terminal(text).unicodeScalars.contains { TextPolicy.isControl($0) })
    }

    @Test func crLfIsOneLineBreakAndNoncharactersGo() {
        #expect(TextPolicy.plain("one\r\ntwo\rthree") == "one\ntwo\nthree")
        let noncharacters = [0xFDD0, 0xFDEF, 0xFFFE, 0xFFFF, 0x1FFFF, 0x10FFFE].map { String(Unicode.Scalar($0)!) }.joined()
        #expect(TextPolicy.plain("x" + noncharacters + "y") == "xy")
        #expect(TextPolicy.plain("한국어 — “ok” ★") == "한국어 — “ok” ★")
    }

    /// The byte-level shortcut for text with nothing to remove agrees with the rule on
    /// every code point of each UTF-8 length, around every range the rule names.
    @Test func theFastPathAgreesWithTheRuleOnEveryKindOfCodePoint() {
        let ranges: [ClosedRange<UInt32>] = [
            0x0...0x2FF, 0x800...0x8FF, 0xAC00...0xAD00, 0xD7F0...0xD7FF, 0xE000...0xE0FF, 0xFDC0...0xFFFF,
            0x10000...0x100FF, 0x1FFF0...0x2000F, 0xEFFF0...0xF000F, 0x10FFF0...0x10FFFF,
        ]
        for range in ranges {
            for value in range {
                guard let scalar = Unicode.Scalar(value) else { continue }
                let removed = (scalar != "\n" && scalar != "\t" && scalar != "\r" && TextPolicy.isControl(scalar)) || TextPolicy.isNoncharacter(scalar)
                let expected = scalar == "\r" ? "a\nb" : removed ? "ab" : "a" + String(scalar) + "b"
                #expect(TextPolicy.plain("a" + String(scalar) + "b") == expected, "U+\(String(value, radix: 16, uppercase: true))")
            }
        }
    }

    @Test func markdownGetsTheReplacementCharacterForNUL() {
        #expect(TextPolicy.markdown("a\u{0}b\u{7}c") == "a\u{FFFD}bc")
    }

    @Test func aNULInMarkdownNoLongerCutsThePage() {
        let html = Markdown.html("Before\u{0}after **bold**\n\nEND")
        #expect(html.contains("Before\u{FFFD}after <strong>bold</strong>"))
        #expect(html.contains("END"))
    }

    /// Escape sequences (clear screen, window title), CR and LF: nothing reaches a terminal.
    @Test func terminalTextIsOneHarmlessLine() {
        let title = "Cat\u{1B}[2J\u{1B}]0;owned\u{07}\r\nwarning: fake line\u{9B}31m"
        let shown = TextPolicy.terminal(title)
        #expect(!shown.contains("\u{1B}") && !shown.contains("\n") && !shown.contains("\r") && !shown.contains("\u{9B}"))
        #expect(shown == "Cat[2J]0;owned warning: fake line31m")
    }

    /// The word-at-a-time scan finds what a byte-by-byte one finds, wherever the byte is.
    @Test func theQuickScanMissesNoByteThatCanStartWhatIsRemoved() {
        func suspect(_ byte: UInt8) -> Bool {
            (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || byte == 0xC2 || byte == 0xEF || byte >= 0xF0
        }
        var generator = SystemRandomNumberGenerator()
        // ASCII, and bytes of letters that are not suspect (Hangul, é, ü, Greek, Cyrillic).
        let plain = Array("The quick brown fox, 42 times ~ over.\n\t".utf8)
        let letters = Array("한국어 café über λόγος слово".utf8)
        for background in [plain, letters, plain + letters] {
            for length in 0...24 where !theQuickScanAgrees(background: background, length: length, suspect: suspect, using: &generator) {
                return
            }
        }
        #expect(TextPolicy.plain("a\u{7}b") == "ab")
        #expect(TextPolicy.plain("café — “quoted” 😀") == "café — “quoted” 😀")
        #expect(TextPolicy.plain("한국어\u{FFFE} 텍스트\u{85}") == "한국어 텍스트")
    }

    /// Every byte at every position of `length` bytes drawn from `background`: false (and an
    /// issue recorded) at the first the quick scan gets wrong.
    private func theQuickScanAgrees(
        background plain: [UInt8], length: Int, suspect: (UInt8) -> Bool, using generator: inout SystemRandomNumberGenerator
    ) -> Bool {
        for position in 0..<max(length, 1) {
            for byte in UInt8.min...UInt8.max {
                var bytes = (0..<length).map { _ in plain.randomElement(using: &generator)! }
                if length > 0 { bytes[position] = byte }
                let expected = !bytes.contains(where: suspect)
                let found = bytes.withUnsafeBytes { TextBytes.hasNoSuspectByte($0) }
                if found != expected {
                    Issue.record("byte \(byte) at \(position) of \(bytes): \(found), expected \(expected)")
                    return false
                }
            }
        }
        return true
    }
}
