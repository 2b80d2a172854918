import Foundation
import Logging
import Testing

@testable import VitrineKit

/// `vitrine build` runs one declared list of stages (`SiteBuilder.stages`) over one
/// context: each stage that applies runs once and is logged once, in `BuildStage`'s order;
/// a stage that does not apply is skipped by its own rule and not logged; the two early
/// exits end the list where they are declared; and an error carries the stage that failed,
/// which is the last one logged.
@Suite("the build's stages")
struct StagesTests {
    /// The stages in `BuildStage`'s order, but `left`.
    static func all(but left: Set<BuildStage>) -> [BuildStage] { BuildStage.allCases.filter { !left.contains($0) } }

    /// The stages in `BuildStage`'s order up to and with `last`.
    static func through(_ last: BuildStage) -> [BuildStage] { Array(BuildStage.allCases.prefix(through: BuildStage.allCases.firstIndex(of: last)!)) }

    /// A build of `site` into `site/public` with a log captured at every level.
    static func build(_ site: URL, _ change: (inout BuildOptions) -> Void = { _ in }) async -> (Result<BuildSummary, VitrineError>, [String]) {
        let capture = LogCapture()
        var options = BuildOptions(site: site, siteLabel: "site", output: site.appendingPathComponent("public"), jobs: 2)
        change(&options)
        let logger = Logger(label: "test") { _ in LogCapture.Handler(capture: capture) }
        do {
            return (.success(try await SiteBuilder(logger: logger).build(options)), capture.all)
        } catch {
            return (.failure(error), capture.all)
        }
    }

    static func site() throws -> URL { try TestSupport.copySite(TestSupport.fixtureSite) }

    static func remove(_ site: URL) { try? FileManager.default.removeItem(at: site.deletingLastPathComponent()) }

    static func write(_ text: String, to relative: String, in site: URL) throws {
        let url = site.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    @Test("the declared list is BuildStage's cases, each once, in order")
    func theListIsTheDeclaredStages() {
        #expect(SiteBuilder.stages.map(\.stage) == BuildStage.allCases)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        /// What is done to the built site before the build that is looked at.
        let before: @Sendable (URL) async throws -> Void
        var change: @Sendable (inout BuildOptions) -> Void = { _ in }
        let expected: [BuildStage]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a first build", before: { _ in }, expected: all(but: [.checkLinks, .writeReport])),
        Case(
            name: "a first build with --strict and --report", before: { _ in },
            change: {
                $0.checkLinks = true
                $0.report = $0.site.deletingLastPathComponent().appendingPathComponent("report.json")
            }, expected: BuildStage.allCases),
        Case(name: "--render-to-memory", before: { _ in }, change: { $0.renderToMemory = true }, expected: through(.renderPages)),
        Case(
            name: "a rebuild that changes nothing (the fixture warns, so the inputs are compared page by page)",
            before: { site in _ = await StagesTests.build(site) }, expected: through(.copyAssets)),
        Case(
            name: "a rebuild that changes nothing, with --report",
            before: { site in _ = await StagesTests.build(site) },
            change: { $0.report = $0.site.deletingLastPathComponent().appendingPathComponent("report.json") },
            expected: through(.copyAssets) + [.writeReport]),
        Case(
            name: "a rebuild with a changed page",
            before: { site in
                _ = await StagesTests.build(site)
                try StagesTests.write("# Home\n\nChanged.\n", to: "content/index.md", in: site)
            }, expected: all(but: [.checkLinks, .writeReport])),
        Case(
            name: "an unchanged rebuild stops after comparing inputs",
            before: { site in
                // Without its one warning (an App Store id not found), a rebuild can stop early.
                let apps = site.appendingPathComponent("data/apps.json")
                try String(contentsOf: apps, encoding: .utf8).replacingOccurrences(of: #""invalidIDs": ["2"]"#, with: #""invalidIDs": []"#)
                    .write(to: apps, atomically: true, encoding: .utf8)
                _ = await StagesTests.build(site)
            }, expected: through(.compareInputs)),
    ]

    @Test("each stage that applies is logged once, in the declared order; the others are skipped by their rule", arguments: cases)
    func eachStageOnceInOrder(_ test: Case) async throws {
        let site = try Self.site()
        defer { Self.remove(site) }
        try await test.before(site)
        let (result, lines) = await Self.build(site, test.change)
        let summary = try result.get()
        #expect(BuildPipelineTests.stages(lines) == test.expected)
        #expect(summary.inputsUnchanged == (test.expected.last == .compareInputs))
        #expect(summary.renderedToMemory == (test.expected.last == .renderPages))
        #expect(summary.published == test.expected.contains(.publish))
    }

    /// Issue 34: a planned file deleted from the output by hand is rendered again within
    /// `keepUnchanged`, not by a second `renderPages`: the renderer's line is said once.
    @Test func aFileDeletedByHandIsRenderedAgainWithinKeepUnchanged() async throws {
        let site = try Self.site()
        defer { Self.remove(site) }
        _ = try await Self.build(site).0.get()
        let about = site.appendingPathComponent("public/about/index.html")
        let bytes = try Data(contentsOf: about)
        try FileManager.default.removeItem(at: about)
        try Self.write("# Home\n\nChanged.\n", to: "content/index.md", in: site)
        let (result, lines) = await Self.build(site)
        _ = try result.get()
        #expect(BuildPipelineTests.stages(lines) == Self.all(but: [.checkLinks, .writeReport]))
        #expect(lines.filter { $0.hasPrefix("info: render pages:") }.count == 1, "\(lines)")
        #expect(lines.contains("info: keep unchanged files: 1 file the output lacked written again"), "\(lines)")
        #expect(try Data(contentsOf: about) == bytes)
    }

    /// The runner stamps the stage on an error and logs nothing after it: the stage named on
    /// the error is the last one in the log, for every failure the pipeline tests provoke.
    @Test("a failure is stamped with the last stage logged", arguments: BuildPipelineTests.failures)
    func aFailureIsStampedWithTheLastStageLogged(_ failure: BuildPipelineTests.Failure) async throws {
        let site = try Self.site()
        defer { Self.remove(site) }
        try failure.breakSite(site)
        let (result, lines) = await Self.build(site, failure.change)
        guard case .failure(let error) = result else {
            Issue.record("\(failure.name): the build succeeded")
            return
        }
        #expect(error.stage == failure.stage)
        #expect(BuildPipelineTests.stages(lines).last == failure.stage, "\(lines)")
    }

    /// A file of the user's where this build puts a new page fails `keepUnchanged`, names
    /// the file, and leaves the output and its spare as they were.
    @Test func aClashInTheCarryOverIsStampedKeepUnchanged() async throws {
        let site = try Self.site()
        defer { Self.remove(site) }
        _ = try await Self.build(site).0.get()
        try Self.write("# New\n\nA page.\n", to: "content/new.md", in: site)
        try Self.write("<p>mine</p>", to: "public/new/index.html", in: site)
        let before = try TestSupport.tree(site.appendingPathComponent("public"))
        let (result, lines) = await Self.build(site)
        guard case .failure(let error) = result else {
            Issue.record("the build published over the user's file")
            return
        }
        #expect(error.stage == .keepUnchanged, "\(error.message)")
        #expect(error.message.contains("new/index.html"), "\(error.message)")
        #expect(BuildPipelineTests.stages(lines).last == .keepUnchanged, "\(lines)")
        #expect(try TestSupport.tree(site.appendingPathComponent("public")) == before)
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent(".public.vitrine").path)
        #expect(!beside.contains { $0.hasPrefix("staging") }, "\(beside)")
    }
}
