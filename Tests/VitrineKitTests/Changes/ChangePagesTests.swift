import Foundation
import Synchronization
import Testing

@testable import VitrineKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Issue 39, the rest: what the change record shows — "New" badges, the order by first
/// appearance, a changes page and an Atom feed per gallery — from the record alone.
@Suite("what changed, on the page")
struct ChangePagesTests {
    /// The moment the change tests start from (`ChangeRecordTests` too).
    static let t0 = Date(timeIntervalSince1970: 1_790_000_000)

    /// A stub GIPHY answering the ids it is set to (`g1`, `g2` … in that order).
    final class Catalog: Sendable {
        let ids = Mutex<[Int]>([])
        func set(_ ids: [Int]) { self.ids.withLock { $0 = ids } }

        var body: String {
            let gifs = ids.withLock { $0 }.map { number in
                let id = "g\(number)"
                return """
                    {"type":"gif","id":"\(id)","slug":"cat-\(id)","url":"https://giphy.com/gifs/\(id)","title":"\(number == 13 ? #"<b>\"Cat\" & co</b>"# : "Cat \(number) GIF")","rating":"g","username":"",
                     "images":{"fixed_width":{"url":"https://media.giphy.com/media/\(id)/200w.gif","width":"200","height":"150"}}}
                    """
            }
            let count = ids.withLock { $0.count }
            return
                #"{"data":[\#(gifs.joined(separator: ","))],"pagination":{"total_count":\#(count),"count":\#(count),"offset":0},"meta":{"status":200,"msg":"OK","response_id":"r1"}}"#
        }
    }

    /// The time a refresh runs at.
    final class Clock: Sendable {
        let now = Mutex(ChangePagesTests.t0)
    }

    /// A site whose one gallery, `cats`, asks the stub; a build refreshes at the time `clock` holds.
    struct Moving {
        let catalog = Catalog()
        let server: StubServer
        let site: FetchTestSite
        let clock = Clock()

        init(_ extra: String = "") async throws {
            let catalog = self.catalog
            server = try await StubServer.start { _ in .json(catalog.body) }
            site = try FetchTestSite(server: server, galleries: "  - name: cats\n    title: Cat GIFs\n    source: giphy\n    query: cats\n    limit: 10\n" + extra)
        }

        /// Refreshes from `ids`, an hour after the last refresh, into `output`.
        @discardableResult
        func refresh(_ ids: [Int], hours: Double) async throws -> [String: Data] {
            catalog.set(ids)
            clock.now.withLock { $0 = ChangePagesTests.t0 + hours * 3600 }
            var options = site.options(.refresh, cacheMaxAge: .zero)
            let clock = self.clock
            options.now = { clock.now.withLock { $0 } }
            try await site.build(options)
            return try TestSupport.tree(site.output)
        }

        /// A build from the snapshots alone, into `output`.
        func offline(into output: URL? = nil) async throws -> [String: Data] {
            var options = site.options(.offline)
            options.output = output ?? site.output
            try await site.build(options)
            return try TestSupport.tree(output ?? site.output)
        }
    }

    /// The ids of a gallery page's cells, in order, and those marked new.
    static func cells(_ html: String) -> (ids: [String], new: [String]) {
        var ids: [String] = []
        var new: [String] = []
        for match in html.matches(of: /data-cell data-kind="[a-z]+" data-id="giphy:(g[0-9]+)"( data-new)?>/) {
            ids.append(String(match.1))
            if match.2 != nil { new.append(String(match.1)) }
        }
        return (ids, new)
    }

