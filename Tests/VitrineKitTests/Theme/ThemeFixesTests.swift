import Foundation
import Testing

@testable import VitrineKit

/// Issue 37's small fixes that a build shows: one `<h1>` a page in the example site, no
/// feed with a made-up date, a 404 page styled at any depth without `baseURL`.
@Suite("theme fixes")
struct ThemeFixesTests {
    /// Every file of a build of `site`, as text.
    static func build(_ site: URL) async throws -> [String: String] {
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        return try TestSupport.tree(output).mapValues { String(decoding: $0, as: UTF8.self) }
    }

    @Test func everyExamplePageHasOneH1() async throws {
        let pages = try await Self.build(TestSupport.exampleSite).filter { $0.key.hasSuffix(".html") }
        #expect(pages.count > 20)
        for (path, html) in pages {
            #expect(html.components(separatedBy: "<h1").count == 2, "\(path) has not exactly one <h1>")
        }
    }

    @Test func aSiteWithoutFavoritesHasNoFeedAndNoEpochDate() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        #expect(try #require(try await Self.build(site)["feed.xml"]).contains("<updated>2026-11-21T12:45:00Z</updated>"))
        try Data(#"{"favorites": []}"#.utf8).write(to: site.appendingPathComponent("favorites.json"))
        let files = try await Self.build(site)
        #expect(files["feed.xml"] == nil)
        #expect(files["sitemap.xml"] != nil)
        #expect(!files.values.contains { $0.contains("1970-01-01") })
    }

    @Test func the404PageWithoutBaseURLCarriesItsStylesInline() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let config = site.appendingPathComponent("site.yml")
        let text = try String(contentsOf: config, encoding: .utf8)
        try text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("baseURL:") }.joined(separator: "\n")
            .write(to: config, atomically: true, encoding: .utf8)
        let notFound = try #require(try await Self.build(site)["404.html"])
        #expect(notFound.contains("<style>/*") && notFound.contains("--accent"))
        #expect(!notFound.contains(#"href="/assets/"#) && !notFound.contains(#"src="/assets/"#))
        // With baseURL its links reach the assets from any depth: linked, not inlined.
        let linked = try #require(try await Self.build(TestSupport.fixtureSite)["404.html"])
        #expect(linked.contains(#"<link rel="stylesheet" href="/fixture/assets/vitrine.css">"#) && !linked.contains("<style>"))
    }
}
