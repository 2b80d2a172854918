import Foundation
import Testing

@testable import VitrineKit

/// Every API's published sizes are decoded into the snapshot once; older snapshots without
/// them still read, and render their single image as before.
@Suite("image renditions")
struct RenditionTests {
    @Test("GIPHY: GIF, webp and still sizes, narrowest first")
    func giphy() throws {
        let page = try GiphyDecoder.decodeList(Fixtures.data("recorded/cats.json"))
        let gif = try #require(page.items.first)
        let widths = try #require(gif.image?.renditions).map(\.width)
        #expect(widths == widths.sorted() && Set(widths).count == widths.count)
        #expect(widths.contains(200) && widths.count >= 3, "fixed_width, fixed_height and the original at least: \(widths)")
        #expect(try #require(gif.gif?.webpRenditions).allSatisfy { $0.url.contains(".webp") })
        #expect(try #require(gif.gif?.still?.renditions).map(\.width).contains(480), "480w_still is a still size")
        for rendition in gif.image?.renditions ?? [] { #expect(SafeURL.check(rendition.url) == rendition.url) }
    }

    @Test("TMDB: every wNNN poster size of the configuration, 2:3")
    func tmdb() throws {
        let images = try TMDBDecoder.decodeConfiguration(Fixtures.data("recorded/tmdb-configuration.json"))
        let page = try TMDBDecoder.decodeList(Fixtures.data("recorded/popular.json"), images: images)
        let poster = try #require(page.items.first?.image)
        let renditions = try #require(poster.renditions)
        #expect(renditions.map(\.width) == [92, 154, 185, 342, 500, 780])
        #expect(renditions.allSatisfy { $0.height == Int((Double($0.width) * 1.5).rounded()) && $0.url.hasPrefix(images.baseURL + "w") })
    }

    @Test("Google Books: the zoom levels, with nominal sizes")
    func googleBooks() throws {
        let page = try GoogleBooksDecoder.decodeList(Fixtures.data("recorded/swift-books.json"))
        let book = try #require(page.items.first { $0.image != nil })
        let thumbnail = try #require(book.image)
        #expect(thumbnail.width == 128 && thumbnail.height == 192, "zoom=1 is 128 px wide (nominal)")
        let renditions = try #require(thumbnail.renditions)
        // Zooms 5, 1, 2, 3, 4 from any link; 6 (extra large) only when Google gave it.
        #expect(renditions.map(\.width).starts(with: [80, 128, 200, 320, 575]))
        #expect(renditions.allSatisfy { $0.url.contains("zoom=") })
        #expect(renditions.allSatisfy { $0.url.hasPrefix("https://") }, "Google's hosts are upgraded to https")
    }

    @Test("App Store: artwork sizes named in the path, up to the largest given")
    func appStore() throws {
        let page = try AppStoreDecoder.decodeLookup(Fixtures.data("recorded/apps.json"), requestedIDs: ["362057947", "872469884", "999999999"])
        let icon = try #require(page.items.first?.image)
        let renditions = try #require(icon.renditions)
        #expect(renditions.map(\.width) == [60, 100, 200, 400, 512])
        #expect(renditions.allSatisfy { $0.url.hasSuffix("/\($0.width)x\($0.width)bb.jpg") })
        #expect(page.items.first?.app?.currency != nil)
        #expect(page.items.first?.app?.priceAmount != nil)
    }

    @Test("an older snapshot (no renditions) reads and renders its one image, sized")
    func olderSnapshot() throws {
        let json = #"{"id":"tmdb:1","title":"Old","image":{"url":"https://image.tmdb.org/t/p/w342/a.jpg","width":342,"height":513}}"#
        let item = try JSONDecoder().decode(Item.self, from: Data(json.utf8))
        #expect(item.image?.renditions == nil)
        let factory = try TestSupport.fixturePageFactory()
        let view = try #require(factory.image(item.image, alt: "Old", slot: .cell(columns: 3), kind: .movie))
        #expect(view.srcset == nil && view.sizes == nil)
        #expect(view.width == 342 && view.height == 513 && view.loading == "lazy")
    }

    @Test("sizes follow the theme's grid: 352 px cells at 1440, 30.27vw below 72rem")
    func sizes() {
        #expect(ImageSlot.cell(columns: 3).sizes == "(min-width: 72rem) 352px, 30.27vw")
        #expect(ImageSlot.cell(columns: 1).sizes == "(min-width: 72rem) 1088px, 94vw")
        #expect(ImageSlot.plain.sizes == nil)
    }

    @Test("srcset leaves out URLs with a comma and refused URLs; one candidate is no srcset")
    func srcset() {
        let set = ImageSlot.srcset([
            Rendition(url: "https://a.example/1.jpg", width: 100),
            Rendition(url: "https://a.example/x,y.jpg", width: 150),
            Rendition(url: "javascript:alert(1)", width: 180),
            Rendition(url: "https://a.example/2.jpg", width: 200),
        ])
        #expect(set == "https://a.example/1.jpg 100w, https://a.example/2.jpg 200w")
        #expect(ImageSlot.srcset([Rendition(url: "https://a.example/1.jpg", width: 100)]) == nil)
    }

    @Test("the policy checks renditions: refused URLs and absurd widths are left out")
    func policy() {
        let item = Item(
            id: try! ItemID(parsing: "tmdb:1"), title: "x",
            image: Picture(
                url: "https://a.example/1.jpg", width: 10, height: 10,
                renditions: [
                    Rendition(url: "javascript:alert(1)", width: 100), Rendition(url: "https://a.example/2.jpg", width: 1_000_000),
                    Rendition(url: "https://a.example/3.jpg", width: 300, height: 450),
                ])
        )
        let (checked, problems) = item.checked()
        #expect(checked.image?.renditions == [Rendition(url: "https://a.example/3.jpg", width: 300, height: 450)])
        #expect(problems.count == 1)
    }
}

extension Picture {
    /// The picture without its other sizes, for tests about the one URL and size.
    var oneSize: Picture { Picture(url: url, width: width, height: height) }
}
