import Foundation

/// A small, fast, seedable generator (SplitMix64): the same seed gives the same cases everywhere.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Makes one hostile version of an input file: a mutation of the original bytes, or a
/// freshly generated document of the right shape with hostile values.
enum Mutator {
    static let tokens: [String] = [
        "\u{0}", "\\u0000", "\\u001b[2J", "\\u0007", "\\u009b", "\\ufffe", "\u{1B}]0;t\u{07}", "\r\n", "\t",
        "1e18", "-1e300", "1e400", "-0", "99999999999999999999", "9.3e17", "NaN", "\"NaN\"", "Infinity", "-1",
        "null", "[]", "{}", "\"", ",", ":", "}", "]", "\\", "\"\\ud800\"",
        "javascript:alert(1)", "javascript&colon;alert(1)", "www.example.com", "//evil.example", "../../etc", "%00", "~",
        "가나다", String(repeating: "가", count: 70), String(repeating: "x", count: 300),
        "- name: a\n", "title: again\n", "  ", "\n", "&", "<", "{{", "#", "@",
    ]

    static func make(for file: String, from original: Data, using random: inout SplitMix64) -> Data {
        switch random.next() % 10 {
        case 0...3: generated(for: file, using: &random)
        default: mutated(original, using: &random)
        }
    }

