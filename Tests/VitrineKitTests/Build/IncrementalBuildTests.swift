import Foundation
import Testing

@testable import VitrineKit

/// Rebuilds into a complete vitrine output update it in place: unchanged pages are neither
/// rendered nor written (their mtimes stay), changed ones are replaced, the rest is intact.
@Suite("incremental rebuilds")
struct IncrementalBuildTests {
    /// Relative path → modification time (ns) and inode, for every file.
    static func stamps(_ root: URL) throws -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        for case let url as URL in FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)! {
            var info = stat()
            guard stat(url.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            result[String(path.dropFirst(base.count + 1))] = [info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_ino)]
        }
        return result
    }

    static func changed(_ before: [String: [Int]], _ after: [String: [Int]]) -> Set<String> {
        Set(after.keys.filter { before[$0] != after[$0] }).union(before.keys.filter { after[$0] == nil })
    }

    @Test func anUnchangedRebuildWritesNothing() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        let tree = try TestSupport.tree(output)
        let before = try Self.stamps(output)
        let summary = try await TestSupport.build(site, output: output, jobs: 3)
        #expect(summary.files == 0)
        #expect(summary.unchanged == tree.count - 2, "every page and asset; not the marker or the manifest")
        #expect(Self.changed(before, try Self.stamps(output)) == [])
        #expect(try TestSupport.tree(output) == tree)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent(".public.vitrine").path).filter {
            !["lock", "spare", "folders", "filter"].contains($0)
        }
        #expect(leftovers == [], "the lock, the spare tree and the records of their folders and filter indexes stay; nothing else")
    }

    @Test func aChangedItemRewritesOnlyThePagesItAppearsOn() async throws {
        var titles = (0..<7).map { "Item \($0)" }
        let site = try FileSourceTests.site(catalog: FileSourceTests.catalog(7, title: { titles[$0] }))
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        let before = try Self.stamps(output)

        titles[2] = "Renamed & <changed>"
        try FileSourceTests.catalog(7, title: { titles[$0] }).write(to: site.appendingPathComponent("catalog.json"))
        let summary = try await TestSupport.build(site, output: output)
        // Its page, its neighbours' prev/next links, its gallery page (items 2 and 3), the
        // gallery's filter index, the manifest.
        #expect(
            Self.changed(before, try Self.stamps(output)) == [
                "items/file-it000002/index.html", "items/file-it000001/index.html", "items/file-it000003/index.html",
                "things/page/2/index.html", "things/filter-index.js", ".vitrine-manifest",
            ])
        #expect(summary.files == 5)

        // The result equals a fresh build of the same inputs.
        let fresh = site.deletingLastPathComponent().appendingPathComponent("fresh")
        try await TestSupport.build(site, output: fresh)
        #expect(try TestSupport.tree(output) == (try TestSupport.tree(fresh)))
    }

    @Test func theFoldersOfPathsAreEveryLevelAboveEachFile() {
        let paths: Set<String> = ["index.html", "items/books-한국어/index.html", "items/file-a/index.html", "a/b/c/d/e.js", "é/f", "x/"]
        #expect(
            OutputPublisher.folders(of: paths) == [
                "items", "items/books-한국어", "items/file-a", "a", "a/b", "a/b/c", "a/b/c/d", "é", "x",
            ])
        #expect(OutputPublisher.folders(of: []) == [])
    }

    /// A catalog over 1 MB and 1,000 items, read in spans and cached.
    static func largeCatalog(title: (Int) -> String) -> Data {
        let items = (0..<1_200).map { index -> [String: Any] in
            [
                "id": String(format: "it%06d", index), "title": title(index), "rating": Double(index % 11) / 1.1,
                "image": ["url": "https://media.example.org/\(index)/200w.gif", "width": 480, "height": 270],
                "description": "Item \(index): " + String(repeating: "*text* with \"quotes\", [brackets] and \\ backslashes. ", count: 14),
            ]
        }
        return try! JSONSerialization.data(withJSONObject: ["format": "vitrine-bench-catalog/1", "items": items], options: [.sortedKeys])
    }

    @Test func aLargeCatalogsOneItemRebuildGoesThroughItsCacheAndEqualsAFreshBuild() async throws {
        var titles = (0..<1_200).map { "Item \($0)" }
        let catalog = Self.largeCatalog { titles[$0] }
        #expect(catalog.count > 1 << 20)
        let site = try FileSourceTests.site(catalog: catalog, perPage: 24)
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        let cache = CatalogCache.location(site: site, relative: "catalog.json")
        #expect(CatalogCache.read(from: cache).count == 1_200)
        let before = try Self.stamps(output)

        titles[600] = "Renamed & <changed>"
        try Self.largeCatalog { titles[$0] }.write(to: site.appendingPathComponent("catalog.json"))
        try await TestSupport.build(site, output: output)
        #expect(
            Self.changed(before, try Self.stamps(output)) == [
                "items/file-it000600/index.html", "items/file-it000599/index.html", "items/file-it000601/index.html",
                "things/page/26/index.html", "things/filter-index.js", ".vitrine-manifest",
            ])
        #expect(CatalogCache.read(from: cache).count == 1_201, "the renamed item appended")

        // The same site as a fresh build of the same catalog without any cache.
        try FileManager.default.removeItem(at: site.appendingPathComponent(".vitrine-cache"))
        let fresh = site.deletingLastPathComponent().appendingPathComponent("fresh")
        try await TestSupport.build(site, output: fresh)
        #expect(try TestSupport.tree(output) == (try TestSupport.tree(fresh)))
    }

    @Test func removedItemsLoseTheirPagesAndATemplateChangeRewritesEverything() async throws {
        let site = try FileSourceTests.site(catalog: FileSourceTests.catalog(7))
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        try FileSourceTests.catalog(4).write(to: site.appendingPathComponent("catalog.json"))
        try await TestSupport.build(site, output: output)
        let fresh = site.deletingLastPathComponent().appendingPathComponent("fresh")
        try await TestSupport.build(site, output: fresh)
        #expect(try TestSupport.tree(output) == (try TestSupport.tree(fresh)))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("items/file-it000005").path))
        #expect(!FileManager.default.fileExists(atPath: output.appendingPathComponent("things/page/3").path))

        let templates = site.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        let item = try String(contentsOf: Theme.defaultDirectory.appendingPathComponent("item.mustache"), encoding: .utf8)
        try Data((item + "\n").utf8).write(to: templates.appendingPathComponent("item.mustache"))
        let summary = try await TestSupport.build(site, output: output)
        #expect(summary.files == 4, "every item page; gallery pages are re-rendered but their bytes are the same")
    }

    @Test func aFailedRebuildLeavesTheOutputAndItsManifestIntact() async throws {
        let site = try FileSourceTests.site(catalog: FileSourceTests.catalog(5))
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        let tree = try TestSupport.tree(output)
        try Data("{\"format\": \"vitrine-bench-catalog/1\", \"items\": [".utf8).write(to: site.appendingPathComponent("catalog.json"))
        await #expect(throws: VitrineError.self) { try await TestSupport.build(site, output: output) }
        #expect(try TestSupport.tree(output) == tree)
    }
    /// After a rebuild the previous site stays beside the output as its spare tree (sharing
    /// unchanged files by hard link), and the next rebuild brings that tree up to date instead
    /// of linking every file anew. Whatever the spare holds — stale pages, stray files, a page
    /// edited or deleted by hand — the published site equals a fresh build plus the files the
    /// user keeps in the output.
    @Test func theSpareTreeIsBroughtUpToDateWhateverItHolds() async throws {
        let site = try FileSourceTests.site(catalog: FileSourceTests.catalog(9))
        let output = site.appendingPathComponent("public")
        let spare = site.appendingPathComponent(".public.vitrine/spare")
        let fileManager = FileManager.default
        try await TestSupport.build(site, output: output)
        try Data("example.org\n".utf8).write(to: output.appendingPathComponent("CNAME"))
        try fileManager.createDirectory(at: output.appendingPathComponent(".git/refs"), withIntermediateDirectories: true)
        try Data("ref: refs/heads/gh-pages\n".utf8).write(to: output.appendingPathComponent(".git/HEAD"))
        #expect(!fileManager.fileExists(atPath: spare.path), "a first build has no previous site")

        func expectFreshPlus(_ kept: [String: Data], _ comment: Comment) async throws {
            let fresh = try TestSupport.temporaryDirectory("vitrine-fresh").appendingPathComponent("public")
            try await TestSupport.build(site, output: fresh)
            #expect(try TestSupport.tree(output) == (try TestSupport.tree(fresh)).merging(kept) { $1 }, comment)
        }
        let kept = ["CNAME": Data("example.org\n".utf8), ".git/HEAD": Data("ref: refs/heads/gh-pages\n".utf8)]

        try FileSourceTests.catalog(9, title: { "Second \($0)" }).write(to: site.appendingPathComponent("catalog.json"))
        try await TestSupport.build(site, output: output)
        #expect(fileManager.fileExists(atPath: spare.appendingPathComponent("items/file-it000008/index.html").path))
        try await expectFreshPlus(kept, "second build")

        // The spare is the first site; this build turns it into the third.
        try FileSourceTests.catalog(5, title: { "Third \($0)" }).write(to: site.appendingPathComponent("catalog.json"))
        try await TestSupport.build(site, output: output)
        try await expectFreshPlus(kept, "third build, from the spare")
        var shared = 0
        for path in try TestSupport.tree(output).keys {
            var a = stat()
            var b = stat()
            if lstat(output.path + "/" + path, &a) == 0, lstat(spare.path + "/" + path, &b) == 0, a.st_ino == b.st_ino { shared += 1 }
        }
        #expect(shared > 5, "unchanged files (assets, the marker, kept files) are shared, not copied")

        // Tamper with the spare and with the output's own files.
        let home = spare.appendingPathComponent("index.html")
        try fileManager.removeItem(at: home)
        try Data("stale".utf8).write(to: home)
        try Data("stray".utf8).write(to: spare.appendingPathComponent("stray.html"))
        try fileManager.createDirectory(at: spare.appendingPathComponent("items/zzz"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: spare.appendingPathComponent("items/zzz/index.html"))
        try Data("a file where a folder goes".utf8).write(to: spare.appendingPathComponent("things-tmp"))
        try? fileManager.removeItem(at: spare.appendingPathComponent("things/index.html"))
        // A link where a page's folder goes: the new page must replace it, never go through it.
        let elsewhere = try TestSupport.temporaryDirectory("vitrine-elsewhere")
        let linked = spare.appendingPathComponent("items/file-it000002")
        try? fileManager.removeItem(at: linked)
        try fileManager.createSymbolicLink(at: linked, withDestinationURL: elsewhere)
        try fileManager.removeItem(at: output.appendingPathComponent("CNAME"))
        try Data("mine".utf8).write(to: output.appendingPathComponent("notes.txt"))
        try FileSourceTests.catalog(9, title: { "Fourth \($0)" }).write(to: site.appendingPathComponent("catalog.json"))
        try await TestSupport.build(site, output: output)
        try await expectFreshPlus([".git/HEAD": kept[".git/HEAD"]!, "notes.txt": Data("mine".utf8)], "fourth build, from a spare tampered with")
        #expect(try fileManager.contentsOfDirectory(atPath: elsewhere.path) == [], "nothing was written through the link")

        let summary = try await TestSupport.build(site, output: output)
        #expect(summary.files == 0, "an unchanged rebuild after all this writes nothing")

        // The output removed by hand: the build makes every file anew in an empty folder,
        // not over the spare's files, and removes that older site once the new one is out.
        try fileManager.removeItem(at: output)
        let spareBefore = try Self.stamps(spare)
        #expect(spareBefore.count > 5)
        try await TestSupport.build(site, output: output)
        try await expectFreshPlus([:], "a build into a removed output")
        #expect(Set(try Self.stamps(output).values.map { $0[2] }).isDisjoint(with: spareBefore.values.map { $0[2] }), "no file of the spare was reused")
        #expect(!fileManager.fileExists(atPath: spare.path), "the older site beside it is removed")

        // The manifest removed: every file is written anew, the user's file is kept, and
        // the previous site becomes the spare as after any build.
        try FileSourceTests.catalog(9, title: { "Fifth \($0)" }).write(to: site.appendingPathComponent("catalog.json"))
        try await TestSupport.build(site, output: output)
        #expect(fileManager.fileExists(atPath: spare.appendingPathComponent(OutputPublisher.marker).path))
        try fileManager.removeItem(at: output.appendingPathComponent(BuildManifest.fileName))
        try Data("mine".utf8).write(to: output.appendingPathComponent("notes.txt"))
        try FileSourceTests.catalog(9, title: { "Sixth \($0)" }).write(to: site.appendingPathComponent("catalog.json"))
        try await TestSupport.build(site, output: output)
        try await expectFreshPlus(["notes.txt": Data("mine".utf8)], "a build after the manifest was removed")
        #expect(try String(contentsOf: spare.appendingPathComponent("items/file-it000001/index.html"), encoding: .utf8).contains("Fifth 1"))
    }
    /// Each build records the folders of the output and of the spare tree
    /// (`.public.vitrine-folders`), and the next reads only the folders changed since: a
    /// folder older than the settle interval is taken from the record, and a change made by
    /// hand in the spare or the output is seen all the same.
    @Test func aRebuildReadsOnlyTheFoldersChangedSinceTheyWereRecorded() async throws {
        let site = try FileSourceTests.site(catalog: FileSourceTests.catalog(40))
        let output = site.appendingPathComponent("public")
        let spare = site.appendingPathComponent(".public.vitrine/spare")
        let recordFile = site.appendingPathComponent(".public.vitrine/folders")
        let fileManager = FileManager.default
        try await TestSupport.build(site, output: output)
        #expect(!fileManager.fileExists(atPath: recordFile.path), "nothing was listed: there was no output")
        // Older than the settle interval when the next build lists them: recorded as known.
        try await Task.sleep(for: .seconds(2.2))
        try FileSourceTests.catalog(40, title: { $0 == 5 ? "Second 5" : "Item \($0)" }).write(to: site.appendingPathComponent("catalog.json"))
        try await TestSupport.build(site, output: output)

        // The spare (the first site) as the build listed it, all but its root vouched for.
        let records = try #require(FileTree.Records(try Data(contentsOf: recordFile)))
        var status = stat()
        #expect(lstat(spare.path, &status) == 0)
        let spareRecord = try #require(records.trees[UInt64(status.st_ino)])
        #expect(try FolderRecordTests.folders(spareRecord)["items/file-it000030"].map { $0.changed != 0 } == true)
        let (_, _, read) = try FileTree.list(folder: FileTree.openFolder(spare.path), record: spareRecord)
        #expect(read <= 3, "the root and what changed since the listing; read \(read) of \(spareRecord.count)")

        // Changes by hand: a stray page and a replaced page in the spare, a removed page and
        // a page of the user's in the output. The published site is a fresh build plus the
        // user's page, as without a record.
        try Data("stray".utf8).write(to: spare.appendingPathComponent("items/file-it000030/stray.html"))
        let replaced = spare.appendingPathComponent("items/file-it000031/index.html")
        try fileManager.removeItem(at: replaced)
        try Data("stale".utf8).write(to: replaced)
        try fileManager.removeItem(at: output.appendingPathComponent("items/file-it000032/index.html"))
        try Data("mine".utf8).write(to: output.appendingPathComponent("items/file-it000033/notes.txt"))
        try FileSourceTests.catalog(40, title: { $0 == 5 ? "Third 5" : "Item \($0)" }).write(to: site.appendingPathComponent("catalog.json"))
        try await TestSupport.build(site, output: output)
        let fresh = try TestSupport.temporaryDirectory("vitrine-fresh").appendingPathComponent("public")
        try await TestSupport.build(site, output: fresh)
        #expect(try TestSupport.tree(output) == (try TestSupport.tree(fresh)).merging(["items/file-it000033/notes.txt": Data("mine".utf8)]) { $1 })
    }

    @Test("an unchanged rebuild whose inputs' stamps are all known lists neither tree; an edited catalog lists both")
    func anUnchangedRebuildListsNothing() async throws {
        let site = try FileSourceTests.site(catalog: FileSourceTests.catalog(5))
        let output = site.appendingPathComponent("public")
        let folders = site.appendingPathComponent(".public.vitrine/folders")
        try await TestSupport.build(site, output: output)
        // Older than the stamps' settle time: the next build hashes them and records their
        // stamps (it starts listing, then stops the listing when the digest is unchanged).
        try await Task.sleep(for: InputStamps.settle + .milliseconds(200))
        #expect(try await TestSupport.build(site, output: output).inputsUnchanged)
        try? FileManager.default.removeItem(at: folders)
        #expect(try await TestSupport.build(site, output: output).inputsUnchanged)
        #expect(!FileManager.default.fileExists(atPath: folders.path), "every stamp known and unchanged: nothing listed")
        try FileSourceTests.catalog(5, title: { "Edited \($0)" }).write(to: site.appendingPathComponent("catalog.json"))
        #expect(try await TestSupport.build(site, output: output).inputsUnchanged == false)
        #expect(FileManager.default.fileExists(atPath: folders.path), "an edited catalog: both trees listed")
    }

    @Test(
        "a rebuild's filter index, made from the output's where items did not change, is the fresh build's: after an edit, items added and removed, a new language; a file edited by hand is never copied from"
    )
    func filterIndexEntriesAreCarriedOver() async throws {
        let site = try FileSourceTests.site(catalog: FileSourceTests.catalog(40))
        let output = site.deletingLastPathComponent().appendingPathComponent("public")
        let index = output.appendingPathComponent("things/filter-index.js")
        let record = site.deletingLastPathComponent().appendingPathComponent(".public.vitrine/filter")
        func expectFresh(_ comment: Comment) async throws {
            let fresh = try TestSupport.temporaryDirectory("vitrine-fresh").appendingPathComponent("public")
            try await TestSupport.build(site, output: fresh)
            #expect(try Data(contentsOf: index) == (try Data(contentsOf: fresh.appendingPathComponent("things/filter-index.js"))), comment)
            #expect(try TestSupport.tree(output) == (try TestSupport.tree(fresh)), comment)
        }
        try await TestSupport.build(site, output: output)
        let first = try #require(FilterEntries(try Data(contentsOf: record)).flatMap { $0.files["things/filter-index.js"] })
        #expect(first.keys.count == 40 && first.lengths.count == 40)

        try FileSourceTests.catalog(40) { $0 == 7 ? "Edited 7 </script>" : "Item \($0)" }.write(to: site.appendingPathComponent("catalog.json"))
        try await TestSupport.build(site, output: output)
        try await expectFresh("one title edited")
        let second = try #require(FilterEntries(try Data(contentsOf: record)).flatMap { $0.files["things/filter-index.js"] })
        #expect(first.keys.indices.filter { first.keys[$0] != second.keys[$0] } == [7], "one entry's key changed")

        // Items added and removed (ids shift): entries found by key.
        var catalog = try #require(try JSONSerialization.jsonObject(with: FileSourceTests.catalog(45)) as? [String: Any])
        var items = try #require(catalog["items"] as? [[String: Any]])
        items.remove(at: 3)
        items.insert(["id": "new-one", "title": "New"], at: 20)
        catalog["items"] = items
        try JSONSerialization.data(withJSONObject: catalog, options: [.sortedKeys]).write(to: site.appendingPathComponent("catalog.json"))
        try await TestSupport.build(site, output: output)
        try await expectFresh("items added and removed")

        // The same items in another language: every entry made again.
        let yml = site.appendingPathComponent("site.yml")
        try (String(contentsOf: yml, encoding: .utf8) + "language: ko\n").write(to: yml, atomically: true, encoding: .utf8)
        try await TestSupport.build(site, output: output)
        try await expectFresh("another language")

        // The file in the output edited by hand (a new file in its place): not copied from.
        let text = try String(contentsOf: index, encoding: .utf8)
        #expect(text.contains("\"Item 30\""))
        try Data(text.replacingOccurrences(of: "\"Item 30\"", with: "\"Hacked\"").utf8).write(to: index, options: .atomic)
        try FileSourceTests.catalog(45) { $0 == 9 ? "Edited 9" : "Item \($0)" }.write(to: site.appendingPathComponent("catalog.json"))
        try await TestSupport.build(site, output: output)
        try await expectFresh("a hand-edited file")
        #expect(!(try String(contentsOf: index, encoding: .utf8)).contains("Hacked"))
    }

    @Test("a manifest damaged past its inputs line: the next build with the same inputs is a whole one, and its output the fresh build's")
    func aManifestDamagedPastItsInputsIsNotTrusted() async throws {
        let site = try FileSourceTests.site(catalog: FileSourceTests.catalog(5))
        let output = site.appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        let manifest = output.appendingPathComponent(BuildManifest.fileName)
        let text = try String(contentsOf: manifest, encoding: .utf8)
        try (text + "0123456789abcdef0123456789abcdef ../outside\n").write(to: manifest, atomically: false, encoding: .utf8)
        try FileManager.default.removeItem(at: output.appendingPathComponent("index.html"))
        let summary = try await TestSupport.build(site, output: output)
        #expect(!summary.inputsUnchanged)
        let fresh = try TestSupport.temporaryDirectory("vitrine-fresh").appendingPathComponent("public")
        try await TestSupport.build(site, output: fresh)
        #expect(try TestSupport.tree(output) == (try TestSupport.tree(fresh)))
        #expect(try await TestSupport.build(site, output: output).inputsUnchanged, "and the one after it stops at the inputs again")
    }

    /// An unchanged rebuild stops at the inputs digest; editing any input — site.yml (even a
    /// comment), the catalog, content, a static file, a template override, a translation
    /// file, favorites — or `--base-url` makes the next build go the whole way, and the one
    /// after it stops again.
    @Test func anUnchangedRebuildStopsAtTheInputsDigestAndEveryInputCounts() async throws {
        let site = try FileSourceTests.site(catalog: FileSourceTests.catalog(5))
        let output = site.appendingPathComponent("public")
        let fileManager = FileManager.default
        for folder in ["content", "static", "templates", "i18n"] {
            try fileManager.createDirectory(at: site.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data("---\ntitle: About\n---\nHello.\n".utf8).write(to: site.appendingPathComponent("content/about.md"))
        try Data("User-agent: *\n".utf8).write(to: site.appendingPathComponent("static/robots.txt"))
        let cell = try String(contentsOf: Theme.defaultDirectory.appendingPathComponent("cell.mustache"), encoding: .utf8)
        try Data(cell.utf8).write(to: site.appendingPathComponent("templates/cell.mustache"))
        try Data("favorites: \"Starred\"\n".utf8).write(to: site.appendingPathComponent("i18n/en.yml"))
        try await TestSupport.build(site, output: output)
        #expect(try await TestSupport.build(site, output: output).inputsUnchanged)

        func append(_ relative: String, _ text: String) throws {
            let url = site.appendingPathComponent(relative)
            let old = (try? Data(contentsOf: url)) ?? Data()
            try (old + Data(text.utf8)).write(to: url)
        }
        let edits: [(String, () throws -> Void)] = [
            ("site.yml", { try append("site.yml", "# a comment\n") }),
            ("catalog", { try FileSourceTests.catalog(5, title: { "Edited \($0)" }).write(to: site.appendingPathComponent("catalog.json")) }),
            ("content", { try append("content/about.md", "More.\n") }),
            ("static", { try append("static/robots.txt", "Disallow:\n") }),
            ("template", { try append("templates/cell.mustache", "\n") }),
            ("translation", { try append("i18n/en.yml", "share: \"Pass it on\"\n") }),
            (
                "favorites",
                { try Data(#"{"favorites": [{"id": "file:it000001", "addedAt": "2026-01-01T00:00:00Z"}]}"#.utf8).write(to: site.appendingPathComponent("favorites.json")) }
            ),
        ]
        for (name, edit) in edits {
            try edit()
            #expect(try await TestSupport.build(site, output: output).inputsUnchanged == false, "\(name): an edited input was not noticed")
            var skipped = try await TestSupport.build(site, output: output).inputsUnchanged
            if name == "favorites", !skipped {
                // The build that looked the id up stored its snapshot in favorites.json: one more edit.
                skipped = try await TestSupport.build(site, output: output).inputsUnchanged
            }
            #expect(skipped, "\(name): the rebuild after it stops at the digest again")
        }
        let fresh = try TestSupport.temporaryDirectory("vitrine-fresh").appendingPathComponent("public")
        try await TestSupport.build(site, output: fresh)
        #expect(try TestSupport.tree(output) == (try TestSupport.tree(fresh)), "after every skip, the output is what a fresh build writes")

        var options = BuildOptions(site: site, siteLabel: "site", output: output, baseURL: "https://example.org/")
        options.jobs = 2
        #expect(try await SiteBuilder().build(options).inputsUnchanged == false, "--base-url is an input")
    }
}
