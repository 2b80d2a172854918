import Foundation
import Testing
import VitrineBytes

@testable import VitrineKit

/// The byte layer under the catalog reader and the filter index (`VitrineBytes`): the JSON
/// scanner, the byte view, lazy text and the script-JSON writer on their edges; and a
/// catalog read the same, item for item and in order, whatever `--jobs` is.
@Suite("byte layer")
struct ByteLayerTests {
    /// `body` with a scanner at the start of `text`'s bytes.
    static func scanning<Result>(_ text: String, _ body: (inout JSONByteScanner) -> Result) -> Result {
        scanning(Data(text.utf8), body)
    }

    /// `body` with a scanner at the start of `data`.
    static func scanning<Result>(_ data: Data, _ body: (inout JSONByteScanner) -> Result) -> Result {
        ByteView.of(data) { bytes in
            var scanner = JSONByteScanner(bytes: bytes)
            return body(&scanner)
        }
    }

    static func string(_ json: String) -> String? {
        scanning(json) { $0.string() }
    }

    @Test("strings: empty input, an unterminated string, controls, invalid UTF-8, escapes and surrogates")
    func strings() {
        #expect(Self.string("") == nil)
        #expect(Self.string("\"") == nil)
        #expect(Self.string("\"abc") == nil)
        #expect(Self.string("\"\"") == "")
        #expect(Self.string("\"a\nb\"") == nil, "a raw control byte")
        #expect(Self.string(#""a\nb\t\"\\\/""#) == "a\nb\t\"\\/")
        #expect(Self.string(#""\u00e9\u0041""#) == "éA")
        #expect(Self.string(#""\ud83d\ude00""#) == "😀")
        #expect(Self.string(#""\ud83d""#) == nil, "a lone high surrogate")
        #expect(Self.string(#""\ude00x""#) == nil, "a lone low surrogate")
        #expect(Self.string(#""\x""#) == nil, "an escape JSON does not have")
        #expect(Self.string(#""\u12""#) == nil, "a short \\u escape")
        #expect(Self.string("\"\\") == nil, "a backslash at the end")
        #expect(Self.string("\"가나\"") == "가나")
        #expect(Self.scanning(Data([0x22, 0x61, 0xFF, 0x62, 0x22])) { $0.string() } == nil, "invalid UTF-8")
        #expect(Self.scanning(Data([0x22, 0x5C, 0x6E, 0xC3, 0x22])) { $0.string() } == nil, "invalid UTF-8 after an escape")
    }

    @Test("numbers in JSON's grammar only; integers that fit; finite doubles")
    func numbers() {
        #expect(Self.scanning("0") { $0.integer() } == 0)
        #expect(Self.scanning("-0") { $0.integer() } == 0)
        #expect(Self.scanning("01") { scanner -> Int? in scanner.integer() } == nil)
        #expect(Self.scanning("1e5") { scanner -> Int? in scanner.integer() } == nil)
        #expect(Self.scanning("1.5") { $0.double() } == 1.5)
        #expect(Self.scanning("-") { scanner -> Double? in scanner.double() } == nil)
        #expect(Self.scanning("1.") { scanner -> Double? in scanner.double() } == nil)
        #expect(Self.scanning("1e999") { scanner -> Double? in scanner.double() } == nil)
        #expect(Self.scanning("9223372036854775807") { $0.integer() } == Int.max)
        #expect(Self.scanning("9223372036854775808") { scanner -> Int? in scanner.integer() } == nil)
    }

    @Test("objects and values: repeated keys refused, nesting up to 64 levels, the end after whitespace")
    func values() {
        #expect(Self.scanning("{}") { $0.object { _, _ in false } })
        #expect(!Self.scanning("") { $0.object { _, _ in true } })
        #expect(Self.scanning("[1, \"a\", {\"b\": null}, true, false] \n") { $0.skipValue(depth: 0) && $0.isAtEnd() })
        #expect(!Self.scanning(#"{"a": 1, "a": 2}"#) { $0.skipValue(depth: 0) })
        #expect(!Self.scanning("[1,]") { $0.skipValue(depth: 0) })
        let deep = { (levels: Int) in String(repeating: "[", count: levels) + String(repeating: "]", count: levels) }
        #expect(Self.scanning(deep(64)) { $0.skipValue(depth: 0) })
        #expect(!Self.scanning(deep(65)) { $0.skipValue(depth: 0) })
        #expect(!Self.scanning("nul") { $0.skipValue(depth: 0) }, "a literal cut at the end")
        #expect(!Self.scanning("1 2") { $0.skipValue(depth: 0) && $0.isAtEnd() })
    }

