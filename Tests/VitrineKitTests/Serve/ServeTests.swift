import Foundation
import Hummingbird
import Testing

@testable import VitrineKit

/// `vitrine serve` over real HTTP on 127.0.0.1, port 0, against a temporary copy of the
/// fixture site (baseURL https://example.org/fixture/, so it is served under /fixture/;
/// favorites limit 3, all 3 taken).
@Suite("serve", .serialized)
struct ServeTests {
    @Test func directoryURLsServeTheirIndexWithTheLiveScript() async throws {
        try await serving { served in
            #expect(served.url.absoluteString.hasSuffix("/fixture/"))
            let gallery = try await served.request("gifs/")
            #expect(gallery.status == 200)
            #expect(gallery.body.contains(#"<h1 id="gallery-heading">GIFs &lt;b&gt;bold&lt;/b&gt;</h1>"#))
            #expect(gallery.body.contains(#"<script src="/_vitrine/live.js" data-vitrine-token="#))
            #expect(gallery.body.range(of: #"live.js"[^>]*></script>\n?</body>"#, options: .regularExpression) != nil)
            #expect(gallery.headers.first(name: "Cache-Control") == "no-store")
            let home = try await served.request("")
            #expect(home.status == 200)
            #expect(try await served.request("gifs").status == 301)  // to gifs/
            #expect(try await served.request("/").headers.first(name: "Location") == "/fixture/")
            let css = try await served.request("assets/vitrine.css")
            #expect(css.status == 200)
            #expect(!css.body.contains("_vitrine"))
            // DNS rebinding: a page of another site whose name now points at 127.0.0.1 reads nothing.
            let rebound = try await served.request("", headers: [("Host", "attacker.example:80")])
            #expect(rebound.status == 403)
            #expect(!rebound.body.contains("<html"))
            let script = try await served.request("/_vitrine/live.js")
            #expect(script.status == 200)
            #expect(script.headers.first(name: "Content-Type")?.hasPrefix("text/javascript") == true)
        }
    }

    @Test(arguments: ["nope/", "gifs/page/99/", "items/giphy-nothing/", "/elsewhere/", "missing.css"])
    func aMissingPageGetsThe404PageWithStatus404(_ path: String) async throws {
        try await serving { served in
            let reply = try await served.request(path)
            #expect(reply.status == 404)
            #expect(reply.body.contains("페이지를 찾을 수 없습니다"), "the fixture site is in Korean")
            #expect(reply.body.contains("/_vitrine/live.js"))
        }
    }

    @Test func pathsWithDotDotAreRefused() async throws {
        try await serving { served in
            for path in ["/fixture/%2e%2e/%2e%2e/etc/passwd", "/fixture/gifs/%2E%2E/%2E%2E/site.yml", "/fixture/..%2f..%2fsite.yml", "/fixture/gifs/%2e./index.html"] {
                let reply = try await served.request(path)
                #expect(reply.status == 400, "\(path)")
                #expect(!reply.body.contains("title: Fixture"), "\(path)")
            }
        }
    }

    @Test func theStarRemovesAndAddsAFavoriteThroughTheService() async throws {
        try await serving { served in
            #expect(try served.favoriteIDs() == ["giphy:g1", "tmdb:550", "books:solo"])
            let removed = try await served.star("giphy:g1", false)
            #expect(removed.status == 200)
            #expect(removed.body.contains(#""favorite":false"#))
            #expect(try served.favoriteIDs() == ["tmdb:550", "books:solo"])
            let added = try await served.star("giphy:g3", true)
            #expect(added.status == 200)
            #expect(added.body.contains(#""count":3"#))
            #expect(try served.favoriteIDs() == ["tmdb:550", "books:solo", "giphy:g3"])
            // Removing what is not there is a no-op, not an error: the page may be stale.
            #expect(try await served.star("giphy:g1", false).status == 200)
            // The rebuild follows: the favorites gallery lists the new one.
            #expect(try await eventually { try await served.request("favorites/").body.contains("data-id=\"giphy:g3\"") })
        }
    }

