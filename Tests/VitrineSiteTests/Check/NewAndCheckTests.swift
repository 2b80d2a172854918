import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

@Suite("vitrine new and vitrine check")
struct NewAndCheckTests {
    @Test(arguments: ["giphy", "tmdb", "google-books", "app-store", "file"])
    func aNewSiteBuildsOfflineAndChecksClean(source: String) async throws {
        let folder = try TestSupport.temporaryDirectory()
        let new = try await TestSupport.spawn(["new", "my-site", "--source", source], in: folder)
        #expect(new.status == 0, "\(new.stderr)")
        #expect(new.stdout.contains("next:\n  vitrine build my-site "))
        #expect(new.stdout.contains("no --base-url: sitemap.xml, feed.xml, structured data"))
        let build = try await TestSupport.spawn(["build", "my-site", "--offline", "--quiet"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        // Without baseURL, the state `new` makes: nothing under --quiet, and what needs it is left out.
        #expect(build.stderr == "")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("my-site/public/sitemap.xml").path))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("my-site/public/feed.xml").path))
        let check = try await TestSupport.spawn(["check", "my-site"], in: folder)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr == "warning: \(SiteConfig.withoutBaseURL)\n")
        #expect(check.stdout.hasPrefix("ok: inputs valid; "))
        let name = ["giphy": "cats", "tmdb": "movies", "google-books": "books", "app-store": "apps", "file": "catalog"][source] ?? ""
        let gallery = try String(contentsOf: folder.appendingPathComponent("my-site/public/\(name)/index.html"), encoding: .utf8)
        #expect(gallery.components(separatedBy: "data-cell-media").count > 1)
    }

    @Test func newWithABaseURLWritesItAndTheSiteHasItsSitemap() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let new = try await TestSupport.spawn(["new", "my-site", "--base-url", "https://example.org/catalog"], in: folder)
        #expect(new.status == 0, "\(new.stderr)")
        #expect(!new.stdout.contains("no --base-url"))
        let config = try String(contentsOf: folder.appendingPathComponent("my-site/site.yml"), encoding: .utf8)
        #expect(config.contains(#"baseURL: "https://example.org/catalog/""#))
        let build = try await TestSupport.spawn(["build", "my-site", "--offline", "--quiet"], in: folder)
        #expect(build.status == 0 && build.stderr.isEmpty, "\(build.stderr)")
        let sitemap = try String(contentsOf: folder.appendingPathComponent("my-site/public/sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("<loc>https://example.org/catalog/cats/</loc>"))
        let bad = try await TestSupport.spawn(["new", "other", "--base-url", "javascript:alert(1)"], in: folder)
        #expect(bad.status == 64 && bad.stderr.contains("--base-url must be an absolute http or https URL"))
    }

    @Test func checkListsTheKeysASiteTranslationLeavesOut() async throws {
        let folder = try TestSupport.temporaryDirectory()
        #expect(try await TestSupport.spawn(["new", "my-site", "--base-url", "https://example.org/"], in: folder).status == 0)
        let config = folder.appendingPathComponent("my-site/site.yml")
        let text = try String(contentsOf: config, encoding: .utf8).replacingOccurrences(of: "language: en ", with: "language: ko ")
        try text.write(to: config, atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("my-site/i18n"), withIntermediateDirectories: true)
        try "favorites: \"찜\"\n".write(to: folder.appendingPathComponent("my-site/i18n/ko.yml"), atomically: true, encoding: .utf8)
        let check = try await TestSupport.spawn(["check", "my-site"], in: folder)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(check.stderr.hasPrefix("warning: my-site/i18n/ko.yml: \(ThemeStrings.keys.count - 1) of \(ThemeStrings.keys.count) keys missing"))
        #expect(check.stderr.contains("share, ") && !check.stderr.contains(" favorites,"))
        let build = try await TestSupport.spawn(["build", "my-site", "--offline", "--quiet"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        let home = try String(contentsOf: folder.appendingPathComponent("my-site/public/index.html"), encoding: .utf8)
        #expect(home.contains(">찜</a>") && home.contains("본문으로 건너뛰기"))
        try "favourites: x\n".write(to: folder.appendingPathComponent("my-site/i18n/ko.yml"), atomically: true, encoding: .utf8)
        let wrong = try await TestSupport.spawn(["build", "my-site", "--offline", "--quiet"], in: folder)
        #expect(wrong.status == 1 && wrong.stderr.contains("ko.yml:1:1: unknown key 'favourites'"))
    }

    @Test func newRefusesAFolderThatIsNotEmpty() async throws {
        let folder = try TestSupport.temporaryDirectory()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("taken"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: folder.appendingPathComponent("taken/notes.txt"))
        let run = try await TestSupport.spawn(["new", "taken"], in: folder)
        #expect(run.status == 1)
        #expect(run.stderr == "error: taken is not empty; vitrine new only writes into a new or empty folder\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("taken").path) == ["notes.txt"])
        #expect(try await TestSupport.spawn(["new", "x", "--source", "flickr"], in: folder).status == 64)
    }

    /// A built fixture site, then one thing broken at a time; `check` names each exactly.
    func brokenSite(_ breakIt: (URL) async throws -> Void) async throws -> TestSupport.Run {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        try await TestSupport.build(site, output: site.appendingPathComponent("public"))
        try await breakIt(site)
        return try await TestSupport.spawn(["check", "site"], in: site.deletingLastPathComponent())
    }

    @Test func checkCatchesABrokenLink() async throws {
        let run = try await brokenSite { site in
            try FileManager.default.removeItem(at: site.appendingPathComponent("public/about"))
        }
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.contains("error: site/public/index.html: broken link about/index.html"))
        #expect(lines.allSatisfy { $0.hasPrefix("error: site/public/") && $0.hasSuffix("about/index.html") })
    }

    @Test func checkCatchesAMissingAsset() async throws {
        let run = try await brokenSite { site in
            try FileManager.default.removeItem(at: site.appendingPathComponent("public/assets/vitrine.css"))
        }
        #expect(run.status == 1)
        #expect(run.stderr.split(separator: "\n").contains("error: site/public/gifs/index.html: broken asset ../assets/vitrine.css"))
    }

    @Test func checkCatchesAMissingAnchor() async throws {
        let run = try await brokenSite { site in
            let page = site.appendingPathComponent("public/about/index.html")
            let html = try String(contentsOf: page, encoding: .utf8).replacingOccurrences(of: "</main>", with: "<a href=\"../index.html#nowhere\">x</a></main>")
            try Data(html.utf8).write(to: page)
        }
        #expect(run.status == 1)
        #expect(run.stderr == "error: site/public/about/index.html: missing anchor ../index.html#nowhere\n")
    }

    @Test func checkCatchesATemplateParseError() async throws {
        let run = try await brokenSite { site in
            try FileManager.default.createDirectory(at: site.appendingPathComponent("templates"), withIntermediateDirectories: true)
            try Data("<li>\n  {{#image}}<img src=\"{{src}}\">\n</li>\n".utf8).write(to: site.appendingPathComponent("templates/cell.mustache"))
        }
        #expect(run.status == 1)
        #expect(run.stderr == "error: site/templates/cell.mustache:4:1: template error: section is never closed\n")
    }

    @Test func checkCatchesAnUnknownConfigKeyAndGoesOn() async throws {
        let run = try await brokenSite { site in
            let yml = site.appendingPathComponent("site.yml")
            try Data((try String(contentsOf: yml, encoding: .utf8) + "colums: 4\n").utf8).write(to: yml)
            try Data("{\"favorites\": [oops]}".utf8).write(to: site.appendingPathComponent("favorites.json"))
        }
        #expect(run.status == 1)
        #expect(run.stderr == "error: site/site.yml:35:1: unknown key 'colums' (did you mean 'columns'?)\n")
    }

    @Test func checkReportsEveryProblemNotJustTheFirst() async throws {
        let run = try await brokenSite { site in
            try Data("{\"favorites\": [oops]}".utf8).write(to: site.appendingPathComponent("favorites.json"))
            try Data("{}".utf8).write(to: site.appendingPathComponent("data/books.json"))
        }
        #expect(run.status == 1)
        #expect(
            run.stderr == """
                error: site/favorites.json:1:16: invalid JSON (Invalid value)
                error: site/data/books.json:1:1: top level: missing key 'format'

                """)
    }

    @Test func strictBuildRefusesToPublishABrokenSite() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        // An id the App Store does not know is fatal under --strict too: this site has none.
        let apps = site.appendingPathComponent("data/apps.json")
        try Data(String(contentsOf: apps, encoding: .utf8).replacingOccurrences(of: #""invalidIDs": ["2"]"#, with: #""invalidIDs": []"#).utf8).write(to: apps)
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        let before = try TestSupport.tree(output)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("templates"), withIntermediateDirectories: true)
        try Data("{{<layout}}{{$content}}<a href=\"../missing/index.html\">x</a>{{/content}}{{/layout}}\n".utf8)
            .write(to: site.appendingPathComponent("templates/page.mustache"))
        let run = try await TestSupport.spawn(["build", "site", "--strict", "--offline"], in: site.deletingLastPathComponent())
        #expect(run.status == 1)
        #expect(run.stderr.contains("error: about/index.html: broken link ../missing/index.html\n"))
        #expect(run.stderr.hasSuffix("error: check links: 1 problem (--strict); the previous site was kept\n"))
        #expect(try TestSupport.tree(output) == before)
    }
}

@Suite("favorites from a catalog")
struct CatalogFavoritesTests {
    @Test func anItemOfAFileGalleryCanBeAddedOffline() async throws {
        let folder = try TestSupport.temporaryDirectory()
        #expect(try await TestSupport.spawn(["new", "shop", "--source", "file", "--quiet"], in: folder).status == 0)
        let add = try await TestSupport.spawn(["favorites", "add", "file:item1", "shop", "--offline"], in: folder)
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.hasPrefix("added file:item1 “"))
        let build = try await TestSupport.spawn(["build", "shop", "--offline", "--quiet"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        let favorites = try String(contentsOf: folder.appendingPathComponent("shop/public/favorites/index.html"), encoding: .utf8)
        #expect(favorites.contains(#"data-id="file:item1""#))
    }
}
