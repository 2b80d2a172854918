import Foundation
import Testing

@testable import VitrineKit

/// `vitrine serve`'s search (issue 36): the API endpoint against the in-process stub API,
/// its protections and error answers, the page that only serve has, the item page the dialog
/// opens, and keeping a search as a gallery by editing site.yml's text.
@Suite("serve search", .serialized)
struct SearchEndpointTests {
    static let key = "stubkey-0123456789abcdef"

    /// `count` synthetic GIFs `s<offset>`… of `total`.
    static func giphyPage(offset: Int, count: Int, total: Int) -> String {
        let gifs = (offset..<offset + count).map { n in
            let images = #""fixed_width":{"url":"http://127.0.0.1:9/\#(n).gif","width":"200","height":"150"}"#
            return #"{"type":"gif","id":"s\#(n)","title":"Cat \#(n)","rating":"g","images":{\#(images)}}"#
        }
        let pagination = #""pagination":{"total_count":\#(total),"count":\#(count),"offset":\#(offset)}"#
        return #"{"data":[\#(gifs.joined(separator: ","))],\#(pagination),"meta":{"status":200,"msg":"OK","response_id":"r"}}"#
    }

    /// A GIPHY stub: search and trending pages of a 30-result query, everything else 404.
    static func giphyStub() async throws -> StubServer {
        try await StubServer.start { request in
            switch request.path {
            case "/v1/gifs/search", "/v1/gifs/trending":
                let offset = Int(request.query["offset"] ?? "0") ?? 0
                let limit = Int(request.query["limit"] ?? "24") ?? 24
                return .json(giphyPage(offset: offset, count: max(0, min(limit, 30 - offset)), total: 30))
            default:
                return .json(#"{"data":[],"meta":{"status":404,"msg":"Not Found","response_id":""}}"#, status: 404)
            }
        }
    }

    /// Serves the fixture site with the stub as every API and `key` as GIPHY's key.
    static func serving(
        _ stub: StubServer?, key: String? = SearchEndpointTests.key, _ body: (ServedSite) async throws -> Void
    ) async throws {
        let base = stub?.baseURL ?? URL(string: "http://127.0.0.1:9")!
        try await VitrineKitTests.serving(
            configure: { options in
                options.build.fetch = FetchOptions(
                    mode: .snapshotsFirst, endpoints: APIEndpoints(giphy: base, tmdb: base, googleBooks: base, itunes: base),
                    credentials: APICredentials(giphyKey: key, tmdbKey: key), cacheMaxAge: .zero)
                options.build.fetch.retry = RetryPolicy(maxAttempts: 2, baseDelay: .milliseconds(10), maxDelay: .milliseconds(50))
            }, body)
    }

    static func search(_ served: ServedSite, _ query: String, headers: [(String, String)]? = nil) async throws -> (ServedSite.Reply, [String: Any]) {
        var fields = headers ?? []
        if headers == nil { fields = [("X-Vitrine-Token", try await served.token()), ("Sec-Fetch-Site", "same-origin")] }
        let reply = try await served.request("_vitrine/api/search?" + query, headers: fields)
        let json = (try? JSONSerialization.jsonObject(with: Data(reply.body.utf8))) as? [String: Any] ?? [:]
        return (reply, json)
    }

    @Test func aSearchAnswersOneAPIPageAsCellsOfTheSiteTemplateWithoutTheKey() async throws {
        let stub = try await Self.giphyStub()
        defer { Task { await stub.stop() } }
        try await Self.serving(stub) { served in
            let (reply, json) = try await Self.search(served, "source=giphy&q=cats")
            #expect(reply.status == 200)
            #expect(reply.headers.first(name: "Content-Type")?.hasPrefix("application/json") == true)
            #expect(json["ok"] as? Bool == true)
            #expect(json["total"] as? Int == 30)
            #expect(json["hasMore"] as? Bool == true)
            let cells = json["cells"] as? [String] ?? []
            #expect(cells.count == 24)
            #expect(cells.first?.hasPrefix("<li class=\"cell cell--gif\" data-cell") == true)
            #expect(cells.first?.contains(#"data-id="giphy:s0""#) == true)
            #expect(cells.first?.contains(#"href="/fixture/_vitrine/search/item?id=giphy%3As0""#) == true)
            #expect(cells.first?.contains("Cat 0") == true)
            // The site's strings reach the cell (the fixture site is in Korean).
            #expect(cells.first?.contains("이미지") == true || cells.first?.contains("visually-hidden") == true)
            let asked = await stub.received().last
            #expect(asked?.path == "/v1/gifs/search")
            #expect(asked?.query["q"] == "cats")
            #expect(asked?.query["limit"] == "24")
            #expect(asked?.query["offset"] == "0")
            #expect(asked?.query["api_key"] == Self.key, "vitrine sends the key to the API")
            #expect(!reply.body.contains(Self.key))

            let (second, page2) = try await Self.search(served, "source=giphy&q=cats&page=2")
            #expect(second.status == 200)
            #expect((page2["cells"] as? [String])?.count == 6)
            #expect(page2["hasMore"] as? Bool == false)
            #expect(await stub.received().last?.query["offset"] == "24")
            #expect(!second.body.contains(Self.key))
        }
    }

    @Test func anEmptyGIPHYQueryIsTrendingAndTMDBAndAppStoreHaveTheirOptions() async throws {
        let stub = try await StubServer.start { request in
            switch request.path {
            case "/v1/gifs/trending": return .json(Self.giphyPage(offset: 0, count: 3, total: 3))
            case "/3/configuration": return (try? .fixture("api/tmdb/configuration.json")) ?? .json("{}", status: 500)
            case "/3/movie/top_rated": return (try? .fixture("api/tmdb/top-rated-ko.json")) ?? .json("{}", status: 500)
            case "/lookup": return (try? .fixture("api/appstore/lookup-kr.json")) ?? .json("{}", status: 500)
            case "/books/v1/volumes": return (try? .fixture("api/books/search.json")) ?? .json("{}", status: 500)
            default: return .json("{}", status: 404)
            }
        }
        defer { Task { await stub.stop() } }
        try await Self.serving(stub) { served in
            let (trending, json) = try await Self.search(served, "source=giphy&q=")
            #expect(trending.status == 200)
            #expect(json["trending"] as? Bool == true)
            #expect((json["cells"] as? [String])?.count == 3)
            #expect(await stub.received().last?.path == "/v1/gifs/trending")

            let (movies, top) = try await Self.search(served, "source=tmdb&list=top_rated")
            #expect(movies.status == 200, "\(movies.body)")
            #expect((top["cells"] as? [String])?.first?.contains("data-kind=\"movie\"") == true)
            #expect(top["hasMore"] as? Bool == true, "581 pages")
            let tmdb = await stub.received().last
            #expect(tmdb?.path == "/3/movie/top_rated")
            #expect(tmdb?.query["page"] == "1")

            let (apps, found) = try await Self.search(served, "source=app-store&ids=362057947,872469884&country=kr")
            #expect(apps.status == 200, "\(apps.body)")
            #expect((found["cells"] as? [String])?.count == 2)
            let lookup = await stub.received().last
            #expect(lookup?.path == "/lookup")
            #expect(lookup?.query["id"] == "362057947,872469884")
            #expect(lookup?.query["country"] == "kr")
            let (books, volumes) = try await Self.search(served, "source=google-books&q=intitle%3Aswift&page=2")
            #expect(books.status == 200, "\(books.body)")
            #expect((volumes["cells"] as? [String])?.first?.contains("data-kind=\"book\"") == true)
            let volumesAsked = await stub.received().last
            #expect(volumesAsked?.query["q"] == "intitle:swift")
            #expect(volumesAsked?.query["startIndex"] == "40")
            #expect(volumesAsked?.query["maxResults"] == "40")
            // Nothing to ask: no request, no results.
            let asked = await stub.received().count
            let (empty, nothing) = try await Self.search(served, "source=google-books&q=")
            #expect(empty.status == 200)
            #expect((nothing["cells"] as? [String])?.isEmpty == true)
            #expect(await stub.received().count == asked)
            for reply in [trending, movies, apps, books] { #expect(!reply.body.contains(Self.key)) }
        }
    }

    @Test func failuresAreJSONThatSaysWhatToDo() async throws {
        let stub = try await StubServer.start { request in
            switch request.query["q"] {
            case "unauthorized": .json(#"{"data":[],"meta":{"status":401,"msg":"Unauthorized","response_id":""}}"#, status: 401)
            case "limited": .json(#"{"message":"API rate limit exceeded"}"#, status: 429, headers: ["Retry-After": "7200"])
            default: .json(Self.giphyPage(offset: 0, count: 1, total: 1))
            }
        }
        defer { Task { await stub.stop() } }
        try await Self.serving(stub) { served in
            let (denied, unauthorized) = try await Self.search(served, "source=giphy&q=unauthorized")
            #expect(denied.status == 502)
            #expect(unauthorized["error"] as? String == "unauthorized")
            #expect((unauthorized["message"] as? String)?.contains("GIPHY_API_KEY") == true)
            let (limited, rate) = try await Self.search(served, "source=giphy&q=limited")
            #expect(limited.status == 429)
            #expect(rate["error"] as? String == "rate-limited")
            #expect(rate["retryAt"] is String)
            #expect((rate["message"] as? String)?.contains("wait until 20") == true)
            #expect(limited.headers.first(name: "Retry-After") != nil)
            let (bad, badJSON) = try await Self.search(served, "source=nowhere&q=x")
            #expect(bad.status == 400)
            #expect((badJSON["message"] as? String)?.contains("source must be one of") == true)
            let (long, _) = try await Self.search(served, "source=giphy&q=" + String(repeating: "a", count: 51))
            #expect(long.status == 400)
            for reply in [denied, limited, bad] { #expect(!reply.body.contains(Self.key)) }
        }
        // No key: which variable to set.
        try await Self.serving(stub, key: nil) { served in
            let (reply, json) = try await Self.search(served, "source=giphy&q=cats")
            #expect(reply.status == 503)
            #expect(json["error"] as? String == "no-key")
            #expect(json["variable"] as? String == "GIPHY_API_KEY")
            #expect((json["message"] as? String)?.contains("set GIPHY_API_KEY") == true)
        }
        // Nothing listens: offline.
        try await Self.serving(nil) { served in
            let (reply, json) = try await Self.search(served, "source=giphy&q=cats")
            #expect(reply.status == 503)
            #expect(json["error"] as? String == "offline", "\(reply.body)")
            #expect(!reply.body.contains(Self.key))
        }
    }

    @Test func theAPIHasTheFavoritesEndpointsProtections() async throws {
        let stub = try await Self.giphyStub()
        defer { Task { await stub.stop() } }
        try await Self.serving(stub) { served in
            let token = try await served.token()
            let (noToken, _) = try await Self.search(served, "source=giphy&q=cats", headers: [])
            #expect(noToken.status == 403)
            let (wrong, _) = try await Self.search(served, "source=giphy&q=cats", headers: [("X-Vitrine-Token", String(repeating: "0", count: 64))])
            #expect(wrong.status == 403)
            let (crossSite, _) = try await Self.search(
                served, "source=giphy&q=cats", headers: [("X-Vitrine-Token", token), ("Sec-Fetch-Site", "cross-site")])
            #expect(crossSite.status == 403)
            let (rebound, _) = try await Self.search(served, "source=giphy&q=cats", headers: [("X-Vitrine-Token", token), ("Host", "attacker.example")])
            #expect(rebound.status == 403)
            // The keep POST needs this server's Origin and a JSON body too.
            let foreign = try await served.request(
                "_vitrine/api/keep", method: .POST,
                headers: [("X-Vitrine-Token", token), ("Origin", "http://attacker.example"), ("Content-Type", "application/json")],
                body: #"{"source":"giphy","q":"cats"}"#)
            #expect(foreign.status == 403)
            let form = try await served.request(
                "_vitrine/api/keep", method: .POST,
                headers: [("X-Vitrine-Token", token), ("Origin", served.origin), ("Content-Type", "application/x-www-form-urlencoded")],
                body: "source=giphy&q=cats")
            #expect(form.status == 400)
            #expect(await stub.received().isEmpty, "no refused request reached the API")
        }
    }

    @Test func searchesRunAFewAtATimeAndTheRestAreRefused() async throws {
        let gate = SearchGate(limit: 1, queue: 1)
        #expect(await gate.enter())
        let waiting = Task { await gate.enter() }
        try await Task.sleep(for: .milliseconds(50))
        #expect(await gate.enter() == false, "one running, one waiting: the third is refused")
        await gate.leave()
        #expect(await waiting.value)
    }

    @Test func thePageExistsOnlyUnderServeAndTheItemPageRendersAResult() async throws {
        let stub = try await Self.giphyStub()
        defer { Task { await stub.stop() } }
        try await Self.serving(stub) { served in
            let page = try await served.request("_vitrine/search")
            #expect(page.status == 200)
            for hook in ["data-search-source", "data-search-query", "data-search-results data-grid", "data-search-error", "/_vitrine/search.js"] {
                #expect(page.body.contains(hook), "\(hook)")
            }
            #expect(page.body.contains(#"<link rel="stylesheet" href="../assets/vitrine.css">"#), "the site's layout and stylesheet")
            #expect(page.body.contains("data-vitrine-token"))
            #expect(!page.body.contains(Self.key))
            #expect(try await served.request("/_vitrine/search.js").body.contains("history.replaceState"))
            // A served page's live script knows the base path, for the bar's link to the search.
            #expect(try await served.request("").body.contains(#"data-vitrine-base="/fixture/""#))
            #expect(try await served.request("/_vitrine/live.js").body.contains("_vitrine/search"))

            _ = try await Self.search(served, "source=giphy&q=cats")
            let item = try await served.request("_vitrine/search/item?id=giphy%3As3")
            #expect(item.status == 200)
            #expect(item.body.contains("data-item"))
            #expect(item.body.contains(#"data-id="giphy:s3""#))
            #expect(item.body.contains("Cat 3"))
            #expect(item.body.contains(#"href="../../assets/vitrine.css""#), "links relative to the base path")
            // An item no search showed is looked up by id, but not for another site's page.
            let before = await stub.received().count
            let crossSite = try await served.request("_vitrine/search/item?id=giphy%3Aunseen", headers: [("Sec-Fetch-Site", "cross-site")])
            #expect(crossSite.status == 404)
            #expect(await stub.received().count == before)
        }
        // A build has no trace of it: no file, no link, no string.
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let output = site.appendingPathComponent("public")
        try await SiteBuilder().build(BuildOptions(site: site, siteLabel: "site", output: output, jobs: 2))
        let files = FileManager.default.enumerator(at: output, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        #expect(files.count > 10)
        for file in files where !file.hasDirectoryPath {
            #expect(!file.path.contains("_vitrine"), "\(file.path)")
            let text = String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self)
            for trace in ["_vitrine", "data-search", "vsearch", "Keep this search"] {
                #expect(!text.contains(trace), "\(file.lastPathComponent) has \(trace)")
            }
        }
    }

    @Test func keepingASearchAppendsAGalleryToTheTextOfSiteYml() throws {
        let text = """
            # My site — comments stay where they are.
            title: "Cats & more"   # the title
            galleries:
                # the GIFs first
                -   name: cats
                    source: giphy
                    query: cats
                -   name: popular   # TMDB
                    source: tmdb
                    list: popular

            # Favorites come after.
            favorites:
              limit: 20

            """
        let edited = try GalleryAppender.appending(
            GalleryAppender.entry(for: SearchRequest(source: .giphy, query: #"funny "dogs""#), name: "funny-dogs"), to: text, file: "site.yml")
        #expect(
            edited == """
                # My site — comments stay where they are.
                title: "Cats & more"   # the title
                galleries:
                    # the GIFs first
                    -   name: cats
                        source: giphy
                        query: cats
                    -   name: popular   # TMDB
                        source: tmdb
                        list: popular
                    -   name: funny-dogs
                        title: "funny \\"dogs\\""
                        source: giphy
                        query: "funny \\"dogs\\""

                # Favorites come after.
                favorites:
                  limit: 20

                """)
        let config = try SiteConfig.parse(edited, file: "site.yml")
        #expect(config.galleries.map(\.name) == ["cats", "popular", "funny-dogs"])
        #expect(config.galleries.last?.query == #"funny "dogs""#)

        // No galleries key: one is added at the end; TMDB and App Store entries.
        let bare = try GalleryAppender.appending(
            GalleryAppender.entry(for: SearchRequest(source: .tmdb, list: .topRated), name: "top-rated"), to: "title: T\n", file: "site.yml")
        #expect(bare == "title: T\n\ngalleries:\n  - name: top-rated\n    title: \"Top rated\"\n    source: tmdb\n    list: top_rated\n")
        let apps = GalleryAppender.entry(for: SearchRequest(source: .appStore, ids: ["1", "2"], country: "kr"), name: "apps")
        #expect(apps == ["name: apps", "title: \"Apps\"", "source: app-store", "ids: [1, 2]", "country: kr"])
        // Inline galleries: refused, the file untouched.
        #expect(throws: VitrineError.self) {
            try GalleryAppender.appending(apps, to: "galleries: [{name: a, source: giphy}]\n", file: "site.yml")
        }
        #expect(GalleryAppender.slug("Funny Cats!! 2024") == "funny-cats-2024")
        #expect(GalleryAppender.slug("고양이") == "")
    }

    @Test func theKeepEndpointAddsTheGalleryAndTheRebuildFetchesIt() async throws {
        let stub = try await Self.giphyStub()
        defer { Task { await stub.stop() } }
        try await Self.serving(stub) { served in
            let before = try String(contentsOf: served.site.appendingPathComponent("site.yml"), encoding: .utf8)
            let reply = try await served.request(
                "_vitrine/api/keep", method: .POST,
                headers: [
                    ("X-Vitrine-Token", try await served.token()), ("Origin", served.origin), ("Content-Type", "application/json"),
                    ("Sec-Fetch-Site", "same-origin"),
                ],
                body: #"{"source":"giphy","q":"cats"}"#)
            #expect(reply.status == 200, "\(reply.body)")
            #expect(reply.body.contains(#""name":"cats""#))
            let after = try String(contentsOf: served.site.appendingPathComponent("site.yml"), encoding: .utf8)
            #expect(after.hasPrefix(before.hasSuffix("\n") ? before : before + "\n"))
            #expect(after.hasSuffix("  - name: cats\n    title: \"cats\"\n    source: giphy\n    query: \"cats\"\n"))
            // The rebuild that follows fetches the new gallery and stores its snapshot.
            #expect(
                try await eventually(20) {
                    FileManager.default.fileExists(atPath: served.site.appendingPathComponent("data/cats.json").path)
                })
            #expect(try await eventually(20) { try await served.request("cats/").status == 200 })
        }
    }
    @Test func aKeptQueryParsesWhateverItsCharacters() throws {
        // NEL, the line and paragraph separators, a C1 control and a bidi override: a YAML
        // reader folds or refuses them unless they are escaped.
        let query = "a\u{85}b\u{2028}c\u{2029}d\u{9B}e\u{202E}f"
        let edited = try GalleryAppender.appending(
            GalleryAppender.entry(for: SearchRequest(source: .giphy, query: query), name: "odd"), to: "title: T\n", file: "site.yml")
        #expect(!edited.unicodeScalars.contains { $0.value >= 0x80 && $0.value <= 0x9F || $0.value == 0x2028 || $0.value == 0x202E })
        // It parses (raw, a C1 control stops the YAML reader and NEL is folded to a space),
        // and the query read back is the typed one as the one text policy keeps it: the C1
        // controls (NEL among them) out, the rest as typed.
        #expect(try SiteConfig.parse(edited, file: "site.yml").galleries.last?.query == "ab\u{2028}c\u{2029}de\u{202E}f")
    }

    @Test func keepingTakesNoNameAPageOrAnotherListHasAndLosesNoGalleryToAnother() async throws {
        let site = try TestSupport.temporaryDirectory("vitrine-keep").appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("content"), withIntermediateDirectories: true)
        try Data("# About\n".utf8).write(to: site.appendingPathComponent("content/about.md"))
        // The real file elsewhere, read-write for its owner only; site.yml a link to it.
        let real = site.deletingLastPathComponent().appendingPathComponent("real-site.yml")
        try Data("title: T\ngalleries:\n  - name: reading\n    source: favorites\n".utf8).write(to: real)
        chmod(real.path, 0o600)
        try FileManager.default.createSymbolicLink(at: site.appendingPathComponent("site.yml"), withDestinationURL: real)
        let appender = GalleryAppender(site: site, label: "site/site.yml")
        #expect(try appender.append(SearchRequest(source: .giphy, query: "about")) == "about-2")
        #expect(try appender.append(SearchRequest(source: .giphy, query: "reading")) == "reading-2")
        // Eight keeps at once: each lands.
        try await withThrowingTaskGroup(of: String.self) { group in
            for number in 1...8 {
                group.addTask { try await TestSupport.offPool { try appender.append(SearchRequest(source: .giphy, query: "race \(number)")) } }
            }
            for try await _ in group {}
        }
        let names = try SiteConfig.parse(String(contentsOf: real, encoding: .utf8), file: "site.yml").galleries.map(\.name)
        #expect(Set(names) == Set(["about-2", "reading-2"] + (1...8).map { "race-\($0)" }), "\(names)")
        // Written through the link, the mode kept.
        let attributes = try FileManager.default.attributesOfItem(atPath: site.appendingPathComponent("site.yml").path)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect((try FileManager.default.attributesOfItem(atPath: real.path)[.posixPermissions] as? Int) == 0o600)
    }

    @Test func aQueryIsLimitedByScalarsNotCharacters() {
        // One Character: "a" and 8,000 combining accents.
        let heavy = "a" + String(repeating: "\u{301}", count: 8000)
        #expect(heavy.count == 1)
        for source in ["giphy", "tmdb", "google-books"] {
            #expect(throws: VitrineError.self, "\(source)") { try SearchRequest(parameters: ["source": source, "q": heavy]) }
        }
        // At the limit, it passes.
        #expect((try? SearchRequest(parameters: ["source": "giphy", "q": String(repeating: "\u{E9}", count: APIDescriptor.giphy.searchPage.maxQuery)])) != nil)
    }

    @Test func theItemRouteRefusesAnIDNotOfItsSourcesFormBeforeAnyLookup() async throws {
        let stub = try await Self.giphyStub()
        defer { Task { await stub.stop() } }
        try await Self.serving(stub) { served in
            for id in ["tmdb%3A..", "tmdb%3A..%2F..%2Fsearch%2Fmovie", "giphy%3Aa%2F..%2Fb", "books%3A%3F%26q%3Dx", "appstore%3A1%2C2"] {
                let before = await stub.received().count
                let reply = try await served.request("_vitrine/search/item?id=" + id)
                #expect(reply.status == 422, "\(id): \(reply.status)")
                #expect(await stub.received().count == before, "\(id) reached the API")
            }
            // A well-formed id not yet seen is still looked up.
            let before = await stub.received().count
            _ = try await served.request("_vitrine/search/item?id=giphy%3Aunseen")
            #expect(await stub.received().count > before)
        }
    }
}
