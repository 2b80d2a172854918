import Foundation
import Testing

@testable import VitrineKit

@Suite("Google Books decoder")
struct GoogleBooksDecoderTests {
    @Test("search: missing fields, empty subtitle, http covers, HTML snippets, hostile link")
    func search() throws {
        let page = try GoogleBooksDecoder.decodeList(Fixtures.data("api/books/search.json"))
        #expect(page.totalResults == 1_000_000)
        #expect(page.droppedCount == 1)
        #expect(page.items.map(\.id.description) == ["books:gg20DgAAQBAJ", "books:qBiEjwEACAAJ", "books:zvuGAQAACAAJ"])

        let effective = page.items[0]
        #expect(effective.title == "Effective JavaScript\u{3000}JavaScriptを使うときに知っておきたい68の冴えたやり方")
        #expect(effective.book?.subtitle == nil)
        #expect(effective.book?.authors == ["David Herman", "吉川邦夫"])
        #expect(effective.book?.publisher == "\"O'Reilly Media, Inc.\"")
        #expect(effective.book?.publishedDate == "2013")
        #expect(effective.book?.categories == ["Computers"])
        #expect(effective.book?.averageRating == 3)
        #expect(effective.book?.identifiers == ["ISBN_13:9784798131115", "ISBN_10:4798131113", "OTHER:OCLC:796839651"])
        #expect(effective.book?.description == "JavaScriptの“効果的な”使い方 — ■ 68項目")
        #expect(
            effective.image?.oneSize
                == Picture(url: "https://books.google.com/books/content?id=gg20DgAAQBAJ&printsec=frontcover&img=1&zoom=1&edge=curl&source=gbs_api", width: 128, height: 192))
        #expect(effective.book?.cover == effective.image)
        #expect(effective.link == "https://books.google.co.kr/books?id=gg20DgAAQBAJ&dq=intitle:javascript&hl=&source=gbs_api")

        // No authors, no covers, pageCount 0, `javascript:` infoLink replaced by the canonical link.
        let nio = page.items[1]
        #expect(nio.title == "Java NIO \\c Ron Hitchens")
        #expect(nio.image == nil)
        #expect(nio.book?.authors == [])
        #expect(nio.book?.pageCount == nil)
        #expect(nio.book?.language == "zh-CN")
        #expect(nio.book?.identifiers == ["OTHER:STANFORD:36105133357843"])
        #expect(nio.link == "https://books.google.com/books/about/Java_NIO.html?hl=&id=qBiEjwEACAAJ")

        // Only smallThumbnail on a non-Google host: kept as http. The cover is the largest.
        let swift = page.items[2]
        #expect(swift.book?.subtitle == "A Practical Guide")
        #expect(swift.image?.url == "http://127.0.0.1:8089/books/content?id=zvuGAQAACAAJ&zoom=5")
        #expect(swift.book?.cover?.url == "https://books.google.com/books/content?id=zvuGAQAACAAJ&printsec=frontcover&img=1&zoom=4&edge=curl&source=gbs_api")
        #expect(swift.book?.description == "Learn Swift & SwiftUI\u{00A0}today.\n\"> {{x}}")
        #expect(swift.book?.averageRating == 4.5)
    }

    @Test("zero results: no items key")
    func zeroResults() throws {
        let page = try GoogleBooksDecoder.decodeList(Fixtures.data("api/books/zero-results.json"))
        #expect(page.items.isEmpty)
        #expect(page.totalResults == 0)
    }

    @Test("one volume with an HTML description")
    func volume() throws {
        let item = try GoogleBooksDecoder.decodeVolume(Fixtures.data("api/books/volume.json"))
        #expect(item.id.description == "books:zyTCAlFPjgYC")
        #expect(item.book?.description == "\"Here is the story\" of how two guys\u{00A0}built Google.\nIt's a true story & more…\nSecond line")
        #expect(item.book?.cover?.url.contains("zoom=6") == true)
        #expect(item.book?.cover?.url.hasPrefix("https://books.google.com/") == true)
        #expect(item.book?.identifiers == ["ISBN_13:9780553804577", "ISBN_10:055380457X"])
        #expect(item.link == "https://play.google.com/store/books/details?id=zyTCAlFPjgYC&source=gbs_api")
    }

    @Test(
        "error envelopes",
        arguments: [
            ("error-missing-query.json", "google-books: Missing query. (code 400)"),
            ("error-api-key.json", "google-books: API key not valid. Please pass a valid API key. (code 400)"),
        ])
    func errors(file: String, message: String) throws {
        let data = try Fixtures.data("api/books/\(file)")
        #expect(throws: VitrineError(message, kind: .remote)) { try GoogleBooksDecoder.decodeList(data) }
        #expect(throws: VitrineError(message, kind: .remote)) { try GoogleBooksDecoder.decodeVolume(data) }
    }

    @Test("truncated JSON is reported with line and column")
    func truncated() throws {
        let data = try Fixtures.data("api/books/truncated.json")
        let error = #expect(throws: VitrineError.self) { try GoogleBooksDecoder.decodeList(data) }
        #expect(error?.message.hasPrefix("google-books response:9:") == true)
    }
}
