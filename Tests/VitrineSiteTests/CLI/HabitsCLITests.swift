import Foundation
import Testing

@testable import VitrineKitTests

/// Issue 38, item 6: the command line meets the habits of Hugo and Zola users — aliases,
/// "did you mean …?", `-b`, a serve that knows its port before it builds, and usage errors
/// that exit 64 in every command.
@Suite("CLI habits")
struct HabitsCLITests {
    /// A folder holding `site`, made by `vitrine new` (GIPHY, no baseURL).
    static func site() async throws -> URL {
        let folder = try TestSupport.temporaryDirectory()
        let made = try await TestSupport.spawn(["new", "site", "--source", "giphy", "--quiet"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        return folder
    }

    @Test func aliasesOfOtherGenerators() async throws {
        let folder = try await Self.site()
        let server = try await TestSupport.spawn(["server", "--help"], in: folder)
        #expect(server.status == 0)
        #expect(server.stdout.contains("USAGE: vitrine serve"), "\(server.stdout)")
        let list = try await TestSupport.spawn(["favorites", "ls", "site"], in: folder)
        #expect(list.status == 0, "\(list.stderr)")
        let remove = try await TestSupport.spawn(["favorites", "rm", "giphy:nothere", "site"], in: folder)
        #expect(remove.stderr.contains("'giphy:nothere' is not in"), "\(remove.stderr)")
    }

    @Test(
        arguments: [
            (["bild", "site"], "error: unknown command 'bild' for 'vitrine'. Did you mean 'build'?"),
            (["serv", "site"], "error: unknown command 'serv' for 'vitrine'. Did you mean 'serve'?"),
            (["favorites", "lst", "site"], "error: unknown command 'lst' for 'vitrine favorites'. Did you mean 'list'?"),
            (["build", "--baseURL", "https://example.org/", "site"], "error: unknown option '--baseURL'. Did you mean '--base-url'?"),
            (["build", "--base_url=https://example.org/", "site"], "error: unknown option '--base_url'. Did you mean '--base-url'?"),
            (["serve", "--bind", "0.0.0.0", "site"], "error: unknown option '--bind'. Did you mean '--host'?"),
            (["build", "-d", "out", "site"], "error: unknown option '-d'. Did you mean '--output'?"),
            (["build", "--ofline", "site"], "error: unknown option '--ofline'. Did you mean '--offline'?"),
        ]
    )
    func mistypesGetASuggestionAndExit64(arguments: [String], message: String) async throws {
        let folder = try await Self.site()
        let run = try await TestSupport.spawn(arguments, in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1, "one line: \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/public").path))
    }

    @Test func valuesThatLookLikeOptionsAreNotMistakes() async throws {
        let folder = try await Self.site()
        // `-1` is the value of --jobs (the parser's own message), `help` the parser's command.
        let jobs = try await TestSupport.spawn(["build", "--jobs", "-1", "site"], in: folder)
        #expect(jobs.stderr.contains("--jobs must be between 1 and 256"), "\(jobs.stderr)")
        #expect(try await TestSupport.spawn(["help", "build"], in: folder).status == 0)
    }

    @Test func shortFlagsRunTogetherAreTakenAsTheParserTakesThem() async throws {
        let folder = try await Self.site()
        let run = try await TestSupport.spawn(["build", "-qo", "out", "site", "--offline"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/index.html").path))
    }

    /// A stale key in the environment stops no offline build: nothing is sent.
    @Test func anOfflineBuildIgnoresKeys() async throws {
        let folder = try await Self.site()
        let run = try await TestSupport.spawn(["build", "site", "--offline", "--quiet"], in: folder, environment: ["GOOGLE_BOOKS_API_KEY": "short"])
        #expect(run.status == 0, "\(run.stderr)")
        let online = try await TestSupport.spawn(["build", "site", "--quiet"], in: folder, environment: ["GOOGLE_BOOKS_API_KEY": "short"])
        #expect(online.status == 64, "\(online.stderr)")
        #expect(online.stderr.contains("GOOGLE_BOOKS_API_KEY is not a usable key: it is 5 characters long"), "\(online.stderr)")
    }

    @Test func shortBaseURL() async throws {
        let folder = try await Self.site()
        let run = try await TestSupport.spawn(["build", "-b", "https://example.org/cats/", "site", "--offline", "--quiet"], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let sitemap = try String(contentsOf: folder.appendingPathComponent("site/public/sitemap.xml"), encoding: .utf8)
        #expect(sitemap.contains("https://example.org/cats/"))
    }

    @Test(
        arguments: [
            ["build", "--base-url", "ftp://x", "site"],
            ["favorites", "add", "nope:1", "site"],
            ["new", "other", "--base-url", "ftp://x"],
        ]
    )
    func usageErrorsExit64InEveryCommand(arguments: [String]) async throws {
        let folder = try await Self.site()
        let run = try await TestSupport.spawn(arguments, in: folder)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.lowercased().hasPrefix("error: "), "\(run.stderr)")
    }

    /// A listening socket on `port` of 127.0.0.1 (0: any free one) and its port, or nil
    /// when another process has that port.
    static func occupy(_ port: UInt16) -> (socket: Int32, port: UInt16)? {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && listen(socket, 1) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        guard bound else {
            close(socket)
            return nil
        }
        return (socket, UInt16(bigEndian: address.sin_port))
    }

    @Test func aBusyPortIsKnownBeforeTheBuild() async throws {
        let folder = try await Self.site()
        let held = try #require(Self.occupy(0))
        defer { close(held.socket) }
        let run = try await TestSupport.spawn(["serve", "site", "--port", "\(held.port)"], in: folder)
        #expect(run.status == 1)
        let message =
            "error: serve on 127.0.0.1:\(held.port): port \(held.port) is already in use (another vitrine serve?); "
            + "choose another with --port, or --port 0 for any free port\n"
        #expect(run.stderr == message, "nothing built first: \(run.stderr)")
    }

    /// With no --port, a taken 8080 gives way to the next free port, said once.
    @Test func theDefaultPortGivesWayToTheNextFreeOne() async throws {
        let folder = try await Self.site()
        let held = Self.occupy(8080)  // nil: another process has it, which serves as well
        defer { if let held { close(held.socket) } }
        let process = Process()
        process.executableURL = TestSupport.binary
        process.arguments = ["serve", "site", "--offline", "--quiet"]
        process.currentDirectoryURL = folder
        let (out, err) = (Pipe(), Pipe())
        (process.standardOutput, process.standardError, process.standardInput) = (out, err, FileHandle.nullDevice)
        try process.run()
        // However serve behaves, the test ends: stopped after a minute.
        DispatchQueue.global().asyncAfter(deadline: .now() + 60) { if process.isRunning { process.terminate() } }
        // Read on a thread of its own, never on Swift's pool.
        let (lines, stderr) = try await TestSupport.offPool {
            var lines = ""
            while !lines.contains("Ctrl-C"), process.isRunning {
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                lines += String(decoding: chunk, as: UTF8.self)
            }
            process.interrupt()
            process.waitUntilExit()
            return (lines, String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
        }
        #expect(lines.hasPrefix("serving site at http://127.0.0.1:"), "\(lines)")
        #expect(!lines.hasPrefix("serving site at http://127.0.0.1:8080/"), "\(lines)")
        #expect(lines.hasSuffix("\nPress Ctrl-C to stop.\n"), "\(lines)")
        #expect(stderr.hasPrefix("port 8080 is in use; serving on port 80"), "\(stderr)")
    }
}
