import Foundation
import Testing

@testable import VitrineKitTests

/// The binary against the stub server, configured only through the environment, as a user would.
@Suite("vitrine CLI: live searches")
struct LiveCLITests {
    /// On a thread of its own (`offPool`): the stub server answers on Swift's pool.
    func run(_ arguments: [String], in folder: URL, environment: [String: String]) async throws -> TestSupport.Run {
        try await Self.spawn(arguments, in: folder, environment: environment)
    }

    /// `runNow` on a thread of its own: what every async test calls. A test that called
    /// `runNow` on the pool would hold one of its (on 2 cores) two threads while the binary
    /// waits for the in-process stub server, whose answers then come late to every suite.
    static func spawn(_ arguments: [String], in folder: URL, environment: [String: String]) async throws -> TestSupport.Run {
        try await TestSupport.offPool { try runNow(arguments, in: folder, environment: environment) }
    }

    static func runNow(_ arguments: [String], in folder: URL, environment: [String: String]) throws -> TestSupport.Run {
        let process = Process()
        process.executableURL = TestSupport.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path].merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return TestSupport.Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func refreshFetchesThroughTheEnvironmentsEndpointsAndReports() async throws {
        let server = try await StubServer.start { request in
            .json(StubBodies.giphy(offset: Int(request.query["offset"] ?? "") ?? 0, count: Int(request.query["limit"] ?? "") ?? 0, total: 30))
        }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  - name: cats\n    source: giphy\n    query: cats\n    limit: 30\n")
        let folder = site.folder.deletingLastPathComponent()
        let environment = ["VITRINE_GIPHY_URL": server.baseURL.absoluteString, "GIPHY_API_KEY": "cli-SECRET"]

        let first = try await run(["build", "site", "--refresh", "--report", "report.json", "--cache-dir", "cache"], in: folder, environment: environment)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("fetch: 'cats' 30 items from GIPHY"))
        #expect(first.stdout.hasPrefix("wrote "))
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("report.json"))) as? [String: Any]
        #expect(report?["requests"] as? Int == 1)
        #expect((report?["galleries"] as? [[String: Any]])?.first?["origin"] as? String == "fetched")

        // Within the cache's max age, a second refresh makes no request.
        let second = try await run(["build", "site", "--refresh", "--quiet", "--report", "report.json", "--cache-dir", "cache"], in: folder, environment: environment)
        #expect(second.status == 0)
        let again = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("report.json"))) as? [String: Any]
        #expect(again?["requests"] as? Int == 0)
        #expect(again?["cacheHits"] as? Int == 1)
        #expect(await server.received().count == 1)
        for output in [first.stdout, first.stderr, second.stdout, second.stderr] { #expect(!output.contains("cli-SECRET")) }
    }

    @Test func aMissingKeyIsOneLineAndExit1() async throws {
        let server = try await StubServer.start { _ in .json("{}") }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  - name: cats\n    source: giphy\n")
        let run = try await run(["build", "site"], in: site.folder.deletingLastPathComponent(), environment: ["VITRINE_GIPHY_URL": server.baseURL.absoluteString])
        #expect(run.status == 1)
        #expect(run.stderr.hasSuffix("error: fetch 'cats' (giphy): GIPHY_API_KEY is not set; no snapshot to fall back on\n"))
    }

    @Test func conflictingNetworkFlagsAreUsageErrors() async throws {
        let folder = try TestSupport.temporaryDirectory()
        #expect(try await run(["build", "--offline", "--refresh"], in: folder, environment: [:]).status == 64)
        #expect(try await run(["build", "--cache-max-age", "soon"], in: folder, environment: [:]).status == 64)
        let badURL = try await run(["build", "nowhere"], in: folder, environment: ["VITRINE_TMDB_URL": "ftp://x"])
        #expect(badURL.status == 64)
        #expect(badURL.stderr.contains("VITRINE_TMDB_URL must be an http(s) URL, got 'ftp://x'"))
    }
}
