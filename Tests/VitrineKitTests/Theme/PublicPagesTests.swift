import Foundation
import Testing

@testable import VitrineKit

/// Issue 37 item 2: a built site shows visitors only public things — no off-star, no limit
/// counter, no CLI hint; a favorite is marked as the owner's pick. `vitrine serve` adds the
/// owner's tools (stars, count, hints) from its own script, never from the build.
@Suite("public pages")
struct PublicPagesTests {
    /// Every HTML page of a build of `site`.
    static func pages(of site: URL) async throws -> [String: String] {
        try await ThemeFixesTests.build(site).filter { $0.key.hasSuffix(".html") }
    }

    static func expectNoAdminState(_ pages: [String: String]) {
        #expect(!pages.isEmpty)
        for (path, html) in pages {
            #expect(!html.contains(#"data-state="off""#), "off-star in \(path)")
            #expect(!html.contains("data-favorites-count"), "counter in \(path)")
            let counter = html.range(of: #">\s*\d+ / \d+\s*<"#, options: .regularExpression).map { String(html[$0]) }
            #expect(counter == nil, "limit counter in \(path)")
            #expect(!html.contains("favorites add"), "CLI hint in \(path)")
        }
    }

    @Test func aBuiltSiteWithFavoritesHasNoOffStarCounterOrHint() async throws {
        let pages = try await Self.pages(of: TestSupport.fixtureSite)
        Self.expectNoAdminState(pages)
        // Not a favorite: no star at all. A favorite: the owner's pick ("운영자 추천", lang ko).
        #expect(!(pages["items/giphy-g3/index.html"] ?? "").contains("data-favorite"))
        let pick = try #require(pages["items/giphy-g1/index.html"])
        #expect(pick.contains(#"data-favorite data-state="on" role="img" aria-label="운영자 추천""#))
        #expect(try #require(pages["gifs/index.html"]).contains(#"<span class="cell__star" title="운영자 추천">"#))
    }

    @Test func aBuiltSiteWithoutFavoritesHasNoHint() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        try Data(#"{"favorites": []}"#.utf8).write(to: site.appendingPathComponent("favorites.json"))
        let pages = try await Self.pages(of: site)
        Self.expectNoAdminState(pages)
        #expect(try #require(pages["favorites/index.html"]).contains("data-empty"))
        #expect(try #require(pages["index.html"]).contains("data-favorites-summary"))
    }

    @Test func serveAnswersTheCountAndItsScriptCarriesTheOwnersTools() async throws {
        try await serving { served in
            let token = try await served.token()
            let state = try await served.request("/_vitrine/favorites", headers: [("X-Vitrine-Token", token)])
            #expect(state.status == 200)
            #expect(state.body.contains(#""count":3"#) && state.body.contains(#""limit":3"#))
            #expect(try await served.request("/_vitrine/favorites").status == 403)
            let script = try await served.request(LiveScript.path).body
            for text in ["vitrine favorites add", "data-favorites-count", #"setAttribute("data-state", "off")"#] {
                #expect(script.contains(text), "live.js lacks \(text)")
            }
        }
    }
}
