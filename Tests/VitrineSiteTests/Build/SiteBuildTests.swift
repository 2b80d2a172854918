import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

@Suite("whole-site builds")
struct SiteBuildTests {
    @Test func fixtureSiteMatchesGoldenFiles() async throws {
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
        try await TestSupport.build(TestSupport.fixtureSite, output: output)
        // Assets are copied verbatim from the theme, and the manifest is a cache of what each file
        // was made from (it holds a digest of the vitrine binary): the golden files hold what vitrine renders.
        try FileManager.default.removeItem(at: output.appendingPathComponent("assets"))
        try FileManager.default.removeItem(at: output.appendingPathComponent(BuildManifest.fileName))
        let built = try TestSupport.tree(output)
        let goldenFolder = TestSupport.fixtures.appendingPathComponent("golden")
        if TestSupport.recording {
            if FileManager.default.fileExists(atPath: goldenFolder.path) { try FileManager.default.removeItem(at: goldenFolder) }
            try FileManager.default.copyItem(at: output, to: goldenFolder)
            // A recording run never passes: what it wrote is a change to review, not a result.
            Issue.record("golden files re-recorded in \(goldenFolder.path); review the diff, then run the tests without VITRINE_RECORD")
            return
        }
        let golden = try TestSupport.tree(goldenFolder)
        #expect(built.keys.sorted() == golden.keys.sorted(), "the set of files changed; re-record with VITRINE_RECORD=1 if intended")
        for (path, bytes) in golden.sorted(by: { $0.key < $1.key }) where built[path] != bytes {
            Issue.record("\(path) differs from the golden file; re-record with VITRINE_RECORD=1 if intended")
        }
    }

    /// The golden pages' digest for each page-keys salt (`PageKeys.salt`). Pages that
    /// change for the same inputs need a new salt: else an output the binary before built
    /// is "unchanged", or keeps its keyed pages, and never gets the new ones.
    /// (The digest of "vitrine-page-keys/2" was replaced when `StableHasher` began hashing
    /// long runs in four lanes: the same pages, a new digest function; every page key changed
    /// with it, so an older output re-renders without a new salt.)
    static let goldenDigests = [
        "vitrine-page-keys/2": "1eff9c6ab98d15af0e006083e3e7c362",
        // Filter entries carry id, byline, "New" and the owner's fields, pages their strings; the App Store badge has the language's order.
        "vitrine-page-keys/3": "26b4f48baa874bb5363c4ea195644247",
    ]

    @Test func goldenPagesThatChangeComeWithANewPageKeysSalt() throws {
        var hasher = StableHasher()
        for (path, bytes) in try TestSupport.tree(TestSupport.fixtures.appendingPathComponent("golden")).sorted(by: { $0.key < $1.key }) {
            hasher.combine(path)
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        let digest = hasher.finalize().description
        #expect(
            Self.goldenDigests[PageKeys.salt] == digest,
            "the golden pages changed (digest \(digest)) under the salt \(PageKeys.salt): if vitrine's code changed them, give PageKeys a new salt and add it here with this digest; if only the theme's templates did, their fingerprint re-renders the pages anyway, and the digest can be replaced"
        )
    }

    @Test func outputHasTheSpecLayout() async throws {
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
        let summary = try await TestSupport.build(TestSupport.fixtureSite, output: output)
        let tree = try TestSupport.tree(output)
        for path in [
            "index.html", "gifs/index.html", "gifs/page/2/index.html", "popular/index.html", "top/index.html",
            "books/index.html", "apps/index.html", "nothing/index.html", "favorites/index.html", "favorites/page/2/index.html",
            "items/giphy-g1/index.html", "items/tmdb-550/index.html", "items/books-solo/index.html", "items/appstore-1/index.html",
            "about/index.html", "404.html", "sitemap.xml", "feed.xml", "assets/vitrine.css", "assets/vitrine.js",
        ] {
            #expect(tree[path] != nil, "missing \(path)")
        }
        // One detail page per item, shared by every gallery it is in (tmdb:129 is in two),
        // plus the favorite that only has its own snapshot.
        #expect(tree.keys.filter { $0.hasPrefix("items/") }.count == 8)
        #expect(summary.warnings == ["gallery 'apps' (app-store): id 2 not found in the kr store"])
        #expect(summary.items == 8)
    }

