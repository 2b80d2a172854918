import CVitrineSystem
import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The edges of safe publishing (issue 33, items 1, 3, 4, 13, 17, 18): what `--report`
/// names is written through, never replaced, and a report that cannot be written leaves the
/// site as it was; the names vitrine keeps beside the output are never followed; a file a
/// person writes into the output during a build is kept; a mount point is refused in one
/// line; what killed builds left in data/ goes.
@Suite("edges of publishing")
struct EdgePublishingTests {
    static func site(items: Int = 3) async throws -> (site: URL, output: URL) {
        try OutputSafetyTests.site(items: items)
    }

    static func build(_ site: URL, _ output: URL, report: URL? = nil, change: (inout BuildOptions) -> Void = { _ in }) async throws -> BuildSummary {
        var options = BuildOptions(site: site, siteLabel: "site", output: output, outputLabel: "public", jobs: 2, report: report)
        change(&options)
        return try await SiteBuilder().build(options)
    }

    /// A new catalog, so that the next build changes pages.
    static func change(_ site: URL, items: Int, title: String = "Renamed") async throws {
        try FileSourceTests.catalog(items, title: { "\(title) \($0)" }).write(to: site.appendingPathComponent("catalog.json"))
    }

    static func kind(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    /// A device number (Linux's encoding, for small numbers).
    static func device(_ major: UInt64, _ minor: UInt64) -> dev_t {
        dev_t((major << 8) | minor)
    }

    static func isReport(_ data: Data) -> Bool {
        (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["pages"] != nil
    }

    // MARK: 1. --report writes through what is at its path

    @Test("--report writes through a character device, a symbolic link and a named pipe, never replacing them (1)")
    func aReportIsWrittenThroughWhatIsThere() async throws {
        let (site, output) = try await Self.site()
        let folder = site.deletingLastPathComponent()
        // A device: /dev/null's numbers, made here.
        let device = folder.appendingPathComponent("null")
        try #require(mknod(device.path, S_IFCHR | 0o666, Self.device(1, 3)) == 0, "mknod: \(String(cString: strerror(errno)))")
        try await Self.build(site, output, report: device)
        #expect(Self.kind(device.path) == S_IFCHR, "the device is still a device")

        // A link to a file: the file gets the report, the link stays.
        let target = folder.appendingPathComponent("target.json")
        try Data("old".utf8).write(to: target)
        let link = folder.appendingPathComponent("report.json")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "target.json")
        try await Self.change(site, items: 3, title: "Linked")
        try await Self.build(site, output, report: link)
        #expect(Self.kind(link.path) == S_IFLNK, "the link is still a link")
        #expect(Self.isReport(try Data(contentsOf: target)), "the report went to the link's target")

        // A named pipe someone reads, as `--report >(jq .)`: the reader gets the report.
        let fifo = folder.appendingPathComponent("fifo")
        try #require(mkfifo(fifo.path, 0o644) == 0)
        let reader = open(fifo.path, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        try await Self.change(site, items: 3, title: "Piped")
        try await Self.build(site, output, report: fifo)
        var bytes = [UInt8](repeating: 0, count: 1 << 16)
        let count = read(reader, &bytes, bytes.count)
        #expect(count > 0 && Self.isReport(Data(bytes[..<max(count, 0)])), "the reader got the report")
        #expect(Self.kind(fifo.path) == S_IFIFO, "the pipe is still a pipe")
    }

    @Test("--report naming a pipe nobody reads is refused in one line before any work (1)")
    func aPipeWithoutAReaderIsRefusedBeforeTheBuild() async throws {
        let (site, output) = try await Self.site()
        let fifo = site.deletingLastPathComponent().appendingPathComponent("fifo")
        try #require(mkfifo(fifo.path, 0o644) == 0)
        await #expect(throws: VitrineError("\(fifo.path): --report: nothing reads from it (a pipe or socket with no reader)", kind: .output)) {
            try await Self.build(site, output, report: fifo)
        }
        #expect(!FileManager.default.fileExists(atPath: output.path), "nothing was built")
        #expect(Self.kind(fifo.path) == S_IFIFO)
    }

    @Test("vitrine build --report >(cat > FILE), from a shell, writes the report through the pipe and exits 0 (1, 13)")
    func aProcessSubstitutionGetsTheReport() async throws {
        let (site, _) = try await Self.site()
        let file = site.deletingLastPathComponent().appendingPathComponent("piped.json")
        let script = #"vitrine="$1"; "$vitrine" build "$2" -q --report >(cat > "$3"); status=$?; wait $!; exit $status"#
        let run = try await Self.shell(script, TestSupport.binary.path, site.path, file.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.isReport(try Data(contentsOf: file)))
    }

    // MARK: 13. A report that cannot be written never leaves a changed site

    @Test("a report that cannot be written fails the build before the exchange: the site is as it was (13)")
    func aReportThatCannotBeWrittenLeavesTheSiteAsItWas() async throws {
        let (site, output) = try await Self.site()
        try await Self.build(site, output)
        let before = try TestSupport.tree(output)
        try await Self.change(site, items: 4)
        // /dev/full's numbers: every write fails with ENOSPC.
        let full = site.deletingLastPathComponent().appendingPathComponent("full")
        try #require(mknod(full.path, S_IFCHR | 0o666, Self.device(1, 7)) == 0)
        await #expect(throws: VitrineError("\(full.path): cannot write the build report (No space left on device); the site was not published", kind: .output)) {
            try await Self.build(site, output, report: full)
        }
        #expect(try TestSupport.tree(output) == before, "the previous site, byte for byte")
        #expect(Self.kind(full.path) == S_IFCHR)
        // A place no file can be made in (as root, `access` says yes): refused before any work.
        #if os(Linux)
            await #expect(throws: VitrineError.self) { try await Self.build(site, output, report: URL(fileURLWithPath: "/proc/version")) }
            #expect(try TestSupport.tree(output) == before)
        #endif
        // And the next build, with a report it can write, publishes.
        let report = site.deletingLastPathComponent().appendingPathComponent("report.json")
        try await Self.build(site, output, report: report)
        #expect(Self.isReport(try Data(contentsOf: report)))
        #expect(try TestSupport.tree(output) != before)
    }

