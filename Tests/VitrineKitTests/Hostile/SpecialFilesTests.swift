import Foundation
import Testing

@testable import VitrineKit

/// A named pipe, a device or a link to one where a site keeps a file: opening a pipe to read
/// waits for a writer, and `/dev/zero` never ends, so either hung the build — beyond Ctrl-C,
/// since the thread waited in the kernel. Now no input is waited on or read without end: one
/// line names the file, and the previous site stays as it was.
@Suite("hostile input: pipes and devices in a file's place")
struct SpecialFilesTests {
    static let refusal = "is not a regular file (a named pipe, socket or device); a file was expected here"

    /// Makes a named pipe at `path`, with a watchdog: should a regression open it to read
    /// and wait for a writer, the pipe is opened for writing 20 s later and closed, so the
    /// waiting build reads an empty file and the test fails instead of hanging the run (a
    /// thread waiting in the kernel outlives the test's time limit).
    static func makePipe(_ path: String) throws {
        try #require(mkfifo(path, 0o644) == 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 20) {
            let fd = open(path, O_RDWR | O_NONBLOCK | O_CLOEXEC)
            if fd >= 0 { close(fd) }
        }
    }

    /// A fixture site whose file at `relative` is a named pipe (`pipe`) or a link to `/dev/zero`.
    static func replace(_ relative: String, in site: URL, with replacement: String) throws {
        let url = site.appendingPathComponent(relative)
        try? FileManager.default.removeItem(at: url)
        if replacement == "pipe" {
            try makePipe(url.path)
        } else {
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: replacement)
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["pipe", "/dev/zero"])
    func favoritesThatAreNotAFileAreRefusedByBuildAndByTheStore(_ replacement: String) async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        try Self.replace("favorites.json", in: site, with: replacement)
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
        let error = await #expect(throws: VitrineError.self) { try await TestSupport.build(site, output: output) }
        #expect(error?.message.contains("site/favorites.json: \(Self.refusal)") == true, "\(String(describing: error))")
        #expect(!FileManager.default.fileExists(atPath: output.path))

        // `favorites add` and the serve star read it under their lock the same way.
        let store = FavoritesStore(url: site.appendingPathComponent("favorites.json"), label: "site/favorites.json", jobs: 2)
        let storeError = #expect(throws: VitrineError.self) { try store.read() }
        #expect(storeError?.message == "site/favorites.json: \(Self.refusal)")
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["pipe", "/dev/zero"])
    func aRebuildWithASnapshotThatIsNotAFileKeepsThePreviousSite(_ replacement: String) async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        let before = try TestSupport.tree(output)
        // The inputs are compared first (their stamps and digests), then read.
        try Self.replace("data/gifs.json", in: site, with: replacement)
        let error = await #expect(throws: VitrineError.self) { try await TestSupport.build(site, output: output) }
        #expect(error?.message.contains("site/data/gifs.json: \(Self.refusal)") == true, "\(String(describing: error))")
        #expect(try TestSupport.tree(output) == before)
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["pipe", "/dev/zero"])
    func aStaticLinkToAPipeOrDeviceIsRefused(_ target: String) async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let staticFolder = site.appendingPathComponent("static")
        try FileManager.default.createDirectory(at: staticFolder, withIntermediateDirectories: true)
        var destination = target
        if target == "pipe" {
            destination = try TestSupport.temporaryDirectory().appendingPathComponent("pipe").path
            try Self.makePipe(destination)
        }
        try FileManager.default.createSymbolicLink(atPath: staticFolder.appendingPathComponent("robots.txt").path, withDestinationPath: destination)
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
        let error = await #expect(throws: VitrineError.self) { try await TestSupport.build(site, output: output) }
        #expect(error?.message.contains("site/static/robots.txt: is a symbolic link to a pipe, socket or device") == true, "\(String(describing: error))")
    }

    @Test(.timeLimit(.minutes(1))) func wholeFileReadsTakeRegularFilesOnly() throws {
        let folder = try TestSupport.temporaryDirectory()
        let pipe = folder.appendingPathComponent("pipe").path
        try Self.makePipe(pipe)
        #expect(FileBytes.read(atPath: pipe) == nil)
        #expect(FileBytes.read(atPath: "/dev/zero") == nil)
        #expect(throws: VitrineError.self) { try FileBytes.input(atPath: pipe, label: "pipe") }
        var stamps = InputStamps()
        #expect(stamps.digest(ofFileAt: pipe) == .unreadable)
        #expect(stamps.digest(ofFileAt: "/dev/zero") == .unreadable)
    }

    /// `vitrine check` reads a site's translation the same way.
    @Test(.timeLimit(.minutes(1)), arguments: ["pipe", "/dev/zero"])
    func checkRefusesATranslationThatIsNotAFile(_ replacement: String) throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        try FileManager.default.createDirectory(at: site.appendingPathComponent("i18n"), withIntermediateDirectories: true)
        try Self.replace("i18n/en.yml", in: site, with: replacement)
        let check = SiteCheck(options: BuildOptions(site: site, siteLabel: "site"))
        let error = #expect(throws: VitrineError.self) { try check.translationWarnings(language: "en") }
        #expect(error?.message == "site/i18n/en.yml: \(Self.refusal)")
    }

    /// Opened without waiting, then read as ever: a regular file's bytes, whole; a path
    /// through a file (`favorites.json/x`) is no file, as a missing one.
    @Test func aRegularFileReadsWholeAndAPathThroughAFileIsNoFile() throws {
        let folder = try TestSupport.temporaryDirectory()
        let file = folder.appendingPathComponent("big.json")
        let bytes = Data((0..<(3 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try bytes.write(to: file)
        #expect(try FileBytes.input(atPath: file.path, label: "big.json") == bytes)
        #expect(try FileBytes.input(atPath: file.path + "/x", label: "x") == nil)
        #expect(try FileBytes.input(atPath: folder.appendingPathComponent("missing").path, label: "missing") == nil)
    }
}
