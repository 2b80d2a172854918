import Foundation
import Testing

@testable import VitrineKit

/// `source: file`: a catalog file in the bench format becomes a paginated gallery with one
/// detail page per entry.
@Suite("file galleries")
struct FileSourceTests {
    static let hostileMarkdown = """
        First *paragraph* with **strong** and a [link](https://example.org/1?a=1&b=2).

        <script>alert(1)</script> raw HTML is omitted; [bad](javascript:alert(2)) links are emptied.
        """

    static func catalog(_ count: Int, title: (Int) -> String = { "Item \($0)" }) -> Data {
        let items = (0..<count).map { index -> [String: Any] in
            [
                "id": String(format: "it%06d", index),
                "title": title(index),
                "rating": 7.25 + Double(index % 3),
                "image": ["url": "https://media.example.org/\(index)/200w.gif", "width": 480, "height": 270],
                "description": index == 0 ? hostileMarkdown : "Plain *text* \(index).",
                "source": index == 1 ? "javascript:alert(3)" : "https://example.org/items/\(index)",
            ]
        }
        let object: [String: Any] = ["format": "vitrine-bench-catalog/1", "items": items]
        return try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    static func site(catalog: Data, perPage: Int = 2) throws -> URL {
        let site = try TestSupport.temporaryDirectory("vitrine-file-site").appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
        try Data(
            """
            title: Catalog
            perPage: \(perPage)
            galleries:
              - name: things
                title: Things
                source: file
                path: catalog.json

            """.utf8
        ).write(to: site.appendingPathComponent("site.yml"))
        try catalog.write(to: site.appendingPathComponent("catalog.json"))
        return site
    }

    @Test func catalogEntriesBecomeDetailPages() async throws {
        let site = try Self.site(catalog: Self.catalog(5, title: { $0 == 0 ? #"Cat & <Dog> "Q" It's"# : "Item \($0)" }))
        let output = site.appendingPathComponent("public")
        let summary = try await TestSupport.build(site, output: output)
        #expect(summary.items == 5)
        let tree = try TestSupport.tree(output)
        for path in ["things/index.html", "things/page/2/index.html", "things/page/3/index.html", "items/file-it000000/index.html", "items/file-it000004/index.html"] {
            #expect(tree[path] != nil, "missing \(path)")
        }
        let first = TestSupport.text(tree, "items/file-it000000/index.html")
        #expect(first.contains("Cat &amp; &lt;Dog&gt; &quot;Q&quot; It&#39;s"))
        #expect(!first.contains("<Dog>"))
        #expect(first.contains(#"<img src="https://media.example.org/0/200w.gif" alt="Cat &amp; &lt;Dog&gt; &quot;Q&quot; It&#39;s" width="480" height="270""#))
        #expect(first.contains("7.3"), "rating with one decimal")
        #expect(first.contains("<p>First <em>paragraph</em> with <strong>strong</strong> and a <a href=\"https://example.org/1?a=1&amp;b=2\">link</a>.</p>"))
        #expect(!first.contains("<script>alert"), "raw HTML in Markdown is omitted (safe mode)")
        #expect(!first.localizedCaseInsensitiveContains("javascript:"))
        #expect(first.contains(#"href="https://example.org/items/0""#))
        #expect(first.contains(#"rel="next" href="../../items/file-it000001/index.html""#))
        #expect(first.contains(#"href="../../things/index.html""#))
        // A source URL that is not http(s) never reaches the page.
        let second = TestSupport.text(tree, "items/file-it000001/index.html")
        #expect(!second.localizedCaseInsensitiveContains("javascript:"))
        #expect(!second.contains("item__origin"))
        let gallery = TestSupport.text(tree, "things/index.html")
        #expect(gallery.components(separatedBy: "data-cell-media").count - 1 == 2)
        #expect(gallery.contains(#"href="../items/file-it000000/index.html""#))
        #expect(try LinkCheck.problems(in: output, sitePath: "/") == [])
    }

    @Test(arguments: [
        (
            #"{"format": "vitrine-bench-catalog/1", "items": [{"id": "a", "title": "A"},"#,
            "site/catalog.json:1:75: invalid JSON (Unexpected end of file during JSON parse)"
        ),
        (
            "{\"format\": \"vitrine-bench-catalog/1\", \"items\": [\n  {\"id\": \"a\", \"title\": \"A\"},\n  {\"id\": \"b\"}\n]}",
            "site/catalog.json:3:3: items[1]: missing key 'title'"
        ),
        (
            "{\"format\": \"vitrine-bench-catalog/1\", \"items\": [\n  {\"id\": \"a\", \"title\": \"A\", \"rating\": \"high\"}\n]}",
            "site/catalog.json:2:39: items[0].rating: expected a number"
        ),
        (
            "{\"format\": \"vitrine-bench-catalog/1\", \"items\": [\n  {\"id\": \"\", \"title\": \"A\"}\n]}",
            "site/catalog.json:2:10: items[0].id: invalid id 'file:': the part after 'file:' must be 1–200 printable characters"
        ),
        (#"{"format": "other/2", "items": []}"#, "site/catalog.json: unknown catalog format 'other/2' (expected vitrine-catalog/1)"),
    ])
    func malformedCatalogsNameFileLineAndColumn(json: String, message: String) async throws {
        let site = try Self.site(catalog: Data(json.utf8))
        await #expect(throws: VitrineError(message)) {
            try await TestSupport.build(site, output: site.appendingPathComponent("public"))
        }
    }

    @Test func aMissingCatalogIsNamed() async throws {
        let site = try Self.site(catalog: Data())
        try FileManager.default.removeItem(at: site.appendingPathComponent("catalog.json"))
        await #expect(throws: VitrineError("gallery 'things' (file): no catalog at site/catalog.json", kind: .missingInput)) {
            try await TestSupport.build(site, output: site.appendingPathComponent("public"))
        }
    }
}

/// Every kind of item shows its title in its gallery cell (a file catalog's cells once had none).
@Suite("gallery cells")
struct GalleryCellTests {
    /// The cells of a gallery page: each `<li … data-cell …>…</li>`.
    static func cells(_ html: String) -> [Substring] {
        html.components(separatedBy: "<li class=\"cell ").dropFirst().map { part in
            Substring(part[..<(part.range(of: "</li>")?.lowerBound ?? part.endIndex)])
        }
    }

    @Test func everyKindsCellShowsItsTitle() async throws {
        let fixture = try TestSupport.copySite(TestSupport.fixtureSite)
        let output = fixture.appendingPathComponent("public")
        try await TestSupport.build(fixture, output: output)
        let catalog = try FileSourceTests.site(catalog: FileSourceTests.catalog(3, title: { "Catalog <entry> \($0)" }))
        let catalogOutput = catalog.appendingPathComponent("public")
        try await TestSupport.build(catalog, output: catalogOutput)

        let pages = [
            ("gif", output, "gifs/index.html"), ("movie", output, "popular/index.html"),
            ("book", output, "books/index.html"), ("app", output, "apps/index.html"),
            ("entry", catalogOutput, "things/index.html"),
        ]
        for (kind, root, path) in pages {
            let html = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            let cells = Self.cells(html)
            #expect(!cells.isEmpty, "\(kind): no cells in \(path)")
            for cell in cells {
                let title = cell.range(of: "class=\"cell__title\" title=\"").map { cell[$0.upperBound...].prefix { $0 != "\"" } }
                #expect(title.map { !$0.isEmpty } == true, "\(kind): a cell without a title in \(path): \(cell.prefix(160))")
            }
        }
        let first = try String(contentsOf: catalogOutput.appendingPathComponent("things/index.html"), encoding: .utf8)
        #expect(first.contains(">Catalog &lt;entry&gt; 0</span>"))
    }
}