    @Test("array element starts: strings with brackets, commas and escaped quotes; empty and unterminated arrays")
    func elementStarts() {
        let text = #" [1, "a,]\\", "\"]" ,{"x":[1,2]} ] "#
        let found = Self.scanning(text) { $0.arrayElementStarts() }
        let utf8 = Array(text.utf8)
        let expected = [2, 5, 14, 21]
        #expect(found?.starts == expected)
        #expect(found?.end == utf8.count - 1)
        #expect(Self.scanning("[]") { $0.arrayElementStarts() } == nil)
        #expect(Self.scanning("[ ]") { $0.arrayElementStarts() } == nil)
        #expect(Self.scanning("[1, \"]") { $0.arrayElementStarts() } == nil)
        #expect(Self.scanning("[1, 2") { $0.arrayElementStarts() } == nil)
        #expect(Self.scanning("[1}") { $0.arrayElementStarts() } == nil)
        #expect(Self.scanning("") { $0.arrayElementStarts() } == nil)
    }

    @Test("the byte view: searches at the edges of a range, strings of ranges")
    func byteView() {
        let data = Data("abc\"def".utf8)
        ByteView.of(data) { bytes in
            #expect(bytes.firstIndex(of: UInt8(ascii: "\""), in: 0..<bytes.count) == 3)
            #expect(bytes.firstIndex(of: UInt8(ascii: "\""), in: 0..<3) == nil, "the range's end is not searched")
            #expect(bytes.firstIndex(of: UInt8(ascii: "f"), in: 6..<7) == 6)
            #expect(bytes.firstIndex(of: UInt8(ascii: "a"), in: 0..<0) == nil, "an empty range")
            #expect(bytes.validString(4..<7) == "def")
            #expect(bytes.validString(0..<0) == "")
        }
        ByteView.of(Data()) { bytes in
            #expect(bytes.count == 0)
            #expect(bytes.firstIndex(of: 0, in: 0..<0) == nil)
        }
        ByteView.of(Data([0x61, 0xC3])) { bytes in
            #expect(bytes.validString(0..<2) == nil, "a cut sequence")
            #expect(bytes.decodedString(0..<2) == "a\u{FFFD}")
        }
        #expect(ByteSearch.contains("", ""))
        #expect(!ByteSearch.contains("ab", "abc"))
        #expect(ByteSearch.contains("xxabc", "abc"))
        #expect(ByteSearch.contains(UInt8(ascii: "\r"), in: Data("a\r\n".utf8)))
        #expect(!ByteSearch.contains(UInt8(ascii: "\r"), in: Data()))
    }

