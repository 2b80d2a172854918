import Foundation
import Testing

@testable import VitrineKit

/// The catalog scanner (the fast path of `CatalogFile.read`) either declines or agrees with
/// `JSONDecoder`: it never accepts a file the decoder refuses, never reads other values.
@Suite("catalog scanner")
struct CatalogScannerTests {
    static let handWritten = #"""
        { "comment": {"nested": [1, 2.5e3, true, false, null, {"a": "b"}]},
          "format" : "vitrine-bench-catalog/1",
          "items": [
            {"id": "a", "title": "Esc \" \\ \/ \b\f\n\r\t \u00e9 \ud83d\ude00 \u0000 가", "rating": -0.5e1,
             "image": {"url": "https://x.example/a.gif", "width": 480, "height": null, "extra": [[]]},
             "description": null, "source": "https://example.org/", "unknown": "x"},
            {"title": "No image", "id": "b", "rating": null, "image": null},
            {"id": "c", "title": "", "rating": 7.25, "image": {"url": "u", "width": -0}}
          ]
        }
        """#

    static func decoded(_ data: Data) -> CatalogFile? {
        try? JSONDecoder().decode(CatalogFile.self, from: data)
    }

    static func scanned(_ data: Data) -> CatalogFile? {
        CatalogFile.scan(data, jobs: 2)
    }

    @Test func wellFormedCatalogsAreScannedToTheDecodersValues() throws {
        for data in [Data(Self.handWritten.utf8), FileSourceTests.catalog(20)] {
            #expect(Self.decoded(data) != nil)
            let scanned = try #require(Self.scanned(data), "the fast path declined a well-formed catalog")
            #expect(scanned == Self.decoded(data))
        }
        let scanned = try #require(Self.scanned(Data(Self.handWritten.utf8)))
        #expect(scanned.items[0].title.contains("é 😀 \u{0} 가"))
        #expect(scanned.items[0].rating == -5)
        #expect(scanned.items[2].image?.width == 0)
    }

    /// Over 1 MB and 1,000 items, the scanner splits `items` between cores by following
    /// strings and brackets; brackets, commas and escaped quotes inside strings must not
    /// move a split, and any damage must still decline the file.
    static let large: Data = {
        var text = #"{"format": "vitrine-bench-catalog/1", "items": [ "#
        for index in 0..<1_500 {
            if index > 0 { text += index % 7 == 0 ? " ,\n  " : "," }
            let tricky = #"], {\"x\": [1,2]}, \\\" \u005d \u007b 가 "#
            text += #"{"id": "i\#(index)", "title": "T \#(tricky)", "rating": \#(Double(index % 10) / 2), "#
            text += #""image": {"url": "https://x.example/\#(index).gif", "width": \#(index), "extra": [{"a": "]"}]}, "#
            text += #""description": "\#(String(repeating: tricky, count: 20))"}"#
        }
        return Data((text + "\n]}\n").utf8)
    }()

    @Test func largeCatalogsAreSplitBetweenCoresAndReadAlike() throws {
        #expect(Self.large.count > 1 << 20)
        let decoded = try #require(Self.decoded(Self.large))
        let scanned = try #require(Self.scanned(Self.large), "the fast path declined a well-formed large catalog")
        #expect(scanned == decoded)
        #expect(scanned.items.count == 1_500)

        var random = SplitMix64(seed: 0x5B117)
        var accepted = 0
        for _ in 0..<12 {
            let data = Mutator.mutated(Self.large, using: &random)
            guard let scanned = Self.scanned(data) else { continue }
            accepted += 1
            #expect(scanned == Self.decoded(data), "scanner and decoder disagree on a damaged large catalog")
        }
        #expect(accepted > 0)
    }

    @Test func fuzzedCatalogsAreDeclinedOrReadAlike() {
        var random = SplitMix64(seed: 0xCA7A_1065)
        let originals = [Data(Self.handWritten.utf8), FileSourceTests.catalog(4)]
        var accepted = 0
        var declined = 0
        for round in 0..<6_000 {
            let data = Mutator.mutated(originals[round % originals.count], using: &random)
            guard let scanned = Self.scanned(data) else {
                declined += 1
                continue
            }
            accepted += 1
            #expect(scanned == Self.decoded(data), "scanner and decoder disagree on \(String(decoding: data, as: UTF8.self).debugDescription)")
        }
        #expect(accepted > 500 && declined > 500, "the fuzz reaches both paths (\(accepted) read, \(declined) declined)")
    }
}
