import Foundation
import Testing
import VitrineBytes

@testable import VitrineKit

/// A large catalog's cache saves parsing and nothing else: a read with it gives exactly the
/// items and warnings a read without it gives, whatever the catalog or the cache became.
@Suite("catalog cache")
struct CatalogCacheTests {
    static let file = "Site/catalog.json"

    static func plain(_ data: Data) throws -> (items: [Item], warnings: [String]) {
        try CatalogFile.read(data, file: file, jobs: 2)
    }

    static func edited(_ data: Data, _ edits: [(String, String)]) -> Data {
        var text = String(decoding: data, as: UTF8.self)
        for (old, new) in edits {
            #expect(text.contains(old), "the edit finds \(old)")
            text = text.replacingOccurrences(of: old, with: new)
        }
        return Data(text.utf8)
    }

    /// How many of the catalog's items the cache at `url` holds whole.
    static func whole(_ url: URL, of data: Data) throws -> Int {
        let spans = try #require(CatalogFile.scan(data, cache: nil, jobs: 2)?.spans)
        let cache = CatalogCache.read(from: url)
        return spans.count { cache.holdsWholeRecord(for: $0) }
    }

    static func size(_ url: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int)
    }

    @Test("a large catalog read with its cache: the same items and warnings as without, through edits and a damaged cache; only new items are appended")
    func readWithTheCacheIsReadWithout() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent(".vitrine-cache/catalogs/catalog.items")
        let base = CatalogScannerTests.large

        let first = try CatalogFile.read(base, file: Self.file, cache: cache, jobs: 2)
        let expected = try Self.plain(base)
        #expect(first.items == expected.items && first.warnings == expected.warnings)
        #expect(CatalogCache.read(from: cache).count == 1_500)
        #expect(try Self.whole(cache, of: base) == 1_500)
        let written = try Self.size(cache)

        // Unchanged: everything from the cache, nothing written.
        let again = try CatalogFile.read(base, file: Self.file, cache: cache, jobs: 2)
        #expect(again.items == expected.items && again.warnings == expected.warnings)
        #expect(try Self.size(cache) == written)

        // One title edited, one rating out of range (a warning, so not kept), one item gone.
        let edited = Self.edited(
            base,
            [
                (#"{"id": "i3", "title": "T "#, #"{"id": "i3", "title": "Edited "#),
                (#""id": "i5", "title": "T ], {\"x\": [1,2]}, \\\" \u005d \u007b 가 ", "rating": 2.5"#, #""id": "i5", "title": "T", "rating": 99"#),
            ])
        let editedExpected = try Self.plain(edited)
        #expect(editedExpected.warnings.count == 1)
        let editedRead = try CatalogFile.read(edited, file: Self.file, cache: cache, jobs: 2)
        #expect(editedRead.items == editedExpected.items && editedRead.warnings == editedExpected.warnings)
        #expect(editedRead.items[3].title.hasPrefix("Edited "))
        #expect(CatalogCache.read(from: cache).count == 1_501, "the edited item appended, the one with a warning not")
        #expect(try Self.whole(cache, of: edited) == 1_499)
        #expect(try Self.size(cache) > written)

        // A byte flipped in the middle of a record: that item is read again, and the cache
        // holds every item of the catalog whole again.
        var damaged = try Data(contentsOf: cache)
        let id = try #require(damaged.range(of: Data("i700".utf8)))
        damaged[id.lowerBound + 1] ^= 0x5A
        try damaged.write(to: cache)
        #expect(try Self.whole(cache, of: edited) == 1_498)
        let afterDamage = try CatalogFile.read(edited, file: Self.file, cache: cache, jobs: 2)
        #expect(afterDamage.items == editedExpected.items && afterDamage.warnings == editedExpected.warnings)
        #expect(try Self.whole(cache, of: edited) == 1_499)

        // A record's length damaged, then garbage after the last record: read as far as
        // sound, then rewritten whole.
        var cut = try Data(contentsOf: cache)
        cut[CatalogCache.header.count + 7] = 0x7F
        try cut.write(to: cache)
        #expect(CatalogCache.read(from: cache).count == 0)
        #expect(try CatalogFile.read(edited, file: Self.file, cache: cache, jobs: 2).items == editedExpected.items)
        #expect(try Self.whole(cache, of: edited) == 1_499)
        try (Data(contentsOf: cache) + Data([1, 2, 3])).write(to: cache)
        #expect(try Self.whole(cache, of: edited) == 1_499)
        let grown = try Self.size(cache)
        #expect(try CatalogFile.read(edited, file: Self.file, cache: cache, jobs: 2).items == editedExpected.items)
        #expect(try Self.size(cache) == grown - 3, "rewritten without the garbage")

        // A cache of another vitrine binary is empty.
        try (Data("vitrine-catalog-cache/1 0.0.1 another-binary\n".utf8) + Data(contentsOf: cache).dropFirst(CatalogCache.header.count)).write(to: cache)
        #expect(CatalogCache.read(from: cache).count == 0)
        #expect(try CatalogFile.read(edited, file: Self.file, cache: cache, jobs: 2).items == editedExpected.items)
        #expect(try Self.whole(cache, of: edited) == 1_499)
    }

    @Test("a large catalog read by every core fails at its first invalid id, and warns of a repeated one, as a small one does")
    func largeCatalogsReportIDsAsSmallOnesDo() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent(".vitrine-cache/catalogs/catalog.items")
        let base = CatalogScannerTests.large
        _ = try CatalogFile.read(base, file: Self.file, cache: cache, jobs: 2)  // every item cached but those edited below

        // Two invalid ids, one in each core's half: the first in the file is the one named,
        // at its line and column, with or without the cache.
        let invalid = Self.edited(base, [(#"{"id": "i300", "#, #"{"id": "", "#), (#"{"id": "i1200", "#, #"{"id": "a\u0007b", "#)])
        for cached in [nil, cache] {
            #expect {
                try CatalogFile.read(invalid, file: Self.file, cache: cached, jobs: 2)
            } throws: { error in
                let position = JSONLocator.position(of: [.key("items"), .index(300), .key("id")], in: invalid)
                let error = try #require(error as? VitrineError)
                return error.location?.line == position?.line && error.location?.column == position?.column
                    && error.message.hasSuffix("items[300].id: invalid id 'file:': the part after 'file:' must be 1–200 printable characters")
            }
        }
        let second = Self.edited(base, [(#"{"id": "i1200", "#, #"{"id": "a\u0007b", "#)])
        #expect {
            try CatalogFile.read(second, file: Self.file, cache: cache, jobs: 2)
        } throws: { error in
            (error as? VitrineError)?.message.contains("items[1200].id: invalid id 'file:a") == true
        }

        // A repeated id in the second half: left out, the first kept, both places named.
        let repeated = Self.edited(base, [(#"{"id": "i1300", "title": "T "#, #"{"id": "i2", "title": "T "#)])
        for cached in [nil, cache] {
            let read = try CatalogFile.read(repeated, file: Self.file, cache: cached, jobs: 2)
            #expect(read.items.count == 1_499)
            #expect(read.items.filter { $0.id.value == "i2" }.count == 1 && read.items[2].id.value == "i2")
            #expect(read.items.map(\.id.value) == (0..<1_500).filter { $0 != 1_300 }.map { "i\($0)" })
            let here = try #require(JSONLocator.position(of: [.key("items"), .index(1_300), .key("id")], in: repeated))
            let there = try #require(JSONLocator.position(of: [.key("items"), .index(2), .key("id")], in: repeated))
            #expect(
                read.warnings.contains(
                    "\(Self.file):\(here.line):\(here.column): items[1300].id 'i2' repeats items[2].id (line \(there.line), column \(there.column)); the first is kept"
                ), "\(read.warnings)")
        }
    }

    @Test("an item taken from the cache goes through the policies again: a control character planted in the cache never reaches a page")
    func cachedItemsAreCheckedAgain() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("catalog.items")
        let base = CatalogScannerTests.large
        let spans = try #require(CatalogFile.scan(base, cache: nil, jobs: 2)?.spans)
        #expect(spans.count == 1_500)
        var planted = Item(
            id: ItemID(source: .catalog, value: "i7"), title: "Bell\u{7} and\u{202E} override",
            link: "javascript:alert(1)", image: Picture(url: "https://x.example/7.gif", width: 7),
            details: .entry(EntryDetails(rating: 3.5, description: "text\u{0}"))
        )
        var bytes = CatalogCache.header
        CatalogCache.appendRecord(spans[7], planted, to: &bytes)
        try Data(bytes).write(to: cache)
        #expect(CatalogCache.read(from: cache).item(for: spans[7]) == planted)

        let read = try CatalogFile.read(base, file: Self.file, cache: cache, jobs: 2)
        planted = read.items[7]
        #expect(planted.title == Item(id: planted.id, title: "Bell\u{7} and\u{202E} override").checked().item.title)
        #expect(!planted.title.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(planted.link == nil)
        #expect(planted.entry?.description == "text\u{FFFD}", "NUL in Markdown becomes U+FFFD, from the cache too")
        let expected = try Self.plain(base)
        #expect(Array(read.items[..<7]) == Array(expected.items[..<7]) && Array(read.items[8...]) == Array(expected.items[8...]))
    }

    @Test("a cached description is read from the cache's bytes when asked for: the parsed one's text, and bytes that are not UTF-8 are repaired, never trusted")
    func cachedDescriptionsAreReadWhenAskedFor() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("catalog.items")
        let base = CatalogScannerTests.large
        _ = try CatalogFile.read(base, file: Self.file, cache: cache, jobs: 2)
        let cached = try CatalogFile.read(base, file: Self.file, cache: cache, jobs: 2).items
        let expected = try Self.plain(base).items
        #expect(cached == expected)
        #expect(cached.map(\.entry?.description) == expected.map(\.entry?.description))
        #expect(cached.map(\.digest) == expected.map(\.digest), "page keys are the same from the cache's bytes")

        // A record whose description holds bytes that are not UTF-8, with a digest that
        // matches them (made by hand): the text is repaired where it is read.
        let spans = try #require(CatalogFile.scan(base, cache: nil, jobs: 2)?.spans)
        let planted = Item(id: ItemID(source: .catalog, value: "i9"), title: "T", details: .entry(EntryDetails(rating: 1, description: "abc~")))
        var record = CatalogCache.header
        CatalogCache.appendRecord(spans[9], planted, to: &record)
        let head = CatalogCache.header.count
        let tilde = try #require(record.lastIndex(of: UInt8(ascii: "~")))
        record[tilde] = 0xFF
        let digest = record[(head + 24)...].withUnsafeBytes { StableHasher.digest($0) }
        for (offset, word) in [(8, digest.high), (16, digest.low)] {
            for byte in 0..<8 { record[head + offset + byte] = UInt8(truncatingIfNeeded: word >> UInt64(8 * byte)) }
        }
        try Data(record).write(to: cache)
        let read = try CatalogFile.read(base, file: Self.file, cache: cache, jobs: 2).items
        #expect(read[9].entry?.description == "abc\u{FFFD}")
        #expect(read[9].title == "T", "the record is the item, as any other")
    }

    /// 1,500 items whose descriptions are plain (most), escaped, null or absent; all kept as places.
    static let plainDescriptions: Data = {
        var text = #"{"format": "vitrine-bench-catalog/1", "items": ["#
        for index in 0..<1_500 {
            if index > 0 { text += ",\n" }
            text += #"{"id": "p\#(index)", "title": "Item \#(index)""#
            switch index % 5 {
            case 0: text += #", "description": "Line one\nline \#(index) \u00e9""#
            case 1: text += #", "description": null"#
            case 2: break
            default: text += #", "description": "\#(String(repeating: "Plain *text* 가나 é <b>\(index)</b>. ", count: 50))""#
            }
            text += "}"
        }
        return Data((text + "]}\n").utf8)
    }()

    @Test("a description is cached as the place of its JSON string in the item's bytes: the same items, a cache a fraction of the catalog's size")
    func plainDescriptionsAreCachedAsPlaces() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("catalog.items")
        let base = Self.plainDescriptions
        #expect(base.count > 1 << 20)
        let expected = try Self.plain(base)
        #expect(try CatalogFile.read(base, file: Self.file, cache: cache, jobs: 2).items == expected.items)
        #expect(try Self.whole(cache, of: base) == 1_500)
        let size = try Self.size(cache)
        #expect(size * 4 < base.count, "descriptions kept as places, not copied: \(size) of \(base.count) bytes")

        let cached = try CatalogFile.read(base, file: Self.file, cache: cache, jobs: 2).items
        #expect(cached == expected.items)
        #expect(cached.map(\.entry?.description) == expected.items.map(\.entry?.description))
        #expect(cached.map(\.digest) == expected.items.map(\.digest))
        #expect(cached[0].entry?.description == "Line one\nline 0 \u{E9}")
        #expect(cached[1].entry?.description == nil && cached[2].entry?.description == nil)
        #expect(cached[3].entry?.description?.hasPrefix("Plain *text* 가나 é <b>3</b>. ") == true)

        // A record (made by hand) whose place runs past its item: a miss, and the item read again.
        let spans = try #require(CatalogFile.scan(base, cache: nil, jobs: 2)?.spans)
        var record = CatalogCache.header
        CatalogCache.appendRecord(spans[8], expected.items[8], description: 10..<100_000, to: &record)
        try Data(record).write(to: cache)
        #expect(try Self.whole(cache, of: base) == 1)
        #expect(CatalogCache.read(from: cache).item(for: spans[8], element: 0..<1_000, in: SharedBytes(base)) == nil)
        #expect(try CatalogFile.read(base, file: Self.file, cache: cache, jobs: 2).items == expected.items)
        #expect(try Self.whole(cache, of: base) == 1_500)
    }

    @Test("a description read from its place goes through the text policy with its escapes undone: controls planted as escapes never reach a page")
    func escapesInPlacesAreChecked() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("catalog.items")
        // Each kind of escape alone in its description, so none is read for another's sake.
        let hostile = [
            9: (#"bell \u0007, C1 \u0085, nonchar \uFFFF, é"#, "bell \u{7}, C1 \u{85}, nonchar \u{FFFF}, é", "bell , C1 , nonchar , é"),
            10: (#"back\bform\ffeed\r\nline, quote \" and \/"#, "back\u{8}form\u{C}feed\r\nline, quote \" and /", "backformfeed\nline, quote \" and /"),
        ]
        var base = Self.plainDescriptions
        for (index, (content, _, _)) in hostile {
            base = Self.edited(
                base, [(#""id": "p\#(index)", "title": "Item \#(index)", "description": "#, #""id": "p\#(index)", "title": "Item \#(index)", "description": "\#(content)", "x": "#)]
            )
        }
        let expected = try Self.plain(base)
        for (index, (_, _, cleaned)) in hostile {
            #expect(expected.items[index].entry?.description == cleaned, "the policy, as a plain read applies it")
        }
        // Read with the cache twice: an item the policy changed is kept as its checked text.
        _ = try CatalogFile.read(base, file: Self.file, cache: cache, jobs: 2)
        #expect(try CatalogFile.read(base, file: Self.file, cache: cache, jobs: 2).items == expected.items)

        // Records made by hand that keep the raw descriptions as their places: read from
        // there, their escapes undone, then checked like any other.
        let spans = try #require(CatalogFile.scan(base, cache: nil, jobs: 2)?.spans)
        var records = CatalogCache.header
        for (index, (content, unescaped, _)) in hostile.sorted(by: { $0.key < $1.key }) {
            let element = try #require(base.range(of: Data(#"{"id": "p\#(index)", "#.utf8)))
            let found = try #require(base.range(of: Data(content.utf8)))
            let raw = Item(id: ItemID(source: .catalog, value: "p\(index)"), title: "Item \(index)", details: .entry(EntryDetails(rating: nil, description: "x")))
            var record = CatalogCache.header
            let place = (found.lowerBound - element.lowerBound)..<(found.upperBound - element.lowerBound)
            CatalogCache.appendRecord(spans[index], raw, description: place, to: &record)
            try Data(record).write(to: cache)
            let planted = CatalogCache.read(from: cache).item(for: spans[index], element: element.lowerBound..<base.count, in: SharedBytes(base))
            #expect(planted?.entry?.description == unescaped, "the escapes undone")
            records += record.dropFirst(CatalogCache.header.count)
        }
        try Data(records).write(to: cache)
        let read = try CatalogFile.read(base, file: Self.file, cache: cache, jobs: 2)
        #expect(read.items == expected.items)
    }
}