    @Test func newBadgesMarkExactlyTheAddedItemsAndAnOfflineBuildShowsTheSame() async throws {
        let moving = try await Moving()
        defer { Task { await moving.server.stop() } }
        var tree = try await moving.refresh([1, 2, 3, 4], hours: 0)
        var page = TestSupport.text(tree, "cats/index.html")
        #expect(Self.cells(page).ids == ["g1", "g2", "g3", "g4"])
        #expect(Self.cells(page).new == [], "a first snapshot marks nothing as new")
        #expect(!page.contains("data-new-badge"))

        // Added (g5, g6), removed (g2), reordered (g4 before g1), unchanged (g3).
        tree = try await moving.refresh([4, 5, 1, 3, 6], hours: 1)
        page = TestSupport.text(tree, "cats/index.html")
        #expect(Self.cells(page).ids == ["g4", "g5", "g1", "g3", "g6"])
        #expect(Self.cells(page).new == ["g5", "g6"])
        #expect(page.components(separatedBy: #"<span class="cell__new" data-new-badge>New</span>"#).count - 1 == 2)
        // Favorites' cells and item pages carry no badge.
        #expect(!TestSupport.text(tree, "favorites/index.html").contains("data-new"))
        #expect(!TestSupport.text(tree, "items/giphy-g5/index.html").contains("data-new"))

        // A build from the snapshots alone, into another folder: the same bytes, file for file.
        let elsewhere = moving.site.folder.deletingLastPathComponent().appendingPathComponent("offline")
        let offline = try await moving.offline(into: elsewhere)
        #expect(offline.keys.sorted() == tree.keys.sorted())
        for (path, bytes) in tree where offline[path] != bytes { Issue.record("\(path) differs offline") }

        // A refresh that changes nothing keeps the badges of the last one that did.
        tree = try await moving.refresh([4, 5, 1, 3, 6], hours: 2)
        #expect(Self.cells(TestSupport.text(tree, "cats/index.html")).new == ["g5", "g6"])
        // The next change moves them.
        tree = try await moving.refresh([7, 4, 5, 1, 3, 6], hours: 3)
        #expect(Self.cells(TestSupport.text(tree, "cats/index.html")).new == ["g7"])
    }

    @Test func listRowsCarryTheBadgeToo() async throws {
        let moving = try await Moving("    layout: list\n")
        defer { Task { await moving.server.stop() } }
        try await moving.refresh([1, 2], hours: 0)
        let page = TestSupport.text(try await moving.refresh([3, 1, 2], hours: 1), "cats/index.html")
        #expect(page.contains(#"data-layout="list""#))
        #expect(Self.cells(page).new == ["g3"])
        #expect(page.contains(#"<span class="cell__new" data-new-badge>New</span>"#))
    }

