import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The exit status comes from the error's kind, in one place (issue 34, item 6): for every
/// command a usage error exits 64 and changes nothing, failed work exits 1, success 0; a
/// build stopped by a signal exits 128 + the signal. `vitrine --help` and
/// docs/exit-status.md carry the table.
@Suite("exit status")
struct ExitStatusTests {
    /// The binary with only PATH and HOME: no key or endpoint of the machine's environment.
    func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) async throws -> TestSupport.Run {
        try await LiveCLITests.spawn(arguments, in: folder, environment: environment)
    }

    /// Expects every command line to exit with `status`, each named when it does not.
    func expect(
        _ status: Int32, _ commands: [[String]], in folder: URL, environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        for arguments in commands {
            let run = try await run(arguments, in: folder, environment: environment)
            #expect(run.status == status, "vitrine \(arguments.joined(separator: " ")): \(run.stderr)", sourceLocation: sourceLocation)
            #expect(run.stderr.count(where: { $0 == "\n" }) <= 3, "a short message: \(run.stderr)", sourceLocation: sourceLocation)
        }
    }

    /// A folder holding `site`, made by `vitrine new` (it builds offline from a sample snapshot).
    func newSite() async throws -> URL {
        let folder = try TestSupport.temporaryDirectory("vitrine-exit")
        let made = try await run(["new", "site", "--quiet"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        return folder
    }

    @Test func usageErrorsExit64AndChangeNothingForEveryCommand() async throws {
        let folder = try await newSite()
        let before = try TestSupport.tree(folder)
        try await expect(
            64,
            [
                ["bild", "site"], ["--frobnicate"],
                ["build", "site", "--jobs", "0"], ["build", "site", "--base-url", "ftp://x"], ["build", "site", "--offline", "--refresh"],
                ["check", "site", "--quiet", "--verbose"],
                ["new", "fresh", "--source", "nope"],
                ["serve", "site", "--port", "70000"], ["serve", "site", "--host", ""],
                ["favorites", "add", "nope:1", "site", "--offline"], ["favorites", "add", "giphy:x", "site", "--rating", "9", "--offline"],
                ["favorites", "remove", "bad id!", "site"],
                ["favorites", "list", "site", "--quiet", "--verbose"],
                ["favorites", "edit", "giphy:x", "site"],
                ["favorites", "move", "giphy:x", "site"], ["favorites", "move", "giphy:x", "site", "--top", "--bottom"],
                ["theme", "export", "site", "--quiet", "--verbose"], ["theme", "frobnicate"],
                ["search", "giphy", "cats", "--page", "0"], ["search", "nope", "cats"], ["search", "giphy", "cats"],
                ["diff", "site", "--quiet", "--verbose"],
            ],
            in: folder
        )
        #expect(try TestSupport.tree(folder) == before, "a usage error changes nothing")
    }

    /// A value of the environment the command reads as part of its command line is a usage
    /// error too: one line, as every other error, never the argument parser's usage text.
    @Test func anEndpointOrKeyInTheEnvironmentThatCannotBeOneExits64InOneLine() async throws {
        let folder = try await newSite()
        let endpoint = try await run(["build", "site", "--refresh"], in: folder, environment: ["VITRINE_GIPHY_URL": "ftp://x"])
        #expect(endpoint.status == 64)
        #expect(endpoint.stderr == "error: VITRINE_GIPHY_URL must be an http(s) URL, got 'ftp://x'\n")
        let key = try await run(["favorites", "add", "giphy:x", "site"], in: folder, environment: ["GIPHY_API_KEY": "a secret key"])
        #expect(key.status == 64)
        #expect(key.stderr.hasPrefix("error: GIPHY_API_KEY is not a usable key: it has a space"), "\(key.stderr)")
        #expect(!key.stderr.contains("secret"))
        let search = try await run(["search", "giphy", "cats"], in: folder, environment: ["VITRINE_GIPHY_URL": "nowhere"])
        #expect(search.status == 64)
        #expect(search.stderr == "error: VITRINE_GIPHY_URL must be an http(s) URL, got 'nowhere'\n")
    }

    @Test func failedWorkExits1ForEveryCommand() async throws {
        let folder = try await newSite()
        try await expect(
            1,
            [
                ["build", "nowhere"],
                ["check", "nowhere"],
                ["new", "site"],
                ["serve", "nowhere", "--port", "0", "--offline"],
                ["favorites", "add", "giphy:x", "nowhere", "--offline"],
                ["favorites", "remove", "giphy:zz", "site"],
                ["favorites", "list", "nowhere"],
                ["favorites", "edit", "giphy:zz", "site", "--rating", "4"],
                ["favorites", "move", "giphy:zz", "site", "--top"],
                ["theme", "export", "nowhere"],
                ["diff", "nowhere"],
            ],
            in: folder
        )
        // An API that refuses the key: the search failed, the command line was right.
        let server = try await StubServer.start { _ in .json(#"{"message":"Invalid authentication credentials"}"#, status: 401) }
        defer { Task { await server.stop() } }
        let environment = ["VITRINE_GIPHY_URL": server.baseURL.absoluteString, "GIPHY_API_KEY": "giphy-plausible-key"]
        try await expect(1, [["search", "giphy", "cats", "--cache-dir", "cache"]], in: folder, environment: environment)
    }

    @Test func successExits0ForEveryCommand() async throws {
        let folder = try await newSite()
        let snapshot = try JSONDecoder().decode(Snapshot.self, from: Data(contentsOf: folder.appendingPathComponent("site/data/cats.json")))
        let id = try #require(snapshot.items.first?.id.description)
        try await expect(
            0,
            [
                ["--help"], ["build", "--help"],
                ["build", "site", "--offline", "--quiet"],
                ["check", "site", "--quiet"],
                ["favorites", "add", id, "site", "--offline"],
                ["favorites", "list", "site"],
                ["favorites", "edit", id, "site", "--rating", "4"],
                ["favorites", "move", id, "site", "--top"],
                ["favorites", "remove", id, "site"],
                ["theme", "export", "site", "cell"],
                ["diff", "site"],
            ],
            in: folder
        )
    }

    /// `serve` runs until it is stopped: SIGTERM (as Ctrl-C) ends it with 0.
    @Test func serveStoppedBySIGTERMExits0() async throws {
        let folder = try await newSite()
        let (process, out, _) = try Self.start(["serve", "site", "--port", "0", "--offline"], in: folder)
        let serving = try await TestSupport.offPool { out.fileHandleForReading.availableData }
        #expect(String(decoding: serving, as: UTF8.self).hasPrefix("serving site at http://127.0.0.1:"))
        kill(process.processIdentifier, SIGTERM)
        try await TestSupport.offPool { process.waitUntilExit() }
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
    }

    /// A build stopped while its search waits for the API: 128 + the signal, one line, and
    /// nothing published. (SIGINT → 130 is `NetworkMessagesTests`'s Ctrl-C test; the kill
    /// loop of `InterruptionTests` stops builds at random moments with both.)
    @Test func aBuildStoppedBySIGTERMExits143() async throws {
        let server = try await StubServer.start { _ in .json(StubBodies.giphy(offset: 0, count: 3, total: 3), delay: .seconds(20)) }
        defer { Task { await server.stop() } }
        let site = try FetchTestSite(server: server, galleries: "  - name: cats\n    source: giphy\n    query: cats\n    limit: 3\n")
        let environment = ["VITRINE_GIPHY_URL": server.baseURL.absoluteString, "GIPHY_API_KEY": "giphy-plausible-key"]
        let (process, _, err) = try Self.start(["build", "site", "--refresh"], in: site.folder.deletingLastPathComponent(), environment: environment)
        // The search is waiting for its answer: that is when the signal comes.
        var polls = 0
        while await server.received().isEmpty, polls < 1500 {
            polls += 1
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(await server.received().count == 1)
        kill(process.processIdentifier, SIGTERM)
        let stderr = try await TestSupport.offPool {
            let data = err.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self)
        }
        #expect(process.terminationReason == .exit && process.terminationStatus == 143, "\(stderr)")
        #expect(stderr == "interrupted (SIGTERM): site/public was left as it was\n")
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    /// Starts the binary with only PATH, HOME and `environment`; its output and errors piped.
    static func start(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> (Process, Pipe, Pipe) {
        let process = Process()
        process.executableURL = TestSupport.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ["PATH": "/usr/bin:/bin", "HOME": folder.path].merging(environment) { $1 }
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, out, err)
    }

    /// The table is where a user looks: at the end of `vitrine --help`, and in
    /// docs/exit-status.md as the help prints it.
    @Test func theHelpAndTheDocsCarryTheTable() async throws {
        let help = try await run(["--help"], in: try TestSupport.temporaryDirectory())
        let start = try #require(help.stdout.range(of: "Exit status:\n"), "\(help.stdout)")
        let table = String(help.stdout[start.lowerBound...]).components(separatedBy: "\n\n")[0]
        for status in ["0", "1", "64", "130"] {
            #expect(table.contains("\n  \(status) "), "--help names exit status \(status): \(table)")
        }
        #expect(table.contains("143 by SIGTERM") && table.contains("2 with build --detailed-exitcode"))
        let docs = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent("docs/exit-status.md"), encoding: .utf8)
        #expect(docs.contains(table), "docs/exit-status.md shows the table of vitrine --help")
    }

    /// Two errors are the same when a user reads the same line and it ends the command the
    /// same way: a usage error is not equal to a refusal with the same words.
    @Test func errorsOfAnotherKindAreNotEqual() {
        #expect(VitrineError("x", kind: .usage) == VitrineError("x", kind: .usage))
        #expect(VitrineError("x", kind: .usage) != VitrineError("x", kind: .refused))
        #expect(VitrineError("x", kind: .usage) != VitrineError("y", kind: .usage))
    }
}
