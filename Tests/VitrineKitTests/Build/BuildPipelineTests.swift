import Foundation
import Logging
import Testing

@testable import VitrineKit

/// `vitrine build` is the pipeline `BuildStage` declares: the stages run in that order, and
/// a failure says which stage, what kind and where, as facts a caller matches by case.
@Suite("the build pipeline")
struct BuildPipelineTests {
    static func build(_ site: URL, _ change: (inout BuildOptions) -> Void = { _ in }) async throws(VitrineError) -> (BuildSummary, [String]) {
        let capture = LogCapture()
        var options = BuildOptions(site: site, siteLabel: "site", output: site.appendingPathComponent("public"), jobs: 2)
        change(&options)
        let logger = Logger(label: "test") { _ in LogCapture.Handler(capture: capture) }
        let summary = try await SiteBuilder(logger: logger).build(options)
        return (summary, capture.all)
    }

    /// The stages a build logged, in order (`stage: render pages (the pages whose inputs
    /// changed)`), each once.
    static func stages(_ lines: [String]) -> [BuildStage] {
        var stages: [BuildStage] = []
        for line in lines where line.hasPrefix("debug: stage: ") {
            let stage = BuildStage.allCases.first { line == "debug: stage: \($0.rawValue) (\($0.purpose))" }!
            stages.append(stage)
        }
        return stages
    }

    @Test("a first build with --strict and --report runs every stage, in the declared order; an unchanged rebuild stops after comparing inputs")
    func everyStageRunsInItsDeclaredOrder() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        let report = site.deletingLastPathComponent().appendingPathComponent("report.json")
        let (_, lines) = try await Self.build(site) {
            $0.checkLinks = true
            $0.report = report
        }
        #expect(Self.stages(lines) == BuildStage.allCases)

        // Without its one warning (an App Store id not found), a second build can stop early.
        let apps = site.appendingPathComponent("data/apps.json")
        try String(contentsOf: apps, encoding: .utf8).replacingOccurrences(of: #""invalidIDs": ["2"]"#, with: #""invalidIDs": []"#)
            .write(to: apps, atomically: true, encoding: .utf8)
        _ = try await Self.build(site)
        let (again, quiet) = try await Self.build(site)
        #expect(again.inputsUnchanged)
        #expect(Self.stages(quiet) == Array(BuildStage.allCases.prefix(through: BuildStage.allCases.firstIndex(of: .compareInputs)!)))
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        let name: String
        let stage: BuildStage
        let kind: VitrineError.Kind
        /// The file the error names, when it names one.
        let file: String?
        let breakSite: @Sendable (URL) throws -> Void
        var change: @Sendable (inout BuildOptions) -> Void = { _ in }

        var testDescription: String { name }
    }

    static let failures: [Failure] = [
        Failure(name: "site.yml does not parse", stage: .loadConfig, kind: .invalidInput, file: "site/site.yml") { site in
            try "title: [unclosed\n".write(to: site.appendingPathComponent("site.yml"), atomically: true, encoding: .utf8)
        },
        Failure(name: "--base-url is not a URL", stage: .loadConfig, kind: .usage, file: nil, breakSite: { _ in }, change: { $0.baseURL = "ftp://x" }),
        Failure(name: "the output is somebody else's folder", stage: .lockOutput, kind: .output, file: nil) { site in
            let output = site.appendingPathComponent("public")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            try "mine".write(to: output.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        },
        Failure(name: "favorites.json is not JSON", stage: .loadFavorites, kind: .invalidInput, file: "site/favorites.json") { site in
            try "{\"favorites\": [".write(to: site.appendingPathComponent("favorites.json"), atomically: true, encoding: .utf8)
        },
        Failure(name: "a snapshot is missing, offline", stage: .fetch, kind: .missingInput, file: nil) { site in
            try FileManager.default.removeItem(at: site.appendingPathComponent("data/books.json"))
        },
        Failure(name: "a snapshot in another format", stage: .readSite, kind: .invalidInput, file: "site/data/gifs.json") { site in
            let file = site.appendingPathComponent("data/gifs.json")
            try String(contentsOf: file, encoding: .utf8).replacingOccurrences(of: "vitrine-snapshot/1", with: "vitrine-snapshot/0")
                .write(to: file, atomically: true, encoding: .utf8)
        },
        Failure(
            name: "--report names a folder", stage: .lockOutput, kind: .usage, file: nil,
            breakSite: { site in try FileManager.default.createDirectory(at: site.appendingPathComponent("report"), withIntermediateDirectories: true) },
            change: { $0.report = $0.site.appendingPathComponent("report") }),
        Failure(name: "a template override does not parse", stage: .compileTemplates, kind: .invalidInput, file: "site/templates/cell.mustache") { site in
            let templates = site.appendingPathComponent("templates")
            try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
            try "{{#open}} never closed".write(to: templates.appendingPathComponent("cell.mustache"), atomically: true, encoding: .utf8)
        },
        Failure(name: "a content file has a bad front matter", stage: .readSite, kind: .invalidInput, file: "site/content/about.md") { site in
            try "---\ntitle: [\n---\nText\n".write(to: site.appendingPathComponent("content/about.md"), atomically: true, encoding: .utf8)
        },
        Failure(name: "a static file would replace a page", stage: .planPages, kind: .invalidInput, file: "site/static/index.html") { site in
            let folder = site.appendingPathComponent("static")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "<p>mine</p>".write(to: folder.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        },
        Failure(
            name: "--strict finds a broken link", stage: .checkLinks, kind: .brokenLinks, file: nil,
            breakSite: { site in
                try "Read [this](missing-page/).\n".write(to: site.appendingPathComponent("content/about.md"), atomically: true, encoding: .utf8)
            }, change: { $0.checkLinks = true }),
    ]

    @Test("a failure names its stage, its kind and its file, as facts", arguments: failures)
    func aFailureNamesItsStageKindAndFile(_ failure: Failure) async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        defer { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }
        try failure.breakSite(site)
        do {
            _ = try await Self.build(site, failure.change)
            Issue.record("\(failure.name): the build succeeded")
        } catch {
            #expect(error.stage == failure.stage, "\(error.message)")
            #expect(error.kind == failure.kind, "\(error.message)")
            if failure.kind != .usage { #expect(error.location?.file == failure.file, "\(error.message)") }
            if let location = error.location { #expect(error.message.hasPrefix("\(location): ")) }
        }
    }
}