    @Test func theRecordIsWhatTheBadgesComeFrom() async throws {
        let moving = try await Moving()
        defer { Task { await moving.server.stop() } }
        try await moving.refresh([1, 2], hours: 0)
        try await moving.refresh([1, 2, 3], hours: 1)
        #expect(Self.cells(TestSupport.text(try await moving.offline(), "cats/index.html")).new == ["g3"])
        // A damaged record: a warning, and the gallery without badges, changes page or feed.
        let record = moving.site.folder.appendingPathComponent("data/cats.changes.json")
        try Data("<<<<<<< HEAD\n".utf8).write(to: record)
        let summary = try await moving.site.build(moving.site.options(.offline))
        var tree = try TestSupport.tree(moving.site.output)
        #expect(Self.cells(TestSupport.text(tree, "cats/index.html")).new == [])
        #expect(tree["cats/changes/index.html"] == nil && tree["cats/changes.xml"] == nil)
        #expect(summary.warnings.contains { $0.hasPrefix("site/data/cats.changes.json") && $0.hasSuffix("'cats' is shown without its changes") }, "\(summary.warnings)")
        // A hand edit: a time that is no time is the same warning; one with an offset reads as
        // its instant, written in UTC on the page and in the feed.
        try await moving.refresh([1, 2, 3, 4], hours: 2)
        let good = try String(contentsOf: record, encoding: .utf8)
        let at = try #require(good.firstMatch(of: /"at" : "([0-9T:-]+)Z"/)?.output.1)
        try Data(good.replacingOccurrences(of: "\"\(at)Z\"", with: #""<b>x""#).utf8).write(to: record)
        let hostile = try await moving.site.build(moving.site.options(.offline))
        #expect(hostile.warnings.contains { $0.contains("is not an RFC 3339 time") && $0.hasSuffix("'cats' is shown without its changes") }, "\(hostile.warnings)")
        #expect(try TestSupport.tree(moving.site.output)["cats/changes/index.html"] == nil)
        let date = try #require(RFC3339.date(from: "\(at)Z"))
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = TimeZone(secondsFromGMT: 9 * 3600)
        local.dateFormat = "yyyy-MM-dd'T'HH:mm:ss'+09:00'"
        try Data(good.replacingOccurrences(of: "\"\(at)Z\"", with: "\"\(local.string(from: date))\"").utf8).write(to: record)
        let changes = TestSupport.text(try await moving.offline(), "cats/changes/index.html")
        #expect(changes.contains("datetime=\"\(at)Z\""), "the instant, in UTC")
        // No record: no badges either (and a rebuild notices the record is gone).
        try FileManager.default.removeItem(at: record)
        tree = try await moving.offline()
        #expect(!TestSupport.text(tree, "cats/index.html").contains("data-new"))
        #expect(!TestSupport.text(tree, "cats/index.html").contains("data-changes-link"))
    }

    @Test(arguments: [
        ("", ["g3", "g5", "g2", "g1", "g4"]),
        ("    order: api\n", ["g3", "g5", "g2", "g1", "g4"]),
        ("    order: newest-first\n", ["g5", "g4", "g3", "g2", "g1"]),
        ("    order: oldest-first\n", ["g3", "g2", "g1", "g4", "g5"]),
    ])
    func aGalleryCanBeOrderedByFirstAppearance(order: String, expected: [String]) async throws {
        let moving = try await Moving(order)
        defer { Task { await moving.server.stop() } }
        try await moving.refresh([1, 2, 3], hours: 0)
        try await moving.refresh([4, 1, 2, 3], hours: 1)
        // g5 comes, and the API reorders the rest; ties (g1, g2, g3) keep the API's order.
        let tree = try await moving.refresh([3, 5, 2, 1, 4], hours: 2)
        #expect(Self.cells(TestSupport.text(tree, "cats/index.html")).ids == expected)
        #expect(Self.cells(TestSupport.text(tree, "cats/index.html")).new == ["g5"])
        // The detail pages' neighbours follow the same order.
        let second = expected[1]
        #expect(TestSupport.text(tree, "items/giphy-\(second)/index.html").contains("giphy-\(expected[0])/index.html"))
        #expect(try await moving.offline() == tree)
    }

    @Test func orderIsOneOfItsValuesAndNeedsARecord() throws {
        let yaml = "title: T\ngalleries:\n  - name: cats\n    source: giphy\n    order: shuffled\n"
        #expect(throws: VitrineError.self) { try SiteConfig.parse(yaml, file: "site.yml") }
        do {
            _ = try SiteConfig.parse(yaml, file: "site.yml")
        } catch {
            #expect(error.message == "site.yml:5:12: 'order' of a search gallery is one of api, newest-first, oldest-first (in galleries[0]), got 'shuffled'")
        }
        let file = "title: T\ngalleries:\n  - name: notes\n    source: file\n    path: notes.json\n    order: newest-first\n"
        do {
            _ = try SiteConfig.parse(file, file: "site.yml")
            Issue.record("a file gallery has no change record")
        } catch {
            #expect(error.message.hasPrefix("site.yml:6:12: 'order: newest-first' needs the change record"), "\(error.message)")
        }
        // A favorites gallery's orders are not a search gallery's: the owner's rating means nothing here.
        #expect(throws: VitrineError.self) { try SiteConfig.parse(yaml.replacingOccurrences(of: "shuffled", with: "rating"), file: "site.yml") }
        #expect(try SiteConfig.parse(yaml.replacingOccurrences(of: "shuffled", with: "oldest-first"), file: "site.yml").galleries[0].order == .oldestFirst)
        #expect(try SiteConfig.parse("title: T\ngalleries:\n  - name: cats\n    source: giphy\n", file: "site.yml").galleries[0].order == .api)
    }

    @Test func theChangesPageListsTheRefreshesNewestFirst() async throws {
        let moving = try await Moving()
        defer { Task { await moving.server.stop() } }
        try await moving.refresh([1, 2, 3], hours: 0)
        var tree = try await moving.refresh([1, 2, 3], hours: 1)
        var page = TestSupport.text(tree, "cats/changes/index.html")
        #expect(page.contains("No refresh has added or removed an item yet."))
        #expect(page.contains("First snapshot: 3 items"))

        tree = try await moving.refresh([1, 3, 4], hours: 2)
        page = TestSupport.text(tree, "cats/changes/index.html")
        #expect(!page.contains("No refresh has added"))
        #expect(page.contains("<h1 id=\"changes-heading\">Cat GIFs: what changed</h1>"))
        #expect(page.contains(#"<time datetime="2026-09-21T16:13:20Z">September 21, 2026, 16:13 UTC</time>"#), "\(page)")
        #expect(page.contains("1 added, 1 removed"))
        // Added, linked to its page; removed, by the title it had, with no page to link to.
        #expect(page.contains(#"<li data-id="giphy:g4"><a href="../../items/giphy-g4/index.html">Cat 4 GIF</a></li>"#))
        #expect(page.contains(#"<li data-id="giphy:g2">Cat 2 GIF</li>"#))
        #expect(page.contains(#"<a href="../../cats/index.html">Back to Cat GIFs</a>"#))
        #expect(page.contains(#"<a href="../../cats/changes.xml" type="application/atom+xml">Changes feed (Atom)</a>"#))
        // Newest first: the refresh of hour 2, then the first snapshot.
        let newest = try #require(page.range(of: "1 added, 1 removed"))
        let first = try #require(page.range(of: "First snapshot: 3 items"))
        #expect(newest.lowerBound < first.lowerBound)
        // The gallery page links it; the sitemap lists it.
        let gallery = TestSupport.text(tree, "cats/index.html")
        #expect(gallery.contains(#"<a class="changes-link" href="../cats/changes/index.html" data-changes-link>What changed</a>"#))
        #expect(TestSupport.text(tree, "sitemap.xml").contains("<loc>https://example.org/cats/changes/</loc>"))
        #expect(try await moving.offline() == tree)
    }

    @Test func aRecordThatNamesItemsByIdOnlyIsReadAndShowsTheIds() async throws {
        let moving = try await Moving()
        defer { Task { await moving.server.stop() } }
        try await moving.refresh([1, 2], hours: 0)
        let record =
            #"{"format":"vitrine-changes/1","gallery":"cats","refreshes":[{"at":"2026-09-21T15:13:20Z","added":[{"id":"giphy:g2"}],"removed":[{"id":"giphy:g9"}]}],"firstSeen":[]}"#
        try Data(record.utf8).write(to: moving.site.folder.appendingPathComponent("data/cats.changes.json"))
        let tree = try await moving.offline()
        let page = TestSupport.text(tree, "cats/changes/index.html")
        #expect(page.contains(#"<li data-id="giphy:g9">giphy:g9</li>"#), "\(page)")
        #expect(Self.cells(TestSupport.text(tree, "cats/index.html")).new == ["g2"])
        // The next refresh keeps the record and stores titles from then on.
        try await moving.refresh([2, 3], hours: 2)
        let stored = try JSONDecoder().decode(ChangeRecord.self, from: Data(contentsOf: moving.site.folder.appendingPathComponent("data/cats.changes.json")))
        #expect(stored.refreshes.map(\.removed.first?.title) == ["", "Cat 1 GIF"])
    }

    @Test func theChangesPageIsTranslated() async throws {
        let moving = try await Moving()
        defer { Task { await moving.server.stop() } }
        let yml = moving.site.folder.appendingPathComponent("site.yml")
        try Data(String(decoding: Data(contentsOf: yml), as: UTF8.self).replacingOccurrences(of: "title: Fetch test\n", with: "title: Fetch test\nlanguage: ja\n").utf8).write(
            to: yml)
        try await moving.refresh([1, 2], hours: 0)
        let tree = try await moving.refresh([2, 3], hours: 1)
        #expect(TestSupport.text(tree, "cats/index.html").contains(">新着</span>"))
        let page = TestSupport.text(tree, "cats/changes/index.html")
        #expect(page.contains("Cat GIFs：変更履歴") && page.contains("1件追加、1件削除"), "\(page)")
    }

    @Test func eachGalleryHasAnAtomFeedOfItsChanges() async throws {
        let moving = try await Moving()
        defer { Task { await moving.server.stop() } }
        try await moving.refresh([1, 2, 3], hours: 0)
        try await moving.refresh([1, 2, 3, 4], hours: 1)
        let tree = try await moving.refresh([2, 3, 4, 5, 13], hours: 2)
        let xml = TestSupport.text(tree, "cats/changes.xml")
        let feed = try #require(AtomCheck(xml), "not well-formed XML")
        #expect(feed.problems == [], "\(xml)")
        #expect(feed.selfLink == "https://example.org/cats/changes.xml")
        #expect(
            feed.entryIDs
                == ["2026-09-21T16:13:20Z", "2026-09-21T15:13:20Z", "2026-09-21T14:13:20Z"].map {
                    "https://example.org/cats/changes/#refresh-" + $0.filter { $0.isLetter || $0.isNumber }
                })
        #expect(xml.contains("<title>2 added, 1 removed</title>"))
        #expect(xml.contains("&lt;b&gt;&quot;Cat&quot; &amp; co&lt;/b&gt;</a></li>"), "a title is text, escaped")
        #expect(xml.contains(#"<li><a href="https://example.org/items/giphy-g5/">Cat 5 GIF</a></li>"#), "\(xml)")
        #expect(xml.contains("<li>Cat 1 GIF</li>"))
        #expect(xml.contains("<updated>2026-09-21T16:13:20Z</updated>"))
        // Linked from the gallery page; the same bytes from the snapshots alone.
        #expect(TestSupport.text(tree, "cats/index.html").contains(#"<link rel="alternate" type="application/atom+xml" href="../cats/changes.xml" title="Changes feed (Atom)">"#))
        #expect(try await moving.offline() == tree)

        // Without a baseURL: no feed, and no link to one (the changes page stays).
        let yml = moving.site.folder.appendingPathComponent("site.yml")
        try Data(String(decoding: Data(contentsOf: yml), as: UTF8.self).replacingOccurrences(of: "baseURL: https://example.org/\n", with: "").utf8).write(to: yml)
        let without = try await moving.offline()
        #expect(without["cats/changes.xml"] == nil)
        #expect(without["cats/changes/index.html"] != nil)
        #expect(!TestSupport.text(without, "cats/index.html").contains("application/atom+xml"))
    }

    @Test func theHistoryStaysBoundedAfterAHundredRefreshes() async throws {
        let moving = try await Moving("    history: 5\n")
        defer { Task { await moving.server.stop() } }
        var tree: [String: Data] = [:]
        for step in 0..<100 {
            tree = try await moving.refresh([step, step + 1], hours: Double(step))
        }
        let record = try JSONDecoder().decode(ChangeRecord.self, from: Data(contentsOf: moving.site.folder.appendingPathComponent("data/cats.changes.json")))
        #expect(record.refreshes.count == 5)
        #expect(record.firstSeen.count == 2)
        #expect(Self.cells(TestSupport.text(tree, "cats/index.html")).new == ["g100"])
        #expect(TestSupport.text(tree, "cats/changes/index.html").components(separatedBy: "data-refresh>").count - 1 == 5)
        #expect(try #require(AtomCheck(TestSupport.text(tree, "cats/changes.xml"))).entryIDs.count == 5)
    }
}

/// RFC 4287's required elements, checked on a parsed feed: the feed's id, title, updated,
/// an author (the feed's or every entry's) and a `rel="self"` link; each entry's id, title
/// and updated (RFC 3339), with ids unique.
final class AtomCheck: NSObject, XMLParserDelegate {
    private var path: [String] = []
    private var text = ""
    private var feed: [String: String] = [:]
    private var feedHasAuthor = false
    private var entries: [[String: String]] = []
    private(set) var selfLink: String?
    private var namespace: String?