    @Test("lazy text: bytes, a JSON string's content and a String are equal when their bytes are")
    func lazyText() {
        let shared = SharedBytes(Data(#"{"d":"a\nb\u00e9","e":"a\nbé","bad":"\q"}"#.utf8))
        let escaped = LazyText(jsonString: shared, 6..<16)
        let plain = LazyText(shared, 23..<29)
        #expect(escaped.string == "a\nbé")
        #expect(plain.string == "a\\nbé")
        #expect(escaped == LazyText("a\nbé"))
        #expect(escaped != plain)
        #expect(escaped.hashValue == LazyText("a\nbé").hashValue)
        #expect(LazyText(jsonString: shared, 38..<40).string == "", "an escape that does not unescape reads as empty")
        // `\n` stands for a byte the test accepts: answered from the escaped bytes.
        #expect(LazyText(jsonString: shared, 23..<29).allBytes { !$0.contains(0x0A) })
        #expect(!escaped.allBytes { !$0.contains(0xC3) }, "a \\u escape is unescaped for the question")
    }

    @Test("the suspect-byte scan at every length around a word, every position")
    func suspectBytes() {
        for length in 0...17 {
            let plain = [UInt8](repeating: UInt8(ascii: "a"), count: length)
            #expect(plain.withUnsafeBytes(TextBytes.hasNoSuspectByte))
            for position in 0..<length {
                for byte: UInt8 in [0x00, 0x1F, 0x7F, 0xC2, 0xEF, 0xF0, 0xFF] {
                    var bytes = plain
                    bytes[position] = byte
                    #expect(!bytes.withUnsafeBytes(TextBytes.hasNoSuspectByte), "\(byte) at \(position) of \(length)")
                }
                var allowed = plain
                allowed[position] = 0x0A
                #expect(allowed.withUnsafeBytes(TextBytes.hasNoSuspectByte))
            }
        }
    }

    static func written(_ members: (inout ScriptJSONWriter.ObjectMembers) -> Void) -> String {
        var bytes = Array("x".utf8)
        ScriptJSONWriter.object(to: &bytes, members)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("the script-JSON writer: empty objects, absent members, empty lists, escapes at a string's edges")
    func scriptJSON() {
        #expect(Self.written { _ in } == "x{}")
        #expect(Self.written { $0.text("a", nil) } == "x{}")
        #expect(Self.written { $0.texts("x", []) } == #"x{"x":[]}"#)
        #expect(Self.written { $0.flag("n", false) } == #"x{"n":false}"#)
        #expect(
            Self.written {
                $0.text("a", "<")
                $0.number("w", Int.min)
                $0.texts("x", ["\u{2028}", "\u{2027}"])
            } == #"x{"a":"\u003c","w":-9223372036854775808,"x":["\u2028","\#u{2027}"]}"#)
        var bytes: [UInt8] = []
        ScriptJSONWriter.string("", to: &bytes)
        ScriptJSONWriter.string("\u{0}\u{1F}\u{7F}&é\u{2029}", to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "\"\"" + "\"\\u0000\\u001f" + "\u{7F}" + "\\u0026é\\u2029\"")
    }

    /// A catalog over a megabyte with 3,000 items (read in runs when `jobs` is over 1), with
    /// escapes, a description the policy changes, and an invalid rating.
    static func largeCatalog() -> Data {
        var text = #"{"format": "vitrine-catalog/1", "items": ["#
        for index in 0..<3_000 {
            if index > 0 { text += ",\n" }
            let description = String(repeating: "Words \\\"quoted\\\" \\u00e9 ", count: 16) + (index % 97 == 0 ? "\\u0007" : "")
            let rating = index % 211 == 0 ? "99" : "\(Double(index % 100) / 10)"
            text += #"{"id": "it\#(index)", "title": "Item \#(index)", "rating": \#(rating), "description": "\#(description)""#
            text += #", "image": {"url": "https://media.example.org/\#(index).gif", "width": 480, "height": 270}}"#
        }
        return Data((text + "]}").utf8)
    }

    @Test("a large catalog read with --jobs 1 and --jobs 4: the same items and warnings, in the file's order")
    func jobsDoNotChangeTheRead() throws {
        let data = Self.largeCatalog()
        #expect(data.count > 1 << 20)
        // Read in runs whatever `--jobs` is (one job: one run on the caller's thread), so that
        // `--jobs 1` keeps the catalog cache, which is made of the runs' spans.
        #expect(CatalogFile.scan(data, cache: nil, jobs: 1)?.spans.count == 3_000, "one job reads the runs too")
        #expect(CatalogFile.scan(data, cache: nil, jobs: 4)?.spans.count == 3_000, "four jobs read in runs")
        let one = try CatalogFile.read(data, file: "catalog.json", jobs: 1)
        let four = try CatalogFile.read(data, file: "catalog.json", jobs: 4)
        #expect(one.items.count == 3_000)
        #expect(one.items.map(\.id.value) == (0..<3_000).map { "it\($0)" })
        #expect(one.items == four.items)
        #expect(one.warnings == four.warnings)
        #expect(!one.warnings.isEmpty, "the invalid ratings are reported")
        #expect(CatalogFile.scan(data, jobs: 1) == CatalogFile.scan(data, jobs: 4))

        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("catalog.items")
        _ = try CatalogFile.read(data, file: "catalog.json", cache: cache, jobs: 4)
        let cached = try CatalogFile.read(data, file: "catalog.json", cache: cache, jobs: 3)
        #expect(cached.items == one.items)
        #expect(cached.warnings == one.warnings)
        // `--jobs 1` writes and uses the cache as well.
        let single = folder.appendingPathComponent("single.items")
        _ = try CatalogFile.read(data, file: "catalog.json", cache: single, jobs: 1)
        #expect(FileManager.default.fileExists(atPath: single.path), "--jobs 1 keeps a catalog cache")
        let again = try CatalogFile.read(data, file: "catalog.json", cache: single, jobs: 1)
        #expect(again.items == one.items)
    }

    @Test("items checked on one thread or four: the same items and problems, in order")
    func jobsDoNotChangeTheChecks() throws {
        let items = try CatalogFile.read(Self.largeCatalog(), file: "catalog.json", jobs: 1).items
        let hostile = items.enumerated().map { index, item in
            var item = item
            if index % 7 == 0 { item.title += "\u{1B}[2J" }
            return item
        }
        let one = Item.checked(hostile, file: "f", data: nil, jobs: 1) { [.key("items"), .index($0)] }
        let four = Item.checked(hostile, file: "f", data: nil, jobs: 4) { [.key("items"), .index($0)] }
        #expect(one.items == four.items)
        #expect(one.warnings == four.warnings)
        #expect(one.items[7].title == "Item 7[2J")
    }
}
