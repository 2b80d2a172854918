import Foundation
import Testing

@testable import VitrineKit

@Suite("ids and URLs")
struct SafetyTests {
    @Test(arguments: [
        ("giphy:FiGiRei2ICzzG", "giphy-FiGiRei2ICzzG"),
        ("tmdb:550", "tmdb-550"),
        ("books:zyTCAlFPjgYC", "books-zyTCAlFPjgYC"),
        ("appstore:872469884", "appstore-872469884"),
        ("giphy:../../etc/passwd", "giphy-~2E~2E~2F~2E~2E~2Fetc~2Fpasswd"),
        ("giphy:%2e%2e", "giphy-~252e~252e"),
        ("giphy:a~b", "giphy-a~7Eb"),
        ("books:고양이", "books-~EA~B3~A0~EC~96~91~EC~9D~B4"),
    ])
    func idsBecomeSafePathSegments(id: String, segment: String) throws {
        let parsed = try ItemID(parsing: id)
        #expect(parsed.pathSegment == segment)
        #expect(!parsed.pathSegment.contains("/"))
        #expect(!parsed.pathSegment.contains(".."))
        #expect(SitePath.item(parsed).folders.count == 2)
    }

    @Test(arguments: [
        ("cats", "invalid id 'cats': expected SOURCE:ID, e.g. giphy:FiGiRei2ICzzG or tmdb:550"),
        ("flickr:1", "invalid id 'flickr:1': unknown source 'flickr' (known: giphy, tmdb, books, appstore, file)"),
        ("tmdb:", "invalid id 'tmdb:': the part after 'tmdb:' must be 1–200 printable characters"),
        ("tmdb:\u{0}x", "invalid id 'tmdb:\u{0}x': the part after 'tmdb:' must be 1–200 printable characters"),
    ])
    func badIDsAreRefused(id: String, message: String) {
        #expect(throws: VitrineError(message, kind: .usage)) { try ItemID(parsing: id) }
    }

    @Test(arguments: [
        ("https://media.giphy.com/media/x/200w.gif?cid=1&rid=200w.gif", true),
        ("http://books.google.com/books/content?id=x&zoom=1", true),
        ("../items/giphy-a/index.html", false),  // outside data is never a relative link
        ("javascript:alert(1)", false),
        ("JavaScript:alert(1)", false),
        (" javascript:alert(1)", false),
        ("java\tscript:alert(1)", false),
        ("data:text/html;base64,PHNjcmlwdD4=", false),
        ("vbscript:msgbox", false),
        ("file:///etc/passwd", false),
        ("//evil.example/x.png", false),
        ("https://", false),
        ("", false),
    ])
    func urlsAreSchemeChecked(url: String, allowed: Bool) {
        #expect((SafeURL.check(url) != nil) == allowed)
    }

    @Test func googleCoversAreUpgradedOnlyForKnownHosts() {
        #expect(SafeURL.check("http://books.google.com/books/content?id=x") == "https://books.google.com/books/content?id=x")
        #expect(SafeURL.check("http://books.google.co.kr/x") == "https://books.google.co.kr/x")
        #expect(SafeURL.check("http://127.0.0.1:8080/cover.jpg") == "http://127.0.0.1:8080/cover.jpg")
    }
}