    init?(_ xml: String) {
        super.init()
        let parser = XMLParser(data: Data(xml.utf8))
        parser.shouldProcessNamespaces = true
        parser.delegate = self
        guard parser.parse() else { return nil }
    }

    var entryIDs: [String] { entries.compactMap { $0["id"] } }

    var problems: [String] {
        var problems: [String] = []
        if namespace != "http://www.w3.org/2005/Atom" { problems.append("the root is not an Atom feed") }
        for key in ["id", "title", "updated"] where (feed[key] ?? "").isEmpty { problems.append("feed without \(key)") }
        if let updated = feed["updated"], RFC3339.date(from: updated) == nil { problems.append("feed updated '\(updated)' is no RFC 3339 date") }
        if !feedHasAuthor, !entries.allSatisfy({ $0["author"] != nil }) { problems.append("no author") }
        if selfLink == nil { problems.append("no link rel=self") }
        for (index, entry) in entries.enumerated() {
            for key in ["id", "title", "updated"] where (entry[key] ?? "").isEmpty { problems.append("entry \(index) without \(key)") }
            if let updated = entry["updated"], RFC3339.date(from: updated) == nil { problems.append("entry \(index): '\(updated)' is no date") }
        }
        if Set(entryIDs).count != entryIDs.count { problems.append("entry ids repeat") }
        return problems
    }

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
        if path.isEmpty { namespace = namespaceURI }
        path.append(name)
        text = ""
        if path == ["feed", "entry"] { entries.append([:]) }
        if path == ["feed", "author"] { feedHasAuthor = true }
        if path == ["feed", "entry", "author"] { entries[entries.count - 1]["author"] = "" }
        if path == ["feed", "link"], attributes["rel"] == "self" { selfLink = attributes["href"] }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        text += string
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if path.count == 2, path[0] == "feed" { feed[name] = feed[name] ?? text }
        if path.count == 3, path[1] == "entry" { entries[entries.count - 1][name] = entries[entries.count - 1][name] ?? text }
        path.removeLast()
    }
}
