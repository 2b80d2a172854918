import Testing

@testable import VitrineKit

@Suite("pagination, formats, Markdown")
struct RenderingUnitTests {
    @Test(
        arguments: [
            (1, 1, [1]),
            (2, 1, [1, 2]),
            (20, 1, [1, 2, 3, nil, 20]),
            (20, 10, [1, nil, 8, 9, 10, 11, 12, nil, 20]),
            (20, 20, [1, nil, 18, 19, 20]),
            (5, 3, [1, 2, 3, 4, 5]),
            (7, 4, [1, 2, 3, 4, 5, 6, 7]),
            (8, 1, [1, 2, 3, nil, 8]),
        ] as [(Int, Int, [Int?])])
    func pageWindowIsBounded(pages: Int, current: Int, expected: [Int?]) {
        let pagination = Pagination(total: pages * 10, perPage: 10)
        #expect(pagination.window(around: current) == expected)
    }

    @Test func windowSizeDoesNotGrowWithPageCount() {
        let pagination = Pagination(total: 1_000_000, perPage: 24)
        #expect(pagination.window(around: 20_000).count <= 9)
    }

    @Test func paginationLinksAreRelative() throws {
        let here = SitePath.gallery("cats", page: 2)
        let view = try #require(Pagination(total: 50, perPage: 24).view(current: 2, from: here) { .gallery("cats", page: $0) })
        #expect(view.prevHref == "../../../cats/index.html")
        #expect(view.nextHref == "../../../cats/page/3/index.html")
        #expect(view.moreHref == view.nextHref)
        #expect(view.label == "Page 2 of 3")
        #expect(Pagination(total: 24, perPage: 24).view(current: 1, from: .home) { _ in .home } == nil)
    }

    @Test func formats() {
        #expect(Format.grouped(0) == "0")
        #expect(Format.grouped(1234) == "1,234")
        #expect(Format.grouped(1_000_000) == "1,000,000")
        #expect(Format.count(1, "result", "results") == "1 result")
        #expect(Format.count(3148, "result", "results") == "3,148 results")
        #expect(Format.oneDecimal(3.351059999999999927666749499621801078319549560546875) == "3.4")
        #expect(Format.oneDecimal(6) == "6.0")
        #expect(Format.oneDecimal(7.25) == "7.3")
        #expect(Format.megabytes(3_091_658_752) == "2,948.4 MB")
    }

    @Test func markdownIsRenderedInSafeMode() {
        let html = Markdown.html("Hello *world*\n\n<script>alert(1)</script>\n\n[x](javascript:alert(1)) <img src=x onerror=alert(1)>")
        #expect(html.contains("<em>world</em>"))
        #expect(!html.contains("<script"))
        #expect(!html.contains("javascript:"))
        #expect(!html.contains("onerror"))
        #expect(html.contains("raw HTML omitted"))
    }

    @Test func frontMatterIsParsedStrictly() throws {
        let page = try ContentFile.parse("---\ntitle: About\nweight: 2\n---\nBody **text**\n", name: "about", file: "Site/content/about.md")
        #expect(page.title == "About")
        #expect(page.weight == 2)
        #expect(page.html == "<p>Body <strong>text</strong></p>\n")
        #expect(throws: VitrineError("Site/content/about.md:3:1: unknown key 'titel' in front matter (did you mean 'title'?)")) {
            try ContentFile.parse("---\ntitle: A\ntitel: B\n---\nx", name: "about", file: "Site/content/about.md")
        }
        #expect(try ContentFile.parse("# Heading one\ntext", name: "x", file: "f").title == "Heading one")
    }
}
