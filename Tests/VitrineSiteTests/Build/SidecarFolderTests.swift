import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Issue 38, item 7: everything vitrine keeps beside the output (its lock, the records of
/// its folders and filter indexes, the spare tree, staging folders) is in one hidden folder,
/// `.NAME.vitrine/`; an output built by an earlier vitrine, with its `.NAME.vitrine-*` names,
/// is taken over quietly; the scaffold's .gitignore lists the folder. And the HTTP cache's
/// files are written so that a killed build's leftovers can be told apart and removed.
@Suite("one hidden folder beside the output")
struct SidecarFolderTests {
    /// A site with a file catalog in `BASE/site`; returns BASE and the site.
    static func site(items: Int = 5) async throws -> (base: URL, site: URL) {
        let site = try FileSourceTests.site(catalog: FileSourceTests.catalog(items))
        return (site.deletingLastPathComponent(), site)
    }

    static func change(_ site: URL, title: String) async throws {
        try FileSourceTests.catalog(5, title: { "\(title) \($0)" }).write(to: site.appendingPathComponent("catalog.json"))
    }

    static func names(_ folder: URL) async throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    }

    static func inode(_ url: URL) -> UInt64? {
        var status = stat()
        return lstat(url.path, &status) == 0 ? UInt64(status.st_ino) : nil
    }

    static func build(_ arguments: [String], in base: URL) async throws -> TestSupport.Run {
        try await TestSupport.spawn(["build", "site", "--base-url", "https://example.org/"] + arguments, in: base)
    }

    @Test("with --output elsewhere/www, the parent holds only www and .www.vitrine/, with the lock, records and spare in it")
    func oneHiddenFolderBesideTheOutput() async throws {
        let (base, site) = try await Self.site()
        await #expect(try Self.build(["--output", "elsewhere/www", "--quiet"], in: base).status == 0)
        try await Self.change(site, title: "Second")
        let second = try await Self.build(["--output", "elsewhere/www", "--quiet"], in: base)
        #expect(second.status == 0, "\(second.stderr)")
        let elsewhere = base.appendingPathComponent("elsewhere")
        await #expect(try Self.names(elsewhere) == [".www.vitrine", "www"])
        let sidecar = try await Self.names(elsewhere.appendingPathComponent(".www.vitrine"))
        #expect(sidecar == ["filter", "folders", "lock", "spare"], "no staging or old tree left")
        #expect(OutputPublisher.isFolder(elsewhere.appendingPathComponent(".www.vitrine/spare").path))
        await #expect(try Self.names(base) == ["elsewhere", "site"])
        await #expect(try Self.names(site).filter { $0.contains(".www") || $0.contains(".public") } == [], "nothing in the site folder")
        #expect(TestSupport.text(try TestSupport.tree(elsewhere.appendingPathComponent("www")), "things/index.html").contains("Second 0"))
    }

    @Test("an output built by an earlier vitrine (.public.vitrine-* beside it) is taken over quietly: records and spare moved in, leftovers and the old lock removed")
    func anOldLayoutIsUpgraded() async throws {
        let (base, site) = try await Self.site()
        let output = site.appendingPathComponent("public")
        await #expect(try Self.build(["--quiet"], in: base).status == 0)
        try await Self.change(site, title: "Second")
        await #expect(try Self.build(["--quiet"], in: base).status == 0)
        // The layout of vitrine 0.2: each name beside the output, and what killed builds left.
        let sidecar = site.appendingPathComponent(".public.vitrine")
        for name in ["spare", "folders", "filter", "lock"] {
            try FileManager.default.moveItem(at: sidecar.appendingPathComponent(name), to: site.appendingPathComponent(".public.vitrine-\(name)"))
        }
        try FileManager.default.removeItem(at: sidecar)
        let dead = 4_000_000  // above pid_max: no such process
        for kind in ["staging", "old"] {
            try OutputSafetyTests.write("x", to: site.appendingPathComponent(".public.vitrine-\(kind)-\(dead)/items/a/index.html"))
        }
        try OutputSafetyTests.write("x", to: site.appendingPathComponent(".public.vitrine-folders-\(dead)"))
        let spare = try #require(Self.inode(site.appendingPathComponent(".public.vitrine-spare")))

        try await Self.change(site, title: "Third")
        let upgrade = try await Self.build([], in: base)
        #expect(upgrade.status == 0, "\(upgrade.stderr)")
        for alarming in ["warning", "error", "vitrine-", "removed", "moved"] {
            #expect(!upgrade.stderr.lowercased().contains(alarming), "\(upgrade.stderr)")
        }
        await #expect(try Self.names(site).filter { $0.hasPrefix(".public") } == [".public.vitrine"])
        await #expect(try Self.names(sidecar) == ["filter", "folders", "lock", "spare"])
        #expect(Self.inode(output) == spare, "the old spare tree was moved in and brought up to date, not made anew")
        let fresh = try TestSupport.temporaryDirectory("vitrine-fresh").appendingPathComponent("public")
        try await SiteBuilder().build(BuildOptions(site: site, siteLabel: "site", output: fresh, baseURL: "https://example.org/", jobs: 2))
        #expect(try TestSupport.tree(output) == (try TestSupport.tree(fresh)))
        // And the next build is an ordinary one.
        let next = try await Self.build(["--quiet"], in: base)
        #expect(next.status == 0 && next.stderr.isEmpty, "\(next.stderr)")
    }

    @Test("a build of the earlier vitrine still holding its lock beside the output is waited for")
    func anOldBuildsLockIsHonoured() async throws {
        let (base, site) = try await Self.site()
        await #expect(try Self.build(["--quiet"], in: base).status == 0)
        let oldLock = site.appendingPathComponent(".public.vitrine-lock")
        var lock: FileLock? = try FileLock(oldLock, label: "old vitrine")
        let waited = try await Self.build(["--lock-timeout", "0.2"], in: base)
        #expect(waited.status != 0)
        #expect(waited.stderr.contains("another vitrine build of site/public (pid \(getpid())) still holds its lock"), "\(waited.stderr)")
        lock = nil
        withExtendedLifetime(lock) {}
        await #expect(try Self.build(["--quiet"], in: base).status == 0)
        #expect(!FileManager.default.fileExists(atPath: oldLock.path), "the old lock is removed once taken over")
    }

    @Test("a link or a file at the hidden folder's name is refused in one line and never followed")
    func aLinkAtTheFoldersNameIsRefused() async throws {
        let (base, site) = try await Self.site()
        let victim = base.appendingPathComponent("victim")
        try OutputSafetyTests.write("keep\n", to: victim.appendingPathComponent("keep.txt"))
        let sidecar = site.appendingPathComponent(".public.vitrine")
        try FileManager.default.createSymbolicLink(atPath: sidecar.path, withDestinationPath: "../victim")
        let linked = try await Self.build([], in: base)
        #expect(linked.status != 0)
        #expect(
            linked.stderr.contains("site/.public.vitrine, where vitrine keeps its files for site/public, is a symbolic link, which vitrine never follows; remove it"),
            "\(linked.stderr)")
        await #expect(try Self.names(victim) == ["keep.txt"])
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path), "nothing was published")

        try FileManager.default.removeItem(at: sidecar)
        try Data("mine\n".utf8).write(to: sidecar)
        let file = try await Self.build([], in: base)
        #expect(file.status != 0)
        #expect(file.stderr.contains("site/.public.vitrine, where vitrine keeps its files for site/public, is not a folder; remove it"), "\(file.stderr)")
        #expect(try String(contentsOf: sidecar, encoding: .utf8) == "mine\n")
    }

    @Test("the scaffold's .gitignore lists the hidden folder: after a build, git sees no file of vitrine's")
    func theScaffoldIgnoresTheFolder() async throws {
        let folder = try TestSupport.temporaryDirectory("vitrine-new")
        let new = try await TestSupport.spawn(["new", "my-site"], in: folder)
        #expect(new.status == 0, "\(new.stderr)")
        let site = folder.appendingPathComponent("my-site")
        let ignore = try String(contentsOf: site.appendingPathComponent(".gitignore"), encoding: .utf8).split(separator: "\n")
        #expect(ignore.contains(".public.vitrine/"))
        #expect(!ignore.contains { $0.contains("vitrine-*") }, "no pattern for the names of the former layout")
        let build = try await TestSupport.spawn(["build", "my-site", "--offline", "--quiet"], in: folder)
        #expect(build.status == 0, "\(build.stderr)")
        await #expect(try Self.names(site).filter { $0.contains("vitrine") && $0 != ".vitrine-cache" } == [".public.vitrine"])
        let git = URL(fileURLWithPath: "/usr/bin/git")
        guard FileManager.default.isExecutableFile(atPath: git.path) else { return }
        #expect(try await TestSupport.spawn(["init", "-q"], in: site, executable: git).status == 0)
        let status = try await TestSupport.spawn(["status", "--porcelain", "--untracked-files=all"], in: site, executable: git)
        #expect(status.status == 0)
        let seen = status.stdout.split(separator: "\n").filter { $0.contains("vitrine") || $0.contains("public/") }
        #expect(seen == [], "git sees none of vitrine's files: \(seen)")
    }

    @Test("what killed builds left in the HTTP cache is removed by the next fetch, a live process's kept; stored entries leave no temporary file")
    func leftoversInTheHTTPCacheAreRemoved() async throws {
        let server = try await FaultTests.scripted([.json(StubBodies.giphy(offset: 0, count: 3, total: 3))])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: FaultTests.cats)
        let shard = site.cache.appendingPathComponent("zz")
        try FileManager.default.createDirectory(at: shard, withIntermediateDirectories: true)
        let oldFoundation = shard.appendingPathComponent(".dat.nosyncA1b2")
        let freshFoundation = shard.appendingPathComponent(".dat.nosyncC3d4")
        let dead = shard.appendingPathComponent(".abcd.body.tmp-2147483646-12345")
        let live = shard.appendingPathComponent(".abcd.json.tmp-\(getpid())-12345")
        for file in [oldFoundation, freshFoundation, dead, live] { try Data("{".utf8).write(to: file) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: oldFoundation.path)
        try await site.build(site.options(.refresh))
        #expect(!FileManager.default.fileExists(atPath: oldFoundation.path))
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(FileManager.default.fileExists(atPath: freshFoundation.path), "possibly being written")
        #expect(FileManager.default.fileExists(atPath: live.path), "a running process's")
        let stored = (FileManager.default.subpaths(atPath: site.cache.path) ?? []).filter { !$0.hasPrefix("zz") }
        #expect(stored.filter { $0.hasSuffix(".json") }.count == 1 && stored.filter { $0.hasSuffix(".body") }.count == 1, "\(stored)")
        #expect(stored.filter { $0.contains(".tmp-") || $0.contains("nosync") } == [], "\(stored)")
    }
}
