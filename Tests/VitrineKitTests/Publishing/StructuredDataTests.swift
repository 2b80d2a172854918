import Foundation
import Testing

@testable import VitrineKit

/// JSON-LD and the filter index are JSON inside a script: hostile text must stay text.
@Suite("structured data and the filter index")
struct StructuredDataTests {
    static let hostile = "</script><script>alert(1)</script><!-- \"quoted\" 'single' \u{2028}line & more\u{1}\u{1B}[31m"

    static func item(_ id: String, title: String = hostile) throws -> Item {
        try ItemID(parsing: id).source == .tmdb
            ? Item(
                id: try ItemID(parsing: id), title: title, link: "https://www.themoviedb.org/movie/1",
                image: Picture(url: "https://image.tmdb.org/t/p/w342/a.jpg", width: 342, height: 513),
                details: .movie(MovieDetails(releaseDate: "1999-10-15", voteAverage: 8.4, voteCount: 26_000)))
            : Item(id: try ItemID(parsing: id), title: title)
    }

    /// Parses the script's text as a browser would hand it to JSON.parse.
    static func parse(_ json: RenderedJSON?) throws -> [String: Any] {
        let text = try #require(json?.json)
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("a hostile title is escaped: no '<', '>' or '&' in the script, the same text after parsing")
    func hostileTitle() throws {
        let rendered = JSONLD.item(try Self.item("tmdb:1"), url: "https://example.org/items/tmdb-1/")
        let text = try #require(rendered?.json)
        #expect(!text.contains("<") && !text.contains(">") && !text.contains("&"))
        #expect(!text.contains("\u{2028}"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 }, "control characters are escaped")
        let object = try Self.parse(rendered)
        #expect(object["name"] as? String == Self.hostile)
        #expect(object["@type"] as? String == "Movie")
        #expect(object["@context"] as? String == "https://schema.org")
        let rating = try #require(object["aggregateRating"] as? [String: Any])
        #expect(rating["ratingValue"] as? String == "8.4" && rating["ratingCount"] as? Int == 26_000)
    }

    @Test(
        "the type per kind",
        arguments: [
            ("giphy:abc", "ImageObject"), ("books:xyz", "Book"), ("appstore:1", "SoftwareApplication"), ("tmdb:2", "Movie"),
        ])
    func typePerKind(id: String, type: String) throws {
        let object = try Self.parse(JSONLD.item(try Self.item(id, title: "T"), url: "https://example.org/x/"))
        #expect(object["@type"] as? String == type)
    }

    @Test("a GIF with an mp4 is a VideoObject; an app's price is an Offer")
    func videoAndOffer() throws {
        let gif = Item(
            id: try ItemID(parsing: "giphy:a"), title: "Cat",
            details: .gif(GIFDetails(still: Picture(url: "https://media.giphy.com/s.gif"), mp4: "https://media.giphy.com/a.mp4")))
        let video = try Self.parse(JSONLD.item(gif, url: "https://example.org/items/giphy-a/"))
        #expect(video["@type"] as? String == "VideoObject" && video["contentUrl"] as? String == "https://media.giphy.com/a.mp4")
        let app = Item(
            id: try ItemID(parsing: "appstore:1"), title: "App", link: "https://apps.apple.com/kr/app/id1",
            details: .app(AppDetails(price: "무료", priceAmount: 0, currency: "KRW")))
        let offer = try #require(try Self.parse(JSONLD.item(app, url: "https://example.org/items/appstore-1/"))["offers"] as? [String: Any])
        #expect(offer["@type"] as? String == "Offer" && offer["price"] as? String == "0.00" && offer["priceCurrency"] as? String == "KRW")
    }

    @Test("a movie without a poster, a book without a cover, a GIF without an animated rendition fall back to the item's image")
    func imageFallbacks() throws {
        let image = Picture(url: "https://images.example.org/item.jpg", width: 300, height: 300)
        let movie = Item(id: try ItemID(parsing: "tmdb:7"), title: "M", image: image, details: .movie(MovieDetails()))
        #expect(try Self.parse(JSONLD.item(movie, url: "https://example.org/x/"))["image"] as? String == image.url)
        let book = Item(id: try ItemID(parsing: "books:b"), title: "B", image: image, details: .book(BookDetails()))
        #expect(try Self.parse(JSONLD.item(book, url: "https://example.org/x/"))["image"] as? String == image.url)
        let gif = Item(id: try ItemID(parsing: "giphy:g"), title: "G", image: image, details: .gif(GIFDetails()))
        #expect(try Self.parse(JSONLD.item(gif, url: "https://example.org/x/"))["contentUrl"] as? String == image.url)
        // The item's own poster wins over the fallback.
        let poster = Picture(url: "https://image.tmdb.org/t/p/w342/p.jpg", width: 342, height: 513)
        let withPoster = Item(id: try ItemID(parsing: "tmdb:8"), title: "M", image: image, details: .movie(MovieDetails(poster: poster)))
        #expect(try Self.parse(JSONLD.item(withPoster, url: "https://example.org/x/"))["image"] as? String == poster.url)
    }

    @Test("no baseURL, no structured data")
    func onlyWithBaseURL() throws {
        #expect(JSONLD.item(try Self.item("tmdb:1"), url: nil) == nil)
        #expect(JSONLD.itemList([], name: "x", url: nil, firstPosition: 1, itemURL: { _ in nil }) == nil)
    }

    @Test("an ItemList points at the detail pages, at their positions in the whole gallery")
    func itemList() throws {
        let items = [try Self.item("tmdb:1"), try Self.item("tmdb:2", title: "Two")]
        let list = try Self.parse(
            JSONLD.itemList(items, name: "Popular", url: "https://example.org/popular/page/2/", firstPosition: 21) {
                "https://example.org/items/\($0.id.pathSegment)/"
            })
        let elements = try #require(list["itemListElement"] as? [[String: Any]])
        #expect(list["@type"] as? String == "ItemList")
        #expect(elements.map { $0["position"] as? Int } == [21, 22])
        #expect(elements.map { $0["url"] as? String } == ["https://example.org/items/tmdb-1/", "https://example.org/items/tmdb-2/"])
    }

    @Test("the filter index: hostile titles stay inert, every item of the gallery is in it")
    func filterIndex() throws {
        let factory = try TestSupport.fixturePageFactory()
        for index in factory.site.galleries.indices where !factory.site.galleries[index].items.isEmpty {
            let script = factory.filterIndex(index)
            #expect(!script.dropLast(2).contains("<") && !script.contains("</script"))
            let prefix = "(window.vitrineFilterIndex = window.vitrineFilterIndex || {})["
            #expect(script.hasPrefix(prefix) && script.hasSuffix(";\n"))
            let json = try #require(script.range(of: "] = ").map { String(script[$0.upperBound...].dropLast(2)) })
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
            #expect(entries.map { $0["t"] as? String } == factory.site.galleries[index].items.map(\.title))
            #expect(entries.allSatisfy { ($0["h"] as? String)?.hasPrefix("items/") == true })
        }
    }

    /// The entry as the item's gallery cell shows it.
    static func cellEntry(_ item: Item, _ factory: PageFactory, columns: Int) -> FilterEntry {
        let cell = factory.cell(item, from: SitePath.home, columns: columns)
        let stars = cell.owner?.stars
        return FilterEntry(
            title: item.title, authors: cell.authors, kind: cell.kind, link: cell.href,
            imageURL: cell.image?.src, imageSrcset: cell.image?.srcset, imageWidth: cell.image?.width, imageHeight: cell.image?.height,
            still: item.kind == .gif ? cell.image?.still : nil, published: cell.published, rating: cell.rating, ratingLabel: cell.ratingLabel,
            id: cell.id, byline: cell.byline, isNew: cell.isNew ? true : nil,
            ownerRating: stars == nil ? nil : cell.owner?.rating, ownerStars: stars, ownerRatingLabel: stars == nil ? nil : cell.owner?.ratingLabel,
            tags: cell.owner?.hasTags == true ? cell.owner?.tags : nil)
    }

    @Test("a filter entry says what the item's gallery cell shows, for every kind, with ratings shared and hostile pictures")
    func filterEntryMatchesCell() throws {
        let factory = try TestSupport.fixturePageFactory()
        var items = factory.site.galleries.flatMap(\.items) + factory.site.favorites.map(\.1)
        let id = { (text: String) in try ItemID(parsing: text) }
        items += [
            Item(
                id: try id("giphy:unsafe"), title: "No safe URL", image: Picture(url: "javascript:alert(1)", width: 200, height: 200),
                details: .gif(GIFDetails(rating: "pg-13", still: Picture(url: "https://media.giphy.com/s.gif")))),
            Item(
                id: try id("giphy:still"), title: "Bad still", image: Picture(url: "https://media.giphy.com/a.gif", width: 0, height: -3),
                details: .gif(GIFDetails(rating: "pg-13", still: Picture(url: "data:text/html,x")))),
            Item(
                id: try id("books:b"), title: "Book", image: Picture(url: "//books.google.com/c.jpg"),
                details: .book(BookDetails(authors: ["A", "B <i>"], publishedDate: "2024-03", averageRating: 4.5))),
            Item(id: try id("tmdb:7"), title: "Same rating", details: .movie(MovieDetails(voteAverage: 8.4))),
            Item(id: try id("appstore:9"), title: "Same value, other scale", details: .app(AppDetails(averageRating: 8.4))),
            Item(id: try id("file:e"), title: "Entry", details: .entry(EntryDetails(rating: 8.4, description: nil))),
            Item(id: try id("file:nan"), title: "Not a number", details: .entry(EntryDetails(rating: .nan, description: nil))),
            // Canonically equivalent grades in different bytes: each keeps its own.
            Item(id: try id("giphy:composed"), title: "É", details: .gif(GIFDetails(rating: "\u{E9}"))),
            Item(id: try id("giphy:decomposed"), title: "É", details: .gif(GIFDetails(rating: "e\u{301}"))),
            Item(
                id: try id("tmdb:8"), title: "Renditions, no size of its own",
                image: Picture(
                    url: "https://image.tmdb.org/t/p/w342/p.jpg",
                    renditions: [
                        Rendition(url: "https://image.tmdb.org/t/p/w92/p.jpg", width: 92, height: 138),
                        Rendition(url: "https://image.tmdb.org/t/p/w342/p.jpg", width: 342, height: 513),
                    ]),
                details: .movie(MovieDetails(voteAverage: 7.25))),
        ]
        #expect(Set(items.map(\.kind)) == [.gif, .movie, .book, .app, .entry] && items.count > 12)
        var captions: [PageFactory.Rating: PageFactory.Caption] = [:]
        for columns in [1, 3] {
            for item in items {
                // Compared as the bytes the index holds: `String`'s `==` ignores how a text is composed.
                var made: [UInt8] = []
                var expected: [UInt8] = []
                ScriptJSON.entry(factory.filterEntry(item, columns: columns, captions: &captions), to: &made)
                ScriptJSON.entry(Self.cellEntry(item, factory, columns: columns), to: &expected)
                #expect(made == expected, "\(item.id): \(String(decoding: made, as: UTF8.self))")
            }
        }
        let distinct = Set(items.compactMap { PageFactory.rating(of: $0) })
        #expect(captions.count == distinct.count, "each rating's caption is filled once")
        #expect(distinct.contains(.grade("E\u{301}")) && distinct.contains(.grade("\u{C9}")), "two grades, not one")
        #expect(items.contains { Self.cellEntry($0, factory, columns: 3).imageSrcset != nil }, "a srcset is compared")
    }

    @Test("a gallery of 2,500 items: its filter index, made by every core, is every entry in gallery order, as one core writes them")
    func largeFilterIndex() throws {
        let site = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: site) }
        try "title: Large\ngalleries:\n  - name: all\n    source: file\n    path: catalog.json\n".write(
            to: site.appendingPathComponent("site.yml"), atomically: true, encoding: .utf8)
        let items = (0..<2500).map { number in
            #"{"id": "n\#(number)", "title": "Title \#(number) </script> \u2028", "rating": \#(number % 11), "image": {"url": "https://media.example.org/\#(number).gif", "width": 200, "height": 100}}"#
        }
        try #"{"format": "vitrine-bench-catalog/1", "items": [\#(items.joined(separator: ","))]}"#.write(
            to: site.appendingPathComponent("catalog.json"), atomically: true, encoding: .utf8)
        let reader = SiteReader(options: BuildOptions(site: site, siteLabel: "site"))
        let config = try reader.config()
        let factory = PageFactory(site: try reader.read(config: config, favorites: try reader.favorites(config), logger: .init(label: "test")))
        let gallery = factory.site.galleries[0]
        #expect(gallery.items.count == 2500)

        var expected = Array("(window.vitrineFilterIndex = window.vitrineFilterIndex || {})[\"all\"] = ".utf8)
        var captions: [PageFactory.Rating: PageFactory.Caption] = [:]
        ScriptJSON.entries(gallery.items.map { factory.filterEntry($0, columns: gallery.columns, captions: &captions) }, to: &expected)
        expected += ";\n".utf8
        let script = factory.filterIndexBytes(0, jobs: 4)
        #expect(script == expected)
        let text = String(decoding: script, as: UTF8.self)
        let json = try #require(text.range(of: "] = ").map { text[$0.upperBound...].dropLast(2) })
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(entries.map { $0["t"] as? String } == (0..<2500).map { "Title \($0) </script> \u{2028}" })

        // With the last build's file (made by hand here: `{"old":N}` entries) and its keys, an
        // entry whose key is unchanged is copied from it, the others made; by place while the
        // keys line up, by key once items moved (one added, another removed).
        func key(_ text: String) -> StableHasher.Digest {
            var hasher = StableHasher()
            hasher.combine(text)
            return hasher.finalize()
        }
        let keys = (0..<2500).map { key("key \($0)") }
        var old = factory.filterIndexPrefix(0)
        var lengths: [Int] = []
        for index in 0..<2500 {
            if index > 0 { old.append(UInt8(ascii: ",")) }
            let entry = Array(#"{"old":\#(index)}"#.utf8)
            old += entry
            lengths.append(entry.count)
        }
        old += PageFactory.filterIndexSuffix
        let digest = old.withUnsafeBytes { StableHasher.digest($0) }
        let recorded = FilterEntries.File(digest: digest, keys: keys, lengths: lengths)
        func previous(_ keys: [StableHasher.Digest], bytes: [UInt8] = old, manifest: StableHasher.Digest? = digest) -> FilterEntries.Previous? {
            FilterEntries.Previous(
                recorded, bytes: Data(bytes), manifestDigest: manifest, prefix: factory.filterIndexPrefix(0), suffix: PageFactory.filterIndexSuffix, keys: keys)
        }
        func titles(_ bytes: [UInt8]) throws -> [String] {
            let text = String(decoding: bytes, as: UTF8.self)
            let json = try #require(text.range(of: "] = ").map { text[$0.upperBound...].dropLast(2) })
            let entries = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
            return entries.map { ($0["t"] as? String).map { _ in "made" } ?? "old \($0["old"] ?? "?")" }
        }
        var edited = keys
        edited[7] = key("edited")
        let copied = factory.filterIndexBytes(0, keys: edited, previous: previous(edited), jobs: 4)
        #expect(try titles(copied.bytes) == (0..<2500).map { $0 == 7 ? "made" : "old \($0)" })
        #expect(copied.lengths.count == 2500 && copied.lengths[8] == lengths[8])
        let shifted = Array(keys[..<3]) + [key("new")] + Array(keys[3...].dropLast())
        #expect(
            try titles(factory.filterIndexBytes(0, keys: shifted, previous: previous(shifted), jobs: 4).bytes)
                == (0..<2500).map { $0 == 3 ? "made" : "old \($0 < 3 ? $0 : $0 - 1)" })
        // A file whose bytes are not the recorded ones, or a manifest that disagrees: nothing copied.
        var tampered = old
        tampered[factory.filterIndexPrefix(0).count + 2] = UInt8(ascii: "O")
        #expect(previous(keys, bytes: tampered) == nil)
        #expect(previous(keys, manifest: key("another")) == nil)
        #expect(previous(keys, bytes: Array(old.dropLast())) == nil)
        #expect(previous(keys) != nil)
    }
}
