import Foundation
import Testing

@testable import VitrineKitTests

/// Runs the built `vitrine` binary and checks what a user sees: exit status, stdout, stderr.
@Suite("vitrine CLI")
struct CLITests {
    @Test func helpListsCommands() async throws {
        let run = try await TestSupport.spawn(["--help"], in: try TestSupport.temporaryDirectory())
        #expect(run.status == 0)
        #expect(run.stdout.contains("build"))
        let build = try await TestSupport.spawn(["build", "--help"], in: try TestSupport.temporaryDirectory())
        #expect(build.status == 0)
        for option in ["--output", "--jobs", "--base-url", "--quiet"] {
            #expect(build.stdout.contains(option), "build --help lacks \(option)")
        }
    }

    @Test func buildWritesTheSiteAndOneSummaryLine() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let run = try await TestSupport.spawn(["build", "site", "--quiet"], in: site.deletingLastPathComponent())
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.isEmpty)
        #expect(run.stderr == "warning: gallery 'apps' (app-store): id 2 not found in the kr store\n")
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("public/index.html").path))

        let loud = try await TestSupport.spawn(["build", "site", "--output", "out"], in: site.deletingLastPathComponent())
        #expect(loud.status == 0)
        #expect(loud.stdout.hasPrefix("wrote 20 pages and 10 other files ("))
        #expect(loud.stdout.contains(" to out in "))
        #expect(loud.stderr.contains("render pages:"))
        // Not a terminal: plain lines, no redraws or colour.
        #expect(!loud.stderr.contains("\u{1B}") && !loud.stderr.contains("\r"))
    }

    @Test func aConfigErrorIsOneLineNamingFileLineAndKey() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let yml = site.appendingPathComponent("site.yml")
        let text = try String(contentsOf: yml, encoding: .utf8).replacingOccurrences(of: "    query: cats\n", with: "    qurey: cats\n")
        try Data(text.utf8).write(to: yml)
        let run = try await TestSupport.spawn(["build", "site"], in: site.deletingLastPathComponent())
        #expect(run.status == 1)
        #expect(run.stderr == "error: site/site.yml:13:5: unknown key 'qurey' in galleries[0] (did you mean 'query'?)\n")
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("public").path))
    }

    @Test func aMissingSiteIsReported() async throws {
        let run = try await TestSupport.spawn(["build", "nowhere"], in: try TestSupport.temporaryDirectory())
        #expect(run.status == 1)
        #expect(run.stderr == "error: nowhere: no such site folder\n")
    }

    @Test func badFlagsAreUsageErrors() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let jobs = try await TestSupport.spawn(["build", "--jobs", "0"], in: folder)
        #expect(jobs.status == 64)
        #expect(jobs.stderr.contains("--jobs must be between 1 and 256"))
        let both = try await TestSupport.spawn(["build", "--quiet", "--verbose"], in: folder)
        #expect(both.status == 64)
        let unknown = try await TestSupport.spawn(["build", "--frobnicate"], in: folder)
        #expect(unknown.status == 64)
    }
}