    static func mutated(_ original: Data, using random: inout SplitMix64) -> Data {
        var bytes = [UInt8](original)
        for _ in 0...(random.next() % 3) {
            guard !bytes.isEmpty else { break }
            let at = Int(random.next() % UInt64(bytes.count))
            switch random.next() % 7 {
            case 0: bytes[at] ^= UInt8(truncatingIfNeeded: random.next() | 1)
            case 1, 2: bytes.insert(contentsOf: Array(tokens[Int(random.next() % UInt64(tokens.count))].utf8), at: at)
            case 3: bytes.removeSubrange(at..<min(bytes.count, at + Int(random.next() % 16) + 1))
            case 4: bytes.removeSubrange(at...)
            case 5: replaceNumber(&bytes, at: at, using: &random)
            default:
                // Repeat a line: duplicate keys in YAML and JSON.
                let start = bytes[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                let end = bytes[at...].firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
                bytes.insert(contentsOf: Array(bytes[start..<end]), at: end)
            }
        }
        return Data(bytes)
    }

    /// Replaces the next number after `at` with an extreme one.
    static func replaceNumber(_ bytes: inout [UInt8], at: Int, using random: inout SplitMix64) {
        let extremes = ["1e18", "-1e300", "1e308", "-9223372036854775809", "18446744073709551616", "0.0000001", "-0", "2147483648"]
        guard let start = bytes[at...].firstIndex(where: { (0x30...0x39).contains($0) }) else { return }
        let end = bytes[start...].firstIndex { !(0x30...0x39).contains($0) && $0 != 0x2E && $0 != 0x65 && $0 != 0x2B && $0 != 0x2D } ?? bytes.count
        bytes.replaceSubrange(start..<end, with: Array(extremes[Int(random.next() % UInt64(extremes.count))].utf8))
    }

    // MARK: Generated documents

    static func generated(for file: String, using random: inout SplitMix64) -> Data {
        switch file {
        case "site.yml": return Data(siteYml(using: &random).utf8)
        case "content/index.md", "content/about.md":
            let front = random.next() % 2 == 0 ? "---\ntitle: \(string(&random, max: 20))\nweight: \(pick(["1", "1e18", "-1", "x"], &random))\n---\n" : ""
            return Data((front + string(&random, max: 400)).utf8)
        case "favorites.json":
            let favorites = (0..<Int(random.next() % 6)).map { index -> [String: Any] in
                let item = self.item(source: ["giphy", "tmdb", "books", "appstore"][index % 4], using: &random)
                return ["id": item["id"]!, "addedAt": pick(["2026-11-20T09:12:00Z", "2026-11-20T09:12:00.5+09:00", "yesterday", "9999-99-99T99:99:99Z"], &random), "item": item]
            }
            return json(["favorites": favorites])
        case "catalog.json":
            let items = (0..<Int(random.next() % 8)).map { _ -> [String: Any] in
                [
                    "id": string(&random, max: 80), "title": string(&random, max: 40), "rating": number(&random),
                    "source": url(&random), "description": string(&random, max: 200),
                    "image": ["url": url(&random), "width": integer(&random), "height": integer(&random)],
                ]
            }
            return json(["format": "vitrine-bench-catalog/1", "items": items])
        default:
            let source = ["data/gifs.json": "giphy", "data/movies.json": "tmdb", "data/books.json": "google-books", "data/apps.json": "app-store"][file]!
            let prefix = ["giphy": "giphy", "tmdb": "tmdb", "google-books": "books", "app-store": "appstore"][source]!
            let gallery = String(file.dropFirst(5).dropLast(5))
            let query = ["gifs": "hostile", "movies": "popular", "books": "hostile", "apps": "1"][gallery]!
            let items = (0..<Int(random.next() % 8)).map { _ in item(source: prefix, using: &random) }
            return json([
                "format": "vitrine-snapshot/1", "gallery": gallery, "source": source, "query": query,
                "totalResults": integer(&random), "items": items, "invalidIDs": [string(&random, max: 10)],
            ])
        }
    }

    static func item(source: String, using random: inout SplitMix64) -> [String: Any] {
        func picture() -> [String: Any] { ["url": url(&random), "width": integer(&random), "height": integer(&random)] }
        var item: [String: Any] = ["id": "\(source):" + idValue(&random), "title": string(&random, max: 60), "link": url(&random), "image": picture()]
        switch source {
        case "giphy":
            item["gif"] = [
                "rating": string(&random, max: 4), "sourceURL": url(&random), "username": string(&random, max: 10),
                "animated": picture(), "still": picture(), "mp4": url(&random), "webp": url(&random),
            ]
        case "tmdb":
            item["movie"] = [
                "voteAverage": number(&random), "voteCount": integer(&random), "overview": string(&random, max: 200),
                "releaseDate": string(&random, max: 10), "poster": picture(),
            ]
        case "books":
            item["book"] = [
                "authors": [string(&random, max: 20)], "categories": [], "identifiers": [], "averageRating": number(&random),
                "ratingsCount": integer(&random), "pageCount": integer(&random), "description": string(&random, max: 100), "cover": picture(),
            ]
        default:
            item["app"] = [
                "averageRating": number(&random), "ratingCount": integer(&random), "fileSizeBytes": integer(&random),
                "genres": [string(&random, max: 10)], "languages": [], "screenshots": [picture(), picture()], "iPadScreenshots": [],
                "description": string(&random, max: 100),
            ]
        }
        return item
    }

    static func siteYml(using random: inout SplitMix64) -> String {
        var lines = ["title: \(pick(["x", "\"a\\u0000b\"", "'<b>'", "", "[1, 2]"], &random))"]
        if random.next() % 2 == 0 {
            lines.append("baseURL: \(pick(["https://example.org/hostile/", "javascript:alert(1)", "www.example.com", "https://u:p@example.org/"], &random))")
        }
        if random.next() % 3 == 0 { lines.append("perPage: \(pick(["1", "0", "-1", "1e18", "99999999999999999999", "x"], &random))") }
        if random.next() % 3 == 0 { lines.append("language: \(pick(["en", "ko-KR", "\"\\u001b\"", "1"], &random))") }
        lines.append("galleries:")
        for name in ["gifs", "movies", "books", "apps", "catalog"] where random.next() % 3 != 0 {
            let source = ["gifs": "giphy", "movies": "tmdb", "books": "google-books", "apps": "app-store", "catalog": "file"][name]!
            var gallery = "  - name: \(random.next() % 20 == 0 ? String(repeating: "a", count: 70) : name)\n    source: \(source)\n"
            switch source {
            case "tmdb": gallery += "    list: popular\n"
            case "app-store": gallery += "    ids: [1]\n"
            case "file": gallery += "    path: \(pick(["catalog.json", "../etc/passwd", "data", "missing.json"], &random))\n"
            default: gallery += "    query: hostile\n"
            }
            if random.next() % 4 == 0 { gallery += "    limit: \(pick(["1", "0", "10000001", "-5", "1e3"], &random))\n" }
            lines.append(gallery)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static let alphabet: [String] = [
        "a", "Z", "0", " ", "가", "é", "\u{0}", "\u{1B}", "\u{7}", "\r", "\n", "\t", "\u{85}", "\u{9B}",
        String(Unicode.Scalar(0xFFFE)!), String(Unicode.Scalar(0xFDD0)!), "\u{2028}", "<", ">", "&", "\"", "'", "{{", "}}", "%", "~", "/", ".", ":", "😀",
    ]

    static func string(_ random: inout SplitMix64, max: Int) -> String {
        (0..<Int(random.next() % UInt64(max + 1))).map { _ in pick(alphabet, &random) }.joined()
    }

    static func idValue(_ random: inout SplitMix64) -> String {
        let value = (0..<(1 + Int(random.next() % 90))).map { _ in pick(["a", "가", "~", ".", "/", "-", "%", "😀", "Z9"], &random) }.joined()
        return String(value.prefix(200))
    }

    static func url(_ random: inout SplitMix64) -> String {
        pick(
            [
                "https://example.com/a.gif", "http://media1.giphy.com/a.gif", "http://is1-ssl.mzstatic.com/x/512x512bb.jpg",
                "www.suagape.com", "extinguisher", "javascript:alert(1)", "javascript&colon;alert(1)", "//evil.example/x",
                "images/cat.gif", "https://user:pass@example.com/", "https://example.com/a b\"<>", "https://例え.jp/", "",
                "https://example.com/\u{0}", "data:image/gif;base64,AA", "https://[::1]:99999/", "https://example.com/screen1136x1136.jpeg",
            ], &random) + (random.next() % 4 == 0 ? string(&random, max: 5) : "")
    }

    static func number(_ random: inout SplitMix64) -> Any {
        pick([1e18, -1e300, 9.3e17, 0, 5, 10, 10.05, -0.5, 1e-300, Double.greatestFiniteMagnitude, 7.25] as [Any] + ["NaN", NSNull()], &random)
    }

    static func integer(_ random: inout SplitMix64) -> Any {
        pick([0, 1, -1, 200, 100_001, Int.max, Int.min, 1 << 53] as [Any] + [1e300, "12"], &random)
    }

    static func pick<T>(_ values: [T], _ random: inout SplitMix64) -> T {
        values[Int(random.next() % UInt64(values.count))]
    }

    static func json(_ value: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])) ?? Data("{".utf8)
    }
}