    @Test func galleryPagesCarryCountsHooksAndPagination() async throws {
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
        try await TestSupport.build(TestSupport.fixtureSite, output: output)
        let tree = try TestSupport.tree(output)
        let page1 = TestSupport.text(tree, "gifs/index.html")
        #expect(page1.contains("3,148개 중 3개"))  // shown of what the source reported
        #expect(page1.contains("data-grid"))
        #expect(page1.components(separatedBy: "data-cell-media").count - 1 == 2)
        #expect(page1.contains(#"href="../gifs/page/2/index.html""#))
        #expect(page1.contains("An intro for the <em>gifs</em> gallery."))
        #expect(page1.contains(#"lang="ko""#))
        let empty = TestSupport.text(tree, "nothing/index.html")
        #expect(empty.contains("결과 없음"))
        #expect(!empty.contains("data-cell-media"))
        // The TMDB lists link to each other.
        #expect(TestSupport.text(tree, "popular/index.html").contains(#"href="../top/index.html""#))
        // Favorites: newest first by instant; the count against the limit only in serve.
        let favorites = TestSupport.text(tree, "favorites/index.html")
        let books = try #require(favorites.range(of: "Only a favorite"))
        let club = try #require(favorites.range(of: "Fight Club"))
        #expect(books.lowerBound < club.lowerBound)
        #expect(!TestSupport.text(tree, "index.html").contains("3 / 3"))
    }

    @Test func detailPagesShowEachKindsFields() async throws {
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
        try await TestSupport.build(TestSupport.fixtureSite, output: output)
        let tree = try TestSupport.tree(output)
        let movie = TestSupport.text(tree, "items/tmdb-550/index.html")
        for text in ["Fight Club", "8.4", "26,280표", "1999년 10월 15일", "A ticking-time-bomb insomniac…", "w500/pB8BM7pdSp6B6Ih7QZ4DrQ3PmJK.jpg", "data-favorite"] {
            #expect(movie.contains(text), "movie page lacks \(text)")
        }
        let app = TestSupport.text(tree, "items/appstore-1/index.html")
        for text in [
            "Kakao Corp.", "2.8", "평가 12,345개", "Social Networking", "2.9 GB", "10.4.5", "12+", "무료", "영어, 일본어, 한국어, 중국어", "s1/392x696bb.jpg", "s2/392x696bb.jpg", "Bug fixes.",
        ] {
            #expect(app.contains(text), "app page lacks \(text)")
        }
        let book = TestSupport.text(tree, "items/books-zyTCAlFPjgYC/index.html")
        for text in [
            "Swift 5.9 Edition", "Apple Inc., A &lt;b&gt;Second&lt;/b&gt; Author", "&quot;O&#39;Reilly Media, Inc.&quot;", "2014년", "512쪽", "Computers", "Line two &amp; more.",
            "ISBN 9780000000002",
        ] {
            #expect(book.contains(text), "book page lacks \(text)")
        }
        let gif = TestSupport.text(tree, "items/giphy-g1/index.html")
        for text in ["200w.webp", "200w_s.gif", "PG", "cat&quot;lover", "data-share=\"x\"", "data-share=\"copy\"", "og:title", "https://example.org/fixture/items/giphy-g1/"] {
            #expect(gif.contains(text), "gif page lacks \(text)")
        }
    }

    @Test func hostileStringsComeOutEscapedOrDropped() async throws {
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
        try await TestSupport.build(TestSupport.fixtureSite, output: output)
        let tree = try TestSupport.tree(output)
        for (path, data) in tree where path.hasSuffix(".html") || path.hasSuffix(".xml") {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("<script>alert"), "\(path) has a live script")
            #expect(!text.contains("<img src=x"), "\(path) has an injected element")
            #expect(!text.localizedCaseInsensitiveContains("javascript:"), "\(path) has a javascript: URL")
            #expect(!text.contains("<b>"), "\(path) has unescaped markup from data")
        }
        // Mustache in data is text, not a template.
        #expect(TestSupport.text(tree, "items/giphy-g3/index.html").contains("{{x}} {{{y}}} {{&gt; layout}}"))
        // An id with ../ stays inside items/.
        #expect(tree["items/giphy-~2E~2E~2F~2E~2E~2F~2E~2E~2Fevil/index.html"] != nil)
        #expect(!tree.keys.contains { $0.contains("..") || $0.hasPrefix("evil") })
    }

    @Test func everyInternalLinkResolves() async throws {
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
        try await TestSupport.build(TestSupport.fixtureSite, output: output)
        #expect(try LinkCheck.problems(in: output, sitePath: "/fixture/") == [])
    }

    @Test func theExampleSiteBuildsOfflineWithEveryLinkResolving() async throws {
        let site = try TestSupport.copySite(TestSupport.exampleSite)
        let output = site.appendingPathComponent("public")
        let summary = try await TestSupport.build(site, output: output)
        #expect(summary.galleries == 6)
        #expect(summary.warnings.contains("gallery 'apps' (app-store): id 999999999 not found in the kr store"))
        #expect(try LinkCheck.problems(in: output, sitePath: "/vitrine/") == [])
    }

    @Test func sameInputsGiveByteIdenticalTreesForAnyJobCount() async throws {
        let base = try TestSupport.temporaryDirectory()
        let one = base.appendingPathComponent("one")
        let many = base.appendingPathComponent("many")
        try await TestSupport.build(TestSupport.fixtureSite, output: one, jobs: 1)
        try await TestSupport.build(TestSupport.fixtureSite, output: many, jobs: 8)
        let first = try TestSupport.tree(one)
        #expect(first == (try TestSupport.tree(many)))
        try await TestSupport.build(TestSupport.fixtureSite, output: one, jobs: 3)
        #expect(first == (try TestSupport.tree(one)))
    }
}

