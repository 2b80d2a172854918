import Foundation
import Testing
import VitrineTemplate

@testable import VitrineKit
@testable import VitrineKitTests

/// Issue 33, items 7, 8 and 15: templates nested without bound and numbers past their range
/// are one line and a non-zero exit, never a crash; a deep chain of distinct partials says
/// it is deep, not a cycle.
@Suite("hostile input: limits")
struct EdgeLimitsTests {
    /// A site (`vitrine new`) with `files` written into its templates folder.
    static func site(templates files: [String: String]) async throws -> URL {
        let folder = try TestSupport.temporaryDirectory()
        let made = try await TestSupport.spawn(["new", "site", "--source", "giphy"], in: folder)
        #expect(made.status == 0, "\(made.stderr)")
        let templates = folder.appendingPathComponent("site/templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: templates.appendingPathComponent(name)) }
        return folder
    }

    /// 5,000 nested sections in a template no page uses crashed `build` and `check` (SIGSEGV).
    @Test(arguments: ["build", "check"])
    func deeplyNestedSectionsAreOneLineNotACrash(command: String) async throws {
        let deep = String(repeating: "{{#a}}", count: 5000) + String(repeating: "{{/a}}", count: 5000)
        let folder = try await Self.site(templates: ["deep.mustache": deep])
        let run = try await TestSupport.offPool { try TestSupport.run([command, "site", "--quiet"], in: folder) }
        #expect(run.status == 1, "\(run.stderr)")
        // The 101st `{{#a}}` starts at column 601.
        let line = "site/templates/deep.mustache:1:601: template error: sections, parents and blocks nested deeper than 100"
        #expect(run.stderr.split(separator: "\n").contains { $0.hasSuffix(line) }, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/public/index.html").path))
    }

    @Test func nestingUpToTheLimitParsesAndRenders() async throws {
        let text = String(repeating: "{{#a}}", count: 100) + "x" + String(repeating: "{{/a}}", count: 100)
        let library = try TemplateLibrary(["deep": text])
        #expect(try library.render("deep", .object(TemplateObject([("a", .bool(true))]))) == Array("x".utf8))
        let blocks = String(repeating: "{{$b}}", count: 101) + String(repeating: "{{/b}}", count: 101)
        #expect(throws: TemplateError.syntax(template: "deep", line: 1, column: 601, message: "sections, parents and blocks nested deeper than 100")) {
            try TemplateLibrary(["deep": blocks])
        }
    }

    /// A chain of distinct partials deeper than the limit was called a cycle.
    @Test func aDeepChainOfDistinctPartialsIsTooDeepNotACycle() async throws {
        var sources = ["p70": "end"]
        for index in 0..<70 { sources["p\(index)"] = "{{>p\(index + 1)}}" }
        let library = try TemplateLibrary(sources)
        #expect(throws: TemplateError.tooDeep((0...64).map { "p\($0)" })) { try library.render("p0", .object(TemplateObject([]))) }
        #expect(TemplateError.tooDeep((0...64).map { "p\($0)" }).description == "templates nested deeper than 64: p0 → p1 → … → p63 → p64")
        // Sixty-four templates deep renders.
        #expect(try library.render("p7", .object(TemplateObject([]))) == Array("end".utf8))
    }

    @Test func aDeepChainOfPartialsFailsTheBuildSayingHowDeep() async throws {
        var files = ["cell.mustache": "{{>p0}}\n", "p80.mustache": "end\n"]
        for index in 0..<80 { files["p\(index).mustache"] = "{{>p\(index + 1)}}\n" }
        let folder = try await Self.site(templates: files)
        let run = try await TestSupport.offPool { try TestSupport.run(["build", "site", "--quiet"], in: folder) }
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("template error: templates nested deeper than 64: "), "\(run.stderr)")
        #expect(run.stderr.contains(" → … → site/templates/p"), "\(run.stderr)")
        #expect(!run.stderr.contains("without end"), "\(run.stderr)")
    }

    /// `--cache-max-age 2562047788015216h` trapped (SIGILL, arithmetic overflow).
    @Test(
        arguments: [
            (["--cache-max-age", "2562047788015216h"], "--cache-max-age must look like 90s, 30m, 6h or 1d, at most 365d"),
            (["--cache-max-age", "9223372036854775807"], "--cache-max-age must look like"),
            (["--cache-max-age", "366d"], "--cache-max-age must look like"),
            (["--cache-max-age", "365d"], ""),
            (["--timeout", "9223372036854775807"], "--timeout must be between 1 and 600 seconds"),
            (["--jobs", "100000000"], "--jobs must be between 1 and 256"),
            (["--lock-timeout", "1e308"], "--lock-timeout must be between 0 and 86400 seconds"),
            (["--lock-timeout", "nan"], "--lock-timeout must be between 0 and 86400 seconds"),
        ]
    )
    func numbersPastTheirRangeAreUsageErrors(flags: [String], message: String) async throws {
        let folder = try await Self.site(templates: [:])
        let run = try await TestSupport.offPool { try TestSupport.run(["build", "site", "--offline", "--quiet"] + flags, in: folder) }
        if message.isEmpty {
            #expect(run.status == 0, "the longest value is accepted: \(run.stderr)")
            return
        }
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("site/public").path))
    }
}