    // MARK: 3. The names beside the output are never followed

    @Test("a link at the spare tree's name is removed, never written through, and the next builds succeed (3)")
    func aLinkAtTheSparesNameIsNeverFollowed() async throws {
        let (site, output) = try await Self.site()
        try await Self.build(site, output)
        try await Self.change(site, items: 3, title: "Second")
        try await Self.build(site, output)
        let spare = site.appendingPathComponent(".public.vitrine/spare")
        #expect(Self.kind(spare.path) == S_IFDIR, "a spare tree exists after a rebuild")
        // Someone else's folder that looks like a vitrine output, and a link to it at the spare's name.
        let victim = site.deletingLastPathComponent().appendingPathComponent("victim")
        try FileManager.default.copyItem(at: spare, to: victim)
        let victimBefore = try TestSupport.tree(victim)
        try FileTree.remove(spare.path)
        try FileManager.default.createSymbolicLink(atPath: spare.path, withDestinationPath: "../victim")
        for round in 0..<3 {
            try await Self.change(site, items: 3, title: "Round\(round)")
            try await Self.build(site, output)
            #expect(try TestSupport.text(TestSupport.tree(output), "things/index.html").contains("Round\(round) 0"), "round \(round) published")
            #expect(Self.kind(spare.path) != S_IFLNK, "the link is gone after round \(round)")
        }
        #expect(try TestSupport.tree(victim) == victimBefore, "nothing was written into the link's target")
    }