    @Test func theLimitRefusalIsA409WithTheMessage() async throws {
        try await serving { served in
            let before = try Data(contentsOf: served.favoritesFile)
            let reply = try await served.star("giphy:g3", true)
            #expect(reply.status == 409)
            #expect(reply.body.contains("favorites are full (3/3): remove one first"))
            #expect(try Data(contentsOf: served.favoritesFile) == before)
        }
    }

    @Test(
        arguments: [
            (["Origin": "http://evil.example"], 403),
            (["Origin": nil], 403),
            (["Sec-Fetch-Site": "cross-site"], 403),
            (["X-Vitrine-Token": nil], 403),
            (["X-Vitrine-Token": String(repeating: "0", count: 64)], 403),
            (["Content-Type": "text/plain"], 415),
            (["Host": "attacker.example:80", "Origin": "http://attacker.example:80"], 403),
        ] as [([String: String?], Int)])
    func crossOriginAndTokenlessPostsAreRefused(_ headers: [String: String?], _ status: Int) async throws {
        try await serving { served in
            let before = try Data(contentsOf: served.favoritesFile)
            let reply = try await served.star("giphy:g1", false, headers: headers)
            let after = try Data(contentsOf: served.favoritesFile)
            #expect(reply.status == status)
            #expect(reply.body.contains("refused"))
            #expect(after == before)
        }
    }

    @Test func editingContentRebuildsAndSendsAReloadEvent() async throws {
        try await serving { served in
            let events = try await served.events()
            #expect(try await events.next(startingWith: ": connected") != nil)
            let about = served.site.appendingPathComponent("content/about.md")
            try Data("---\ntitle: About <us>\n---\nEdited while serving.\n".utf8).write(to: about)
            #expect(try await events.next(startingWith: "event: reload") != nil)
            #expect(try await served.request("about/").body.contains("Edited while serving."))
        }
    }

    @Test func aFailedRebuildKeepsTheLastGoodSiteAndSaysWhy() async throws {
        try await serving { served in
            let events = try await served.events()
            #expect(try await events.next(startingWith: ": connected") != nil)
            let templates = served.site.appendingPathComponent("templates")
            try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
            try Data("{{#broken}}\n".utf8).write(to: templates.appendingPathComponent("page.mustache"))
            let line = try await events.next(startingWith: "data: ")
            #expect(line == "data: site/templates/page.mustache:2:1: template error: section is never closed")
            let page = try await served.request("about/")
            #expect(page.status == 200)
            #expect(page.body.contains("About <strong>this</strong> fixture."))
            // A page opened now hears the error at once.
            let later = try await served.events()
            #expect(try await later.next(startingWith: "event: build-error") != nil)
        }
    }

    @Test func buildOutputHasNoLiveScript() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("out")
        try await TestSupport.build(site, output: output)
        for (path, data) in try TestSupport.tree(output) {
            let text = String(decoding: data, as: UTF8.self)
            #expect(!text.contains("_vitrine") && !text.contains("live.js") && !text.contains("EventSource"), "\(path)")
        }
    }

    @Test func theServedFolderIsRemovedAndThePortFreedOnStop() async throws {
        let served = try await ServedSite.start()
        #expect(try await served.request("").status == 200)
        await served.stop()
        // Nothing listens any more (the client would retry connecting for its whole timeout).
        await #expect(throws: (any Error).self) { try await served.request("", timeout: .seconds(1)) }
        #expect(!FileManager.default.fileExists(atPath: served.site.appendingPathComponent("public").path))
    }

    @Test func injectionGoesBeforeTheLastBodyEndTag() {
        let html = Array("<p>&lt;/body&gt;</p></BODY></html>".utf8)
        #expect(String(decoding: LiveScriptMiddleware<BasicRequestContext>.inject("<s>", into: html), as: UTF8.self) == "<p>&lt;/body&gt;</p><s></BODY></html>")
        #expect(String(decoding: LiveScriptMiddleware<BasicRequestContext>.inject("<s>", into: Array("<p>".utf8)), as: UTF8.self) == "<p><s>")
    }
}