@Suite("never a half-written site")
struct PublishSafetyTests {
    @Test func aFailedBuildLeavesThePreviousSiteIntact() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        let before = try TestSupport.tree(output)

        // A template that parses but a snapshot that does not: the build fails mid-way.
        try Data("{\"format\": \"vitrine-snapshot/1\", \"items\": [".utf8).write(to: site.appendingPathComponent("data/books.json"))
        await #expect(throws: VitrineError.self) { try await TestSupport.build(site, output: output) }
        #expect(try TestSupport.tree(output) == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent(".public.vitrine").path).sorted()
        #expect(leftovers == ["filter", "lock"], "the lock and the full build's record of its filter indexes stay; nothing else")
    }

    @Test func aFolderVitrineDidNotWriteIsNeverReplaced() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let output = try TestSupport.temporaryDirectory("precious")
        try Data("keep me".utf8).write(to: output.appendingPathComponent("thesis.txt"))
        await #expect(
            throws: VitrineError("output \(output.path) exists and was not written by vitrine (no .vitrine-output in it); remove it or choose another --output", kind: .output)
        ) {
            try await SiteBuilder().build(BuildOptions(site: site, siteLabel: "site", output: output))
        }
        #expect(try TestSupport.tree(output) == ["thesis.txt": Data("keep me".utf8)])
    }

    @Test func theOutputCannotContainTheSite() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        await #expect(throws: VitrineError.self) {
            try await SiteBuilder().build(BuildOptions(site: site, siteLabel: "site", output: site.deletingLastPathComponent()))
        }
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("site.yml").path))
    }

    @Test(
        "template inclusion cycles are one line naming the templates, found when the theme loads",
        arguments: [
            (
                ["layout.mustache": "{{<layout}}{{$content}}x{{/content}}{{/layout}}\n"],
                "site/templates/layout.mustache → site/templates/layout.mustache"
            ),
            (
                ["cell.mustache": "{{>pagination}}\n", "pagination.mustache": "{{>cell}}\n"],
                "site/templates/cell.mustache → site/templates/pagination.mustache → site/templates/cell.mustache"
            ),
            (["page.mustache": "{{>page}}"], "site/templates/page.mustache → site/templates/page.mustache"),
        ]
    )
    func templateCycles(files: [String: String], cycle: String) throws {
        let templates = try TestSupport.temporaryDirectory().appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: templates.appendingPathComponent(name)) }
        #expect(throws: VitrineError("template error: templates include each other without end: \(cycle)")) {
            try Theme.load(overrides: templates, overridesLabel: "site/templates")
        }
    }

    @Test func anInclusionCycleThatDataKeepsGoingFailsTheBuildInOneLine() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let templates = site.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("{{#page}}{{>item}}{{/page}}".utf8).write(to: templates.appendingPathComponent("layout.mustache"))
        let message = "template error: templates include each other without end: theme/item.mustache → site/templates/layout.mustache → theme/item.mustache"
        await #expect(throws: VitrineError(message)) {
            try await TestSupport.build(site, output: site.appendingPathComponent("public"))
        }
    }

    @Test func aBrokenTemplateOverrideIsReportedWithFileLineAndColumn() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let templates = site.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("<ul>\n  {{#cells}}\n  <li>{{title}}</li>\n</ul>\n".utf8).write(to: templates.appendingPathComponent("cell.mustache"))
        await #expect(throws: VitrineError("site/templates/cell.mustache:5:1: template error: section is never closed")) {
            try await TestSupport.build(site, output: site.appendingPathComponent("public"))
        }
    }

    @Test func aSiteTemplateOverridesTheDefault() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let templates = site.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("{{<layout}}{{$content}}<p class=\"mine\">{{heading}}</p>{{/content}}{{/layout}}\n".utf8)
            .write(to: templates.appendingPathComponent("page.mustache"))
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        #expect(TestSupport.text(try TestSupport.tree(output), "about/index.html").contains(#"<p class="mine">About &lt;us&gt;</p>"#))
    }
}
