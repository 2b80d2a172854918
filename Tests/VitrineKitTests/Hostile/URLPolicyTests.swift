import Foundation
import Testing

@testable import VitrineKit

/// The one URL policy: every shape of URL seen in real (and hostile) API data.
@Suite("hostile input: URL policy")
struct URLPolicyTests {
    static let cases: [(String, String?)] = [
        // Absolute http(s) passes, serialised as a browser would.
        ("https://example.com/a.gif", "https://example.com/a.gif"),
        ("HTTPS://Example.COM", "https://example.com/"),
        ("https://example.com?q=1", "https://example.com/?q=1"),
        ("  https://example.com/trimmed \n", "https://example.com/trimmed"),
        ("https://exa\tmple.com/a\nb", "https://example.com/ab"),
        ("http://127.0.0.1:8080/x", "http://127.0.0.1:8080/x"),
        ("http://[::1]:8080/x", "http://[::1]:8080/x"),
        // Characters not allowed in a URL are percent-encoded.
        (#"https://example.com/a"b'c<d>e"#, "https://example.com/a%22b'c%3Cd%3Ee"),
        ("https://example.com/[x]{y}|z^w`", "https://example.com/%5Bx%5D%7By%7D%7Cz%5Ew%60"),
        ("https://example.com/path with spaces/?q=a b", "https://example.com/path%20with%20spaces/?q=a%20b"),
        ("https://example.com/한글", "https://example.com/%ED%95%9C%EA%B8%80"),
        ("https://example.com/100%/ok%20", "https://example.com/100%25/ok%20"),
        ("https://example.com/a#b#c", "https://example.com/a#b%23c"),
        // Credentials are dropped.
        ("https://user:pass@example.com/secret", "https://example.com/secret"),
        ("https://google.com@evil.example/", "https://evil.example/"),
        // Hosts known to serve https are upgraded.
        ("http://media1.giphy.com/media/abc/200w.gif", "https://media1.giphy.com/media/abc/200w.gif"),
        ("http://i.giphy.com/abc.gif", "https://i.giphy.com/abc.gif"),
        ("http://is1-ssl.mzstatic.com/image/512x512bb.jpg", "https://is1-ssl.mzstatic.com/image/512x512bb.jpg"),
        ("http://books.google.com/books/content?id=x&img=1", "https://books.google.com/books/content?id=x&img=1"),
        ("http://books.google.co.kr/books?id=x", "https://books.google.co.kr/books?id=x"),
        ("http://books.googleusercontent.com/b.jpg", "https://books.googleusercontent.com/b.jpg"),
        ("http://image.tmdb.org/t/p/w500/a.jpg", "https://image.tmdb.org/t/p/w500/a.jpg"),
        ("http://example.com/plain-http", "http://example.com/plain-http"),
        ("http://notgiphy.com/x", "http://notgiphy.com/x"),
        // Everything else is dropped.
        ("javascript:alert(1)", nil),
        ("JaVaScRiPt:alert(1)", nil),
        ("javascript&colon;alert(document.domain)", nil),
        ("javascript&#58;alert(1)", nil),
        ("data:image/gif;base64,R0lGOD", nil),
        ("//evil.example/x.gif", nil),
        ("images/cat.gif", nil),
        ("/absolute/path", nil),
        ("www.suagape.com", nil),
        ("https://example.com/a\u{07}b", nil),
        (#"https://example.com\@evil.example/"#, nil),
        ("https://例え.jp/x.gif", nil),
        ("https://exa mple.com/", nil),
        ("https://", nil),
        ("https:example.com", nil),
        ("https://example.com:99999/", nil),
        ("ftp://example.com/", nil),
        ("", nil),
    ]

    @Test(arguments: cases)
    func checkFollowsThePolicy(_ input: String, _ expected: String?) {
        #expect(SafeURL.check(input) == expected)
        if let expected { #expect(SafeURL.check(expected) == expected, "idempotent") }
    }

    /// The fast path (`isCanonical`, taken by every URL already in a snapshot) never
    /// answers differently from the full policy: 20,000 seeded random URLs built from the
    /// characters the policy cares about, and the outputs of the policy itself.
    @Test func theFastPathAgreesWithThePolicy() {
        var random = SplitMix64(seed: 0x5AFE_0421)
        func pick(_ pieces: [String], upTo count: UInt64) -> String {
            (0..<Int(random.next() % count + 1)).map { _ in pieces[Int(random.next() % UInt64(pieces.count))] }.joined()
        }
        let schemes = ["https://", "https://", "https://", "http://", "HTTPS://", "https:/", " https://", "javascript:"]
        let hosts = ["example.com", "a-b.c_d", "media0.giphy.com", "EXAMPLE.com", ".", "..", ":8080", "@", "user:pw@", "é", "[::1]"]
        let paths = [
            "/", "/path", "?q=1", "#top", "#", "%41", "%4", "%zz", "%", " ", "\t", "\n", "\"", "<", ">", "`", "{", "}", "|",
            "^", "[", "]", "\\", "é", "例", "\u{7F}", "\u{85}", "~", "!$&'()*+,;=", "/a/../b", "//",
        ]
        var canonical = 0
        for _ in 0..<20_000 {
            let text = pick(schemes, upTo: 1) + pick(hosts, upTo: 2) + pick(paths, upTo: 5)
            for candidate in [text, SafeURL.normalized(text)].compactMap({ $0 }) where SafeURL.isCanonical(candidate) {
                canonical += 1
                #expect(SafeURL.normalized(candidate) == candidate, "fast path disagrees on \(candidate.debugDescription)")
            }
        }
        #expect(canonical > 500, "the sample reaches the fast path")
    }

    /// A GIF's `source` may be a bare host name; a bare word is dropped.
    @Test(
        arguments: [
            ("www.suagape.com", "https://www.suagape.com/"),
            ("att.com", "https://att.com/"),
            ("hellogiggles.com/path?x=1", "https://hellogiggles.com/path?x=1"),
            ("extinguisher", nil),
            ("localhost", nil),
            ("a.b1", nil),
            ("-bad.com", nil),
            ("javascript&colon;alert(document.domain)", nil),
            ("https://www.example.com/x", "https://www.example.com/x"),
        ] as [(String, String?)])
    func linkAcceptsBareHostNames(_ input: String, _ expected: String?) {
        #expect(SafeURL.link(input) == expected)
    }
}
