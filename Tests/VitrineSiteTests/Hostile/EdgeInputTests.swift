import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// The edges of what a site folder may hold (issue 33): links out of the site, Windows line
/// ends, unsafe image URLs, base URLs that cannot be a site's address, impossible timestamps.
@Suite("hostile input: the site folder's edges")
struct EdgeInputTests {
    static let secret = "topsecret-4242"

    /// A fixture site with `secret.txt` (holding `secret`) beside it, outside the site.
    static func siteWithSecretBeside() async throws -> (site: URL, secret: URL) {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let secret = try TestSupport.temporaryDirectory("vitrine-outside").appendingPathComponent("secret.txt")
        try Data("key=\(Self.secret)\n".utf8).write(to: secret)
        return (site, secret)
    }

    static func link(_ relative: String, in site: URL, to destination: String) async throws {
        let url = site.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: url)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
    }

    /// Builds `site` in-process and returns the one-line error.
    static func failedBuild(_ site: URL) async throws -> (error: VitrineError?, output: URL) {
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
        let error = await #expect(throws: VitrineError.self) { try await TestSupport.build(site, output: output) }
        return (error, output)
    }

    // MARK: 2. Links in static/ and content/

    @Test(arguments: ["static/env.txt", "content/secret.md"])
    func aLinkOutOfTheSiteIsRefusedAndNothingOfItIsPublished(_ relative: String) async throws {
        let (site, secret) = try await Self.siteWithSecretBeside()
        try await Self.link(relative, in: site, to: secret.path)
        let (error, output) = try await Self.failedBuild(site)
        #expect(error?.message.hasPrefix("site/\(relative): is a symbolic link out of the site folder") == true, "\(String(describing: error))")
        #expect(error?.message.contains("\n") == false)
        #expect(!FileManager.default.fileExists(atPath: output.path), "no site half-made")
    }

    /// Builds the fixture site with each file of `shared` written to `SITE/shared/NAME` and
    /// linked from `SITE/PATH` (relative links, and one absolute), and returns the output.
    static func buildWithLinksInside(_ shared: [(path: String, name: String, text: String)]) async throws -> [String: Data] {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let folder = site.appendingPathComponent("shared")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for (index, (path, name, text)) in shared.enumerated() {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
            try await link(path, in: site, to: index == 0 ? folder.appendingPathComponent(name).path : "../shared/\(name)")
        }
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        return try TestSupport.tree(output)
    }

    /// The whole folder a link to one outside the site: refused as one file would be.
    @Test(arguments: [("static", "static"), ("content", "content/page.md"), ("templates", "templates"), ("i18n", "i18n")])
    func aFolderLinkedOutOfTheSiteIsRefused(_ folder: String, _ named: String) async throws {
        let (site, secret) = try await Self.siteWithSecretBeside()
        let outside = secret.deletingLastPathComponent()
        for name in ["page.md", "robots.txt", "404.mustache", "ko.yml"] {
            try FileManager.default.copyItem(at: secret, to: outside.appendingPathComponent(name))
        }
        try? FileManager.default.removeItem(at: site.appendingPathComponent(folder))
        try await Self.link(folder, in: site, to: outside.path)
        let (error, output) = try await Self.failedBuild(site)
        #expect(error?.message.hasPrefix("site/\(named): is a symbolic link out of the site folder") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aLinkInsideTheSiteIsFollowed() async throws {
        let tree = try await Self.buildWithLinksInside([
            ("content/linked.md", "linked.md", "---\ntitle: Linked page\n---\nShared **text**.\n"),
            ("static/robots.txt", "robots.txt", "User-agent: *\n"),
        ])
        #expect(TestSupport.text(tree, "robots.txt") == "User-agent: *\n")
        #expect(TestSupport.text(tree, "linked/index.html").contains("Shared <strong>text</strong>."))
    }

    /// The issue's reproduction: the environment of the build (its keys) never reaches the
    /// output, whether the link is in static/ or content/ or the file is given as site input.
    @Test(arguments: ["static/env.txt", "content/env.md"])
    func aLinkToTheProcessEnvironmentPublishesNoKey(_ relative: String) async throws {
        let folder = try TestSupport.temporaryDirectory()
        let new = try await TestSupport.offPool { try TestSupport.run(["new", "s"], in: folder) }
        #expect(new.status == 0, "\(new.stderr)")
        let site = folder.appendingPathComponent("s")
        try await Self.link(relative, in: site, to: "/proc/self/environ")
        let build = try await TestSupport.offPool {
            try TestSupport.run(["build", "s", "--offline", "--quiet"], in: folder, environment: ["GIPHY_API_KEY": Self.secret])
        }
        #expect(build.status == 1)
        #expect(build.stderr.contains("error: s/\(relative): is a symbolic link out of the site folder"), "\(build.stderr)")
        #expect(!build.stderr.contains(Self.secret) && !build.stdout.contains(Self.secret))
        let published = try TestSupport.tree(site.appendingPathComponent("public"))
        #expect(!published.values.contains { String(decoding: $0, as: UTF8.self).contains(Self.secret) })
    }

    /// Any input read through a link into /proc or /sys is refused, wherever it is.
    @Test func anInputThatLeadsIntoProcIsRefused() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        try await Self.link("favorites.json", in: site, to: "/proc/self/environ")
        let (error, _) = try await Self.failedBuild(site)
        #expect(error?.message.hasPrefix("site/favorites.json: leads into /proc or /sys") == true, "\(String(describing: error))")
    }

    // MARK: 16. Links among template overrides and translations

    @Test func linkedTemplatesAndTranslationsInsideTheSiteAreUsed() async throws {
        let tree = try await Self.buildWithLinksInside([
            ("templates/404.mustache", "404.mustache", "{{<layout}}{{$content}}<p>linked 404</p>{{/content}}{{/layout}}\n"),
            ("i18n/ko.yml", "ko.yml", "pageNotFound: \"링크된 번역\"\n"),
        ])
        let notFound = TestSupport.text(tree, "404.html")
        #expect(notFound.contains("<p>linked 404</p>"))
        #expect(notFound.contains("링크된 번역"))
    }

    @Test(arguments: ["templates/404.mustache", "i18n/ko.yml", "templates/assets/vitrine.css"])
    func aLinkedTemplateOrTranslationOutOfTheSiteIsRefused(_ relative: String) async throws {
        let (site, secret) = try await Self.siteWithSecretBeside()
        try await Self.link(relative, in: site, to: secret.path)
        let (error, _) = try await Self.failedBuild(site)
        #expect(error?.message.hasPrefix("site/\(relative): is a symbolic link out of the site folder") == true, "\(String(describing: error))")
        let check = SiteCheck(options: BuildOptions(site: site, siteLabel: "site")).run()
        #expect(check.problems.contains { $0.hasPrefix("site/\(relative): is a symbolic link out of the site folder") }, "\(check.problems)")
    }

    // MARK: 9. CRLF line ends and a byte-order mark

    /// The fixture site saved by a Windows editor (CRLF, a BOM on every text file) builds the
    /// very same pages as the original.
    @Test func aSiteSavedWithCRLFAndABOMBuildsTheSamePages() async throws {
        let original = try TestSupport.copySite(TestSupport.fixtureSite)
        let template = "{{! the 404 page }}\n{{<layout}}\n{{$content}}\n<p>{{page.t.pageNotFound}}</p>\n{{/content}}\n{{/layout}}\n"
        let translation = "# Korean\npageNotFound: \"없는 쪽\"\n"
        for (relative, text) in [("templates/404.mustache", template), ("i18n/ko.yml", translation)] {
            let url = original.appendingPathComponent(relative)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        let windows = try TestSupport.copySite(original)
        for relative in ["site.yml", "favorites.json", "content/about.md", "content/index.md", "content/gifs.md", "templates/404.mustache", "i18n/ko.yml"] {
            let url = windows.appendingPathComponent(relative)
            let text = try String(contentsOf: url, encoding: .utf8)
            try Data([0xEF, 0xBB, 0xBF] + Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)).write(to: url)
        }
        var trees: [[String: Data]] = []
        for site in [original, windows] {
            let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
            try await TestSupport.build(site, output: output)
            trees.append(try TestSupport.tree(output).filter { !$0.key.hasPrefix(".") })
        }
        #expect(TestSupport.text(trees[1], "about/index.html").contains("About &lt;us&gt;"))
        #expect(!TestSupport.text(trees[1], "about/index.html").contains("<hr"))
        #expect(TestSupport.text(trees[1], "404.html").contains("<p>없는 쪽</p>"))
        #expect(trees[0].keys.sorted() == trees[1].keys.sorted())
        for (path, bytes) in trees[0] where trees[1][path] != bytes {
            Issue.record("\(path) differs when the site is saved with CRLF and a BOM")
        }
    }

    @Test func userTextDropsTheBOMAndCRLFOnly() async throws {
        #expect(try UserText.decode(Data([0xEF, 0xBB, 0xBF] + Array("a\r\nb\rc\r\n".utf8)), file: "f") == "a\nb\rc\n")
        #expect(try UserText.decode(Data("plain\n".utf8), file: "f") == "plain\n")
        #expect(throws: VitrineError("f: not valid UTF-8 text")) { try UserText.decode(Data([0xFF, 0x0D, 0x0A]), file: "f") }
    }

    // MARK: 10. Images with an unsafe URL

    @Test(arguments: [
        "javascript:alert(1)", "JavaScript:alert(1)", "vbscript:msgbox", "file:///etc/passwd", "data:text/html,hello", "",
    ])
    func anImageWithAnUnsafeURLBecomesItsAltText(_ url: String) {
        let html = Markdown.html("Look: ![a *cat* `here`](<\(url)>) and ![ok](https://example.org/a.png).\n")
        #expect(!html.contains("src=\"\""), "\(html)")
        #expect(html.contains("Look: a cat here and <img src=\"https://example.org/a.png\" alt=\"ok\" />."), "\(html)")
    }

    @Test func anImageInsideAnUnsafeImageGoesWithIt() {
        let html = Markdown.html("![outer ![inner](https://example.org/i.png) <b>](javascript:x) ![data](data:image/png;base64,AAAA)\n")
        #expect(html == "<p>outer inner &lt;b&gt; <img src=\"data:image/png;base64,AAAA\" alt=\"data\" /></p>\n", "\(html)")
    }

    /// 100,000 emphasis marks nest the alt text 50,000 levels deep: read without recursion.
    @Test func anUnsafeImageWithDeeplyNestedAltTextIsNoCrash() {
        let marks = String(repeating: "*", count: 100_000)
        let html = Markdown.html("![\(marks)deep\(marks)](javascript:x)\n")
        #expect(html.contains("deep") && !html.contains("<img"))
    }

    // MARK: 11. Base URLs that cannot be a site's address

    @Test(arguments: [
        ("https://example.org/cats?ref=1", "a query ('?')"),
        ("https://example.org/cats#top", "a fragment ('#')"),
        ("\"https://example.org/my cats/\"", "a space"),
    ])
    func aBaseURLWithAQueryFragmentOrSpaceIsRefused(_ url: String, _ what: String) {
        let error = #expect(throws: VitrineError.self) { try SiteConfig.parse("title: T\nbaseURL: \(url)\n", file: "Site/site.yml") }
        let shown = url.replacingOccurrences(of: "\"", with: "")
        #expect(
            error?.message
                == "Site/site.yml:2:10: 'baseURL' must be the site's address without \(what): every page's address is made by adding to it, got '\(shown)'"
        )
    }

    @Test func aBaseURLOptionWithAQueryIsAUsageError() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let new = try await TestSupport.offPool { try TestSupport.run(["new", "s"], in: folder) }
        #expect(new.status == 0, "\(new.stderr)")
        let build = try await TestSupport.offPool {
            try TestSupport.run(["build", "s", "--offline", "--quiet", "--base-url", "https://example.org/?x=1"], in: folder)
        }
        #expect(build.status == 64)
        #expect(build.stderr.contains("--base-url must be the site's address without a query ('?')"), "\(build.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("s/public").path))
    }

    // MARK: 20. addedAt, strictly RFC 3339

    @Test(arguments: [
        "2026-02-30T09:12:00Z", "2025-02-29T09:12:00Z", "2026-04-31T09:12:00Z", "2026-11-20T24:00:00Z", "2026-11-20T09:60:00Z",
        "2026-11-20T09:12:60Z", "2026-11-20T09:12:00+99:99", "2026-11-20T09:12:00+24:00", "2026-11-20T09:12:00-05:60", "2026-13-01T00:00:00Z",
        "2026-11-20T09:12:00", "2026-11-20T09:12:00.Z", "2026-11-20 09:12:00Z", "+2026-11-20T09:12:00Z", "2026-11-20T09:12:00Z ",
    ])
    func anImpossibleAddedAtIsRefusedNamingTheKey(_ stamp: String) {
        let json = "{\"favorites\": [\n  {\"id\": \"giphy:a\", \"addedAt\": \"\(stamp)\"}\n]}"
        let error = #expect(throws: VitrineError.self) { try FavoritesFile.parse(Data(json.utf8), file: "Site/favorites.json", jobs: 2) }
        #expect(error?.message == "Site/favorites.json:2:32: favorites[0].addedAt: '\(stamp)' is not an RFC 3339 timestamp like 2026-11-20T09:12:00Z")
    }

    @Test(arguments: [
        ("2026-11-20T09:12:00Z", 1_795_165_920.0), ("2026-11-20t18:12:00+09:00", 1_795_165_920.0), ("2026-11-20T03:42:00.5-05:30", 1_795_165_920.5),
        ("2024-02-29T23:59:59z", 1_709_251_199.0), ("1969-12-31T23:59:59Z", -1.0), ("2000-03-01T00:00:00+23:59", 951_782_460.0),
    ])
    func aRealTimestampReadsAsItsMoment(_ stamp: String, _ seconds: Double) {
        #expect(RFC3339.date(from: stamp)?.timeIntervalSince1970 == seconds)
    }
}
