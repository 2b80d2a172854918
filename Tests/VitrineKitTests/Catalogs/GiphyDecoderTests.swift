import Foundation
import Testing

@testable import VitrineKit

@Suite("GIPHY decoder")
struct GiphyDecoderTests {
    @Test("2016 search: escaped slashes, no title, rating y, stills without size")
    func oldSearch() throws {
        let page = try GiphyDecoder.decodeList(Fixtures.data("api/giphy/search-2016.json"))
        #expect(page.totalResults == 1862)
        #expect(page.items.map(\.id.description) == ["giphy:JIX9t2j0ZTN9S", "giphy:3oEduSbSGpGaRX2Vri"])
        let first = page.items[0]
        #expect(first.title == "Cat funny")
        // 2016 responses are http; GIPHY's hosts serve https, so the URL policy upgrades them.
        #expect(first.link == "https://giphy.com/gifs/cat-funny-JIX9t2j0ZTN9S")
        #expect(first.image?.oneSize == Picture(url: "https://media3.giphy.com/media/JIX9t2j0ZTN9S/200w.gif", width: 200, height: 150))
        #expect(first.gif?.rating == "y")
        #expect(first.gif?.username == nil)
        #expect(first.gif?.postURL == "http://www.reddit.com/r/gifs/comments/3kt3tv/cat_vs_printer/")
        #expect(first.gif?.postDomain == "www.reddit.com")
        #expect(first.gif?.mp4 == "https://media3.giphy.com/media/JIX9t2j0ZTN9S/200w.mp4")
        #expect(first.gif?.webp == "https://media3.giphy.com/media/JIX9t2j0ZTN9S/200w.webp")
        #expect(first.gif?.still?.url == "https://media3.giphy.com/media/JIX9t2j0ZTN9S/200w_s.gif")
        // The slug is only the id: nothing to make a title from.
        #expect(page.items[1].title == "Untitled GIF")
        #expect(page.items[1].gif?.postURL == nil)
        #expect(page.items[1].gif?.postDomain == nil)
    }

    @Test("2022 search: full objects, hostile strings, missing renditions, items without id")
    func newSearch() throws {
        let page = try GiphyDecoder.decodeList(Fixtures.data("api/giphy/search-2022.json"))
        #expect(page.totalResults == 3148)
        #expect(page.droppedCount == 2)
        #expect(page.items.count == 2)

        let cat = page.items[0]
        #expect(cat.title == "Cat Kitten GIF by Cats of Instagram")
        #expect(cat.gif?.username == "catsofinstagram")
        #expect(cat.gif?.postURL == "https://www.instagram.com/p/Bx7b1Hcn5Vb/?utm_source=ig&utm_medium=share")
        #expect(cat.image?.url == "https://media3.giphy.com/media/GeimqsH0TLDt4tScGw/200w.gif?cid=790b76115f1a2b3c&ep=v1_gifs_search&rid=200w.gif&ct=g")
        #expect(cat.gif?.animated == cat.image)
        #expect(cat.gif?.mp4?.hasSuffix("rid=200w.mp4&ct=g") == true)
        #expect(
            cat.gif?.still?.oneSize
                == Picture(
                    url: "https://media3.giphy.com/media/GeimqsH0TLDt4tScGw/200w_s.gif?cid=790b76115f1a2b3c&ep=v1_gifs_search&rid=200w_s.gif&ct=g",
                    width: 200, height: 200))

