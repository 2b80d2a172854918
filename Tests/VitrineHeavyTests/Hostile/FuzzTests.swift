import Foundation
import Logging
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// Random and mutated snapshots, catalogs, favorites and site.yml fed to the real read and
/// render pipeline, in-process: every case ends in success or a `VitrineError` of one short
/// line — never a trap, never a hang. Seeded and reproducible: a failure names its case, and
/// `VITRINE_FUZZ_SEED=<seed> VITRINE_FUZZ_CASES=<n>` replays it.
@Suite("hostile input: fuzz")
struct FuzzTests {
    static let environment = ProcessInfo.processInfo.environment
    static let seed = environment["VITRINE_FUZZ_SEED"].flatMap { UInt64($0) } ?? 0x5EED_0012
    static let cases = environment["VITRINE_FUZZ_CASES"].flatMap { Int($0) } ?? 10_000
    /// Every case runs the read stage of the file it changed (config, favorites, a snapshot,
    /// a catalog, content: decoding and the input policies); every n-th case runs the whole
    /// read phase and renders a sample of its pages, and every m-th is built in full
    /// (staging, writing, link check).
    static let renderEvery = 8
    static let fullBuildEvery = 1_000

    static let files = [
        "site.yml", "favorites.json", "catalog.json", "data/gifs.json", "data/movies.json", "data/books.json", "data/apps.json",
        "content/index.md", "content/about.md",
    ]

    /// What the cases found, collected off the test's task and checked on it.
    struct Report: Sendable {
        var failures: [String] = []
        var read = 0, rendered = 0, refused = 0
        /// Cases to build in full, with the bytes of their changed file.
        var fullBuilds: [(label: String, file: String, bytes: Data)] = []
    }

    @Test(.timeLimit(.minutes(10)))  // a guard against hangs; about 40 s of CPU in a debug build
    func everyCaseEndsInSuccessOrOneLine() async throws {
        let site = try TestSupport.copySite(HostileSiteTests.site)
        let originals = try Dictionary(uniqueKeysWithValues: Self.files.map { ($0, try Data(contentsOf: site.appendingPathComponent($0))) })
        // The cases are synchronous CPU work: on a thread of their own at the lowest priority,
        // not on the cooperative pool, so the tests with deadlines that run alongside stay on time.
        let report = try await TestSupport.offPool(nice: 19) { Self.runCases(site: site, originals: originals) }
        for failure in report.failures { Issue.record(Comment(rawValue: failure)) }
        #expect(report.read + report.rendered + report.refused == Self.cases)
        #expect(report.rendered > Self.cases / Self.renderEvery / 5, "the generator must reach the renderer often: \(report.rendered)")
        for (label, file, bytes) in report.fullBuilds {
            try bytes.write(to: site.appendingPathComponent(file))
            let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
            _ = try await SiteBuilder(logger: .init(label: "fuzz") { _ in SwiftLogNoOpLogHandler() }).build(
                BuildOptions(site: site, siteLabel: "site", output: output, jobs: 2))
            #expect(try LinkCheck.problems(in: output, sitePath: "/hostile/") == [], "\(label)")
            try originals[file]!.write(to: site.appendingPathComponent(file))
            try? FileManager.default.removeItem(at: output.deletingLastPathComponent())
        }
        try? FileManager.default.removeItem(at: site.deletingLastPathComponent())
    }

    static func runCases(site: URL, originals: [String: Data]) -> Report {
        var report = Report()
        let logger = Logger(label: "fuzz") { _ in SwiftLogNoOpLogHandler() }
        let options = BuildOptions(site: site, siteLabel: "site", jobs: 1)
        guard let theme = try? Theme.load(overrides: nil, overridesLabel: "templates"), let config = try? SiteReader(options: options).config() else {
            report.failures.append("the hostile site does not load")
            return report
        }
        var random = SplitMix64(seed: Self.seed)
        for number in 0..<Self.cases {
            let file = Self.files[Int(random.next() % UInt64(Self.files.count))]
            let bytes = Mutator.make(for: file, from: originals[file]!, using: &random)
            try? bytes.write(to: site.appendingPathComponent(file))
            defer { try? originals[file]!.write(to: site.appendingPathComponent(file)) }
            let label = "case \(number) (seed \(Self.seed)), \(file)"
            do throws(VitrineError) {
                guard number % Self.renderEvery == 0 else {
                    try Self.readStage(of: file, reader: SiteReader(options: options), config: config)
                    report.read += 1
                    continue
                }
                for (path, html) in try Self.render(try Self.load(SiteReader(options: options), logger: logger), theme: theme) {
                    if html.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && TextPolicy.isControl($0) }) {
                        report.failures.append("\(label): \(path) holds a control character")
                    }
                    if html.contains(#"src="""#) { report.failures.append("\(label): \(path) has an empty src") }
                }
                report.rendered += 1
                if number % Self.fullBuildEvery == 0 { report.fullBuilds.append((label, file, bytes)) }
            } catch {
                report.refused += 1
                if error.message.isEmpty || error.message.contains("\n") || error.message.count > 600 {
                    report.failures.append("\(label): not one short line: \(error.message.prefix(800))")
                }
            }
        }
        return report
    }

    /// The stage of the build's read phase that reads `file`.
    static func readStage(of file: String, reader: SiteReader, config: SiteConfig) throws(VitrineError) {
        switch file {
        case "site.yml": _ = try reader.config()
        case "favorites.json": _ = try reader.favorites(config)
        case "content/index.md", "content/about.md": _ = try reader.content(config)
        default:
            let gallery = config.galleries.first { file == $0.inputPath }!
            _ = try LoadedSite.checked(gallery, try reader.gallery(gallery), options: reader.options)
        }
    }

    /// The build's read phase, as `vitrine build --offline` runs it.
    static func load(_ reader: SiteReader, logger: Logger) throws(VitrineError) -> LoadedSite {
        let config = try reader.config()
        return try reader.read(config: config, favorites: try reader.favorites(config), logger: logger)
    }

    /// A sample of the pages (home, each gallery's first page, favorites, up to three item
    /// pages, the feed), rendered without writing.
    static func render(_ loaded: LoadedSite, theme: Theme) throws(VitrineError) -> [(String, String)] {
        let plan = try PagePlan(site: loaded, jobs: 2)
        let factory = PageFactory(site: loaded)
        func page(_ name: String, _ template: String, _ model: some Encodable) throws(VitrineError) -> (String, String) {
            (name, String(decoding: try theme.render(template, model), as: UTF8.self))
        }
        var pages = [try page("index.html", "home", factory.home()), try page("favorites", "gallery", factory.favoritesPage(1))]
        for index in loaded.galleries.indices {
            pages.append(try page("gallery \(index)", "gallery", factory.galleryPage(index, page: 1)))
        }
        for index in loaded.items.indices.prefix(3) {
            pages.append(try page("item \(index)", "item", factory.itemPage(index)))
        }
        pages.append(try page("feed.xml", "feed.xml", factory.feed()))
        _ = plan.pages.count
        return pages
    }
}