    @Test("an output swapped for a link during the build is not published through, and the link never becomes the spare (3)")
    func anOutputSwappedForALinkDuringTheBuildIsRefused() async throws {
        let (site, output) = try await Self.site()
        try await Self.build(site, output)
        let elsewhere = site.deletingLastPathComponent().appendingPathComponent("elsewhere")
        try await Self.change(site, items: 4)
        await #expect(throws: VitrineError("output public was replaced by something that is not a folder during the build; nothing was published", kind: .output)) {
            try await Self.build(site, output) { options in
                options.afterCarryOver = {
                    try? FileManager.default.moveItem(at: output, to: elsewhere)
                    try? FileManager.default.createSymbolicLink(atPath: output.path, withDestinationPath: "../elsewhere")
                }
            }
        }
        #expect(Self.kind(output.path) == S_IFLNK)
        #expect(Self.kind(site.appendingPathComponent(".public.vitrine/spare").path) != S_IFLNK)
        // Put back, the next build publishes.
        try FileManager.default.removeItem(at: output)
        try FileManager.default.moveItem(at: elsewhere, to: output)
        try await Self.build(site, output)
        #expect(try TestSupport.text(TestSupport.tree(output), "things/index.html").contains("Renamed 0"))
    }

    @Test("a link at the lock's name is refused in one line, never followed (3)")
    func aLinkAtTheLocksNameIsRefused() async throws {
        let (site, output) = try await Self.site()
        let target = site.deletingLastPathComponent().appendingPathComponent("target")
        try Data("keep\n".utf8).write(to: target)
        try FileManager.default.createDirectory(at: site.appendingPathComponent(".public.vitrine"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: site.appendingPathComponent(".public.vitrine/lock").path, withDestinationPath: target.path)
        await #expect(throws: VitrineError("public: lock file .public.vitrine/lock is a symbolic link, which vitrine never follows; remove it", kind: .output)) {
            try await Self.build(site, output)
        }
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep\n")
    }

    // MARK: 4. Files written into the output during a build

    @Test("what a person adds to, replaces in or removes from the output during a build is kept so in the new site (4)")
    func filesWrittenDuringTheBuildAreKept() async throws {
        let (site, output) = try await Self.site()
        try await Self.build(site, output)
        try Data("old\n".utf8).write(to: output.appendingPathComponent("CNAME"))
        try Data("bye\n".utf8).write(to: output.appendingPathComponent("gone.txt"))
        try await Self.build(site, output)  // nothing changed: the output is as it was
        try await Self.change(site, items: 4)
        let summary = try await Self.build(site, output) { options in
            options.afterCarryOver = {
                try? Data("written during the build\n".utf8).write(to: output.appendingPathComponent("NOTES.txt"))
                try? FileManager.default.createDirectory(at: output.appendingPathComponent("drafts"), withIntermediateDirectories: true)
                try? Data("draft\n".utf8).write(to: output.appendingPathComponent("drafts/one.md"))
                try? Data("new\n".utf8).write(to: output.appendingPathComponent("CNAME"), options: .atomic)
                try? FileManager.default.removeItem(at: output.appendingPathComponent("gone.txt"))
                // Over a page of vitrine's: the new site's page wins, and the build says so.
                try? Data("mine\n".utf8).write(to: output.appendingPathComponent("404.html"), options: .atomic)
            }
        }
        let tree = try TestSupport.tree(output)
        #expect(TestSupport.text(tree, "NOTES.txt") == "written during the build\n")
        #expect(TestSupport.text(tree, "drafts/one.md") == "draft\n")
        #expect(TestSupport.text(tree, "CNAME") == "new\n")
        #expect(tree["gone.txt"] == nil)
        #expect(TestSupport.text(tree, "things/index.html").contains("Renamed 0"))
        #expect(TestSupport.text(tree, "404.html") != "mine\n")
        #expect(summary.warnings.contains("public/404.html changed during the build and is where the new site puts its own; the new site has vitrine's"))
        // And the next build keeps them, as files vitrine did not write.
        try await Self.change(site, items: 5)
        try await Self.build(site, output)
        #expect(try String(contentsOf: output.appendingPathComponent("NOTES.txt"), encoding: .utf8) == "written during the build\n")
        #expect(try String(contentsOf: output.appendingPathComponent("drafts/one.md"), encoding: .utf8) == "draft\n")
    }

    // MARK: 17. An output that is a mount point

    @Test("the mount-point test of an output: a mounted file system is one, a plain folder is not (17)")
    func mountPointsAreTold() async throws {
        #if os(Linux)
            #expect(vitrine_is_mount_point("/proc") == 1)
        #endif
        let folder = try TestSupport.temporaryDirectory()
        #expect(vitrine_is_mount_point(folder.path) == 0)
    }

    @Test("an output that is a mount point (a tmpfs, a bind mount) is refused in one line saying what to do (17)", arguments: ["tmpfs", "bind"])
    func aMountPointOutputIsRefused(_ how: String) async throws {
        let (site, output) = try await Self.site()
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let volume = site.deletingLastPathComponent().appendingPathComponent("volume")
        try FileManager.default.createDirectory(at: volume, withIntermediateDirectories: true)
        let mount = how == "tmpfs" ? #"mount -t tmpfs none "$3""# : #"mount --bind "$4" "$3""#
        // A private mount namespace: the mount disappears with the shell.
        let run = try await Self.shell(
            #"exec unshare -m sh -c '"# + mount + #" || exit 99; "$1" build "$2" -q' sh "$@""#, TestSupport.binary.path, site.path, output.path, volume.path)
        guard run.status != 99 else {
            // No mount namespaces here (an unprivileged sandbox): `mountPointsAreTold` covers the test.
            return
        }
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "error: output \(output.path) is a mount point (a volume), which vitrine cannot swap for the new site; build into a folder inside it (--output \(output.path)/site), or elsewhere and copy the site in\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: volume.path).isEmpty, "nothing written into the volume")
    }

    // MARK: 18. What killed snapshot writes left in data/

    @Test("what killed builds left in data/ is removed by the next build, a live process's kept; the scaffold's .gitignore lists both kinds (18)")
    func leftoversInDataAreRemoved() async throws {
        let (site, output) = try await Self.site()
        let data = site.appendingPathComponent("data")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        let dead = data.appendingPathComponent(".cats.json.tmp-2147483646-12345")
        let live = data.appendingPathComponent(".cats.json.tmp-\(getpid())-12345")
        let oldFoundation = data.appendingPathComponent(".dat.nosyncA1b2")
        let freshFoundation = data.appendingPathComponent(".dat.nosyncC3d4")
        let mine = data.appendingPathComponent(".notes.tmp")
        for file in [dead, live, oldFoundation, freshFoundation, mine] { try Data("{".utf8).write(to: file) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: oldFoundation.path)
        try await Self.build(site, output)
        #expect(!FileManager.default.fileExists(atPath: dead.path))
        #expect(!FileManager.default.fileExists(atPath: oldFoundation.path))
        #expect(FileManager.default.fileExists(atPath: live.path), "a running process's")
        #expect(FileManager.default.fileExists(atPath: freshFoundation.path), "possibly being written")
        #expect(FileManager.default.fileExists(atPath: mine.path), "not a temporary file's name")
        let ignored = SiteScaffold.gitignore.split(separator: "\n")
        #expect(ignored.contains("data/.*.tmp-*") && ignored.contains("data/.dat.nosync*"))
    }

    // MARK: Support

    /// Runs `script` with `bash -c` (for process substitution) and `arguments` as $1….
    static func shell(_ script: String, _ arguments: String...) async throws -> TestSupport.Run {
        try await TestSupport.spawn(["-c", script, "bash"] + arguments, in: FileManager.default.temporaryDirectory, executable: URL(fileURLWithPath: "/bin/bash"))
    }
}
