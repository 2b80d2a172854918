import Foundation
import Testing

@testable import VitrineKitTests

/// What the built binary prints for hostile input: one plain line, no escape sequence.
@Suite("hostile input: CLI")
struct HostileCLITests {
    @Test func aNegativeJobsCountIsAProperUsageError() async throws {
        let folder = try TestSupport.temporaryDirectory()
        let run = try await TestSupport.offPool { try TestSupport.run(["build", "site", "--jobs", "-1"], in: folder) }
        #expect(run.status == 64)
        #expect(run.stderr.contains("--jobs must be between 1 and 256"))
        #expect(!run.stderr.contains("Missing value"))
    }

    /// Titles with clear-screen and window-title sequences, CR and LF reach no terminal.
    @Test func favoritesAndBuildPrintNoEscapeSequence() async throws {
        let site = try TestSupport.copySite(HostileSiteTests.site)
        let folder = site.deletingLastPathComponent()
        let list = try await TestSupport.offPool { try TestSupport.run(["favorites", "list", "site"], in: folder) }
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout.contains("Fav]0;title warning: fake"))
        #expect(list.stdout.split(separator: "\n").count == 4, "a header and three rows: \(list.stdout)")
        let remove = try await TestSupport.offPool { try TestSupport.run(["favorites", "remove", "tmdb:99", "site"], in: folder) }
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(remove.stdout == "removed tmdb:99 “Fav]0;title warning: fake” (2/10)\n")
        let build = try await TestSupport.offPool { try TestSupport.run(["build", "site", "--quiet"], in: folder) }
        #expect(build.status == 0, "\(build.stderr)")
        #expect(build.stderr.contains("warning: site/catalog.json:34:10: items[3].id 'dup' repeats items[2].id"))
        for output in [list.stdout, list.stderr, remove.stdout, build.stdout, build.stderr] {
            #expect(!output.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" || (0x7F...0x9F).contains($0.value) })
        }
    }
}
