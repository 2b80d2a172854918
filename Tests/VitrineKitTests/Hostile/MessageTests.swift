import Foundation
import Logging
import NIOCore
import Testing

@testable import VitrineKit

/// Say it once, say where: each of these used to be a dump, a raw error type or a silence.
@Suite("hostile input: messages")
struct MessageTests {
    @Test func aDuplicateYAMLKeyNamesItsLineNotTheFile() throws {
        let text = "title: One\nlanguage: en\ntitle: Two\ngalleries: []\n"
        #expect(throws: VitrineError("site.yml:3:1: duplicate key 'title'")) { try SiteConfig.parse(text, file: "site.yml") }
        let nested = "title: x\ngalleries:\n  - name: a\n    source: giphy\n    name: b\n"
        #expect(throws: VitrineError("site.yml:5:5: duplicate key 'name'")) { try SiteConfig.parse(nested, file: "site.yml") }
    }

    @Test func anEmptySiteYmlAsksOnlyForWhatIsRequired() throws {
        #expect(throws: VitrineError("site.yml: the file is empty; it needs at least 'title'")) { try SiteConfig.parse("", file: "site.yml") }
        #expect(try SiteConfig.parse("title: x\n", file: "site.yml").galleries.isEmpty, "galleries are optional")
    }

    @Test func aGalleryNameOver64CharactersSaysSo() throws {
        let name = String(repeating: "a", count: 65)
        #expect {
            try SiteConfig.parse("title: x\ngalleries:\n  - name: \(name)\n    source: giphy\n", file: "site.yml")
        } throws: { error in
            let message = (error as? VitrineError)?.message ?? ""
            return message.hasPrefix("site.yml:3:11: invalid gallery name 'aaaa") && message.hasSuffix("it is 65 characters long; a gallery name has at most 64")
        }
    }

    @Test(arguments: ["favorites.json", "catalog.json"])
    func aFolderWhereAFileShouldBeIsOneClearLine(_ name: String) async throws {
        let site = try TestSupport.temporaryDirectory().appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site.appendingPathComponent(name), withIntermediateDirectories: true)
        try Data("title: x\ngalleries:\n  - name: c\n    source: file\n    path: catalog.json\n".utf8).write(to: site.appendingPathComponent("site.yml"))
        await #expect(throws: VitrineError("site/\(name): is a folder; a file was expected here")) {
            try await TestSupport.build(site, output: site.appendingPathComponent("public"))
        }
    }

    @Test func favoritesCommandsSayAFolderIsAFolder() throws {
        let site = try TestSupport.temporaryDirectory().appendingPathComponent("site")
        try FileManager.default.createDirectory(at: site.appendingPathComponent("favorites.json"), withIntermediateDirectories: true)
        try Data("title: x\n".utf8).write(to: site.appendingPathComponent("site.yml"))
        #expect(throws: VitrineError("site/favorites.json: is a folder; a file was expected here")) {
            try FavoritesService(options: BuildOptions(site: site, siteLabel: "site")).list()
        }
    }

    @Test(arguments: [
        ("screen1136x1136.jpeg", 1136, 1136), ("screen568x568.jpeg", 568, 568), ("392x696bb.jpg", 392, 696),
    ])
    func oldAppStoreScreenshotNamesGiveASize(_ name: String, _ width: Int, _ height: Int) throws {
        let size = try #require(AppStoreDecoder.size(inPath: "https://a1.mzstatic.com/us/r30/Purple/\(name)"))
        #expect(size == (width, height))
    }

    @Test func aBusyPortIsSaidInWords() {
        let error = SiteServer.describe(IOError(errnoCode: EADDRINUSE, reason: "bind(descriptor:ptr:bytes:)"), host: "127.0.0.1", port: 8080)
        #expect(error.message == "serve on 127.0.0.1:8080: port 8080 is already in use (another vitrine serve?); choose another with --port, or --port 0 for any free port")
    }

    @Test func aServeOnAPortInUseFailsWithThatLine() async throws {
        let server = try await StubServer.start { _ in .json("{}") }
        defer { Task { await server.stop() } }
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let options = ServeOptions(build: BuildOptions(site: site, siteLabel: "site", jobs: 2), port: server.baseURL.port!)
        var logger = Logger(label: "serve-test")
        logger.logLevel = .critical
        await #expect {
            try await SiteServer(options: options, logger: logger).run { _ in }
        } throws: { error in
            (error as? VitrineError)?.message.contains("is already in use") == true
        }
    }

    @Test func anOversizedAPIResponseIsSaidInWords() async throws {
        let big = Data(repeating: UInt8(ascii: " "), count: AsyncHTTPClientTransport.maxBodyBytes + 1)
        let server = try await StubServer.start { _ in StubServer.Reply(body: big) }
        defer { Task { await server.stop() } }
        let transport = AsyncHTTPClientTransport()
        defer { Task { await transport.shutdown() } }
        await #expect {
            _ = try await transport.send(HTTPRequest(url: server.baseURL.appendingPathComponent("v1/gifs/search")))
        } throws: { error in
            "\(error)" == "the response from 127.0.0.1:\(server.port) is larger than 32 MB, far more than an API page; refused"
        }
    }

    // MARK: Searches

    static let cats = "  - name: cats\n    source: giphy\n    query: cats\n"

    @Test func aRefreshThatEmptiesAGalleryWarnsAndStrictFails() async throws {
        let server = try await FaultTests.scripted([
            .json(StubBodies.giphy(offset: 0, count: 5, total: 5)),
            .json(StubBodies.giphy(offset: 0, count: 0, total: 0)),
        ])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        try await site.build(site.options())
        let today = String(RFC3339.string(from: Date()).prefix(10))
        let line = "fetch 'cats' (giphy): the search returned 0 results; the snapshot of \(today) has 5 items"
        await #expect(throws: VitrineError(line + "; --strict", kind: .remote)) {
            try await site.build(site.options(.refresh, strict: true, cacheMaxAge: .zero))
        }
        #expect(try site.snapshot("cats").items.count == 5, "--strict keeps the snapshot")
        let logs = LogCapture()
        try await site.build(site.options(.refresh, cacheMaxAge: .zero), logs: logs)
        #expect(logs.all.contains("warning: \(line); replaced it with an empty result"))
    }

    @Test func aFailedSearchWithNoSnapshotIsSaidOnce() async throws {
        let server = try await FaultTests.scripted([.json(#"{"message":"Invalid authentication credentials"}"#, status: 403)])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        let logs = LogCapture()
        let line = "fetch 'cats' (giphy): HTTP 403 from 127.0.0.1:\(server.port): Invalid authentication credentials; no snapshot to fall back on"
        await #expect(throws: VitrineError(line, kind: .remote)) { try await site.build(site.options(), logs: logs) }
        #expect(!logs.all.contains { $0.contains("Invalid authentication credentials") }, "not also a warning before the error")
    }

    @Test func absurdNumbersFromAnAPIAreLeftOutOfTheSnapshotWithAWarning() async throws {
        let body = StubBodies.giphy(offset: 0, count: 1, total: 1)
            .replacingOccurrences(of: #""width":"200""#, with: #""width":"1e18""#)
            .replacingOccurrences(of: #""title":"Cat 0 GIF""#, with: #""title":"Cat\u001b[2J\u0000 0""#)
        let server = try await FaultTests.scripted([.json(body)])
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: Self.cats)
        try await site.build(site.options())
        let item = try #require(try site.snapshot("cats").items.first)
        #expect(item.title == "Cat[2J 0")
        #expect(item.checked().problems.isEmpty)
    }
}