        // fixed_width has no url: the thumbnail and animation come from `downsized`,
        // the still from `original_still`; the `javascript:` source is dropped.
        let hostile = page.items[1]
        #expect(hostile.title == "<script>alert(1)</script> cat")
        #expect(hostile.gif?.postURL == nil)
        #expect(hostile.image?.width == 500)
        #expect(hostile.gif?.animated?.url.contains("giphy-downsized.gif") == true)
        #expect(hostile.gif?.webp?.contains("giphy-downsized.webp") == true)
        #expect(hostile.gif?.mp4 == nil)
        #expect(hostile.gif?.still?.url.contains("giphy_s.gif") == true)
    }

    @Test("trending without total_count, empty title, is_sticker as 1")
    func trending() throws {
        let page = try GiphyDecoder.decodeList(Fixtures.data("api/giphy/trending-no-total.json"))
        #expect(page.totalResults == nil)
        #expect(page.items.map(\.title) == ["Untitled GIF"])
        #expect(page.items.first?.gif?.rating == "pg-13")
    }

    @Test("zero results")
    func zeroResults() throws {
        let page = try GiphyDecoder.decodeList(Fixtures.data("api/giphy/zero-results.json"))
        #expect(page.items.isEmpty)
        #expect(page.totalResults == 0)
    }

    @Test("GIF by id: data is an object")
    func byID() throws {
        let item = try GiphyDecoder.decodeByID(Fixtures.data("api/giphy/by-id.json"))
        #expect(item.id == ItemID(source: .giphy, value: "FiGiRei2ICzzG"))
        #expect(item.title == "Funny cat")
        #expect(item.gif?.postURL == "http://www.reddit.com/r/funny/comments/1d5nmp/")
        #expect(item.gif?.mp4 == "https://media2.giphy.com/media/FiGiRei2ICzzG/200w.mp4?cid=5e214886&rid=200w.mp4&ct=g")
    }

    @Test("a list body is refused by decodeByID")
    func byIDWithList() throws {
        #expect(throws: VitrineError("giphy: expected 'data' to be one GIF object", kind: .remote)) {
            try GiphyDecoder.decodeByID(Fixtures.data("api/giphy/zero-results.json"))
        }
    }

    @Test(
        "error bodies",
        arguments: [
            ("error-401.json", "giphy: Unauthorized (status 401)"),
            ("error-403-banned.json", "giphy: BANNED (status 403)"),
            ("error-403-gateway.json", "giphy: Invalid authentication credentials"),
            ("error-429-gateway.json", "giphy: API rate limit exceeded"),
            ("synthetic.json", "giphy: synthetic response (status 200, empty response_id, no data): GIPHY had trouble upstream; try again later"),
        ])
    func errors(file: String, message: String) throws {
        let data = try Fixtures.data("api/giphy/\(file)")
        #expect(throws: VitrineError(message, kind: .remote)) { try GiphyDecoder.decodeList(data) }
        #expect(throws: VitrineError(message, kind: .remote)) { try GiphyDecoder.decodeByID(data) }
    }

    @Test("truncated JSON is reported with line and column")
    func truncated() throws {
        let data = try Fixtures.data("api/giphy/truncated.json")
        let error = #expect(throws: VitrineError.self) { try GiphyDecoder.decodeList(data) }
        #expect(error?.message.hasPrefix("giphy response:2:") == true)
        #expect(error?.message.contains("invalid JSON") == true)
    }

    @Test("a changed shape names the path")
    func wrongShape() {
        let data = Data(#"{"data":[{"id":"abc","title":7}],"meta":{"status":200,"msg":"OK","response_id":"x"}}"#.utf8)
        #expect(throws: VitrineError("giphy response:1:30: data[0].title: expected a string")) {
            try GiphyDecoder.decodeList(data)
        }
    }

    @Test(
        "titles from slugs",
        arguments: [
            ("funny-cat-FiGiRei2ICzzG", "FiGiRei2ICzzG", "Funny cat"),
            ("FiGiRei2ICzzG", "FiGiRei2ICzzG", "Untitled GIF"),
            ("happy-dance", "xyz", "Happy dance"),
        ])
    func slugTitles(slug: String, id: String, title: String) {
        let gif = GiphyGIF(id: id, slug: slug)
        #expect(GiphyDecoder.title(of: gif) == title)
    }
}
