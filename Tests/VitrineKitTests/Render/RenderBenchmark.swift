import Foundation
import Testing
import VitrineTemplate

@testable import VitrineKit

/// Where a detail page's render time goes: building the model, encoding it into a
/// `TemplateValue`, rendering the bytes. Off unless `VITRINE_BENCH=<pages>` is set (speed is
/// measured, never asserted); prints one line.
@Suite("render benchmark")
struct RenderBenchmark {
    static let pages = Int(ProcessInfo.processInfo.environment["VITRINE_BENCH"] ?? "") ?? 0

    @Test(.enabled(if: pages > 0)) func itemPages() throws {
        let factory = try TestSupport.fixturePageFactory()
        let site = factory.site
        let theme = try Theme.load(overrides: nil, overridesLabel: "templates")
        let clock = ContinuousClock()
        var models: [ItemPage] = []
        let build = clock.measure {
            models = (0..<Self.pages).map { factory.itemPage($0 % site.items.count) }
        }
        var values: [TemplateValue] = []
        let encode = try clock.measure {
            values = try models.map { try TemplateValueEncoder().encode($0) }
        }
        var bytes = 0
        let render = try clock.measure {
            for value in values { bytes += try theme.library.render("item", value).count }
        }
        func perPage(_ duration: Duration) -> String {
            String(format: "%.1f µs", duration / .microseconds(1) / Double(Self.pages))
        }
        print(
            "render benchmark, \(Self.pages) item pages: model \(perPage(build)), encode \(perPage(encode)), "
                + "render \(perPage(render)) a page (\(bytes / Self.pages) bytes); "
                + "\(Int(Double(Self.pages) / ((encode + render) / .seconds(1)))) pages/s encode+render"
        )
    }
}
