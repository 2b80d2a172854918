import Foundation
import Testing

@testable import VitrineKit

/// `cell.mustache` and `item.mustache` draw each kind with the partial its model names
/// (`{{>*cellPartial}}`, `{{>*itemPartial}}`), not with one section per kind: a new kind needs
/// no new dispatch line. The name comes from `ItemKind`, never from an item's data.
@Suite("kind partial names")
struct KindPartialNameTests {
    static let kinds: [ItemKind] = [.gif, .movie, .book, .app, .entry]

    /// Every kind names its own partials, and they are ones every theme must have.
    @Test func everyKindNamesRequiredPartials() {
        for kind in Self.kinds {
            #expect(kind.cellPartial == "cell-\(kind.rawValue)")
            #expect(kind.itemPartial == "item-\(kind.rawValue)")
            #expect(Theme.required.contains(kind.cellPartial) && Theme.required.contains(kind.itemPartial))
        }
        #expect(Set(Self.kinds.map(\.cellPartial)).count == Self.kinds.count)
    }

    /// The default theme dispatches by name; the booleans stay in the models only for site
    /// templates written before the names.
    @Test func theDefaultThemeDispatchesByTheModelsPartialName() throws {
        let theme = Theme.defaultDirectory
        let cell = try String(contentsOf: theme.appendingPathComponent("cell.mustache"), encoding: .utf8)
        let item = try String(contentsOf: theme.appendingPathComponent("item.mustache"), encoding: .utf8)
        #expect(cell.contains("{{>*cellPartial}}") && !cell.contains("{{#isGIF}}") && !cell.contains("{{> cell-book}}"))
        #expect(item.contains("{{>*itemPartial}}") && !item.contains("{{#isGIF}}") && !item.contains("{{> item-book}}"))
    }

    /// A site's `cell.mustache` written with the name: every kind reaches its partial, and a
    /// site's `cell-book.mustache` alone is used for book cells.
    @Test func aSitesCellTemplateReachesEachKindsPartialByName() async throws {
        let tree = try await KindTemplateTests.build(templates: [
            "cell.mustache": "<!--by name-->{{>*cellPartial}}\n",
            "cell-book.mustache": "<li class=\"cell cell--book\" data-cell>MY-BOOK {{title}}</li>\n",
        ])
        let pages = KindTemplateTests.pages(tree)
        let cells = KindTemplateTests.cells(pages)
        #expect(Set(cells.map(\.kind)) == Set(Self.kinds.map(\.rawValue)))
        #expect(pages.values.map { $0.components(separatedBy: "<!--by name-->").count - 1 }.reduce(0, +) == cells.count)
        for cell in cells {
            #expect(cell.html.contains("MY-BOOK") == (cell.kind == "book"), "\(cell.path): a \(cell.kind) cell")
        }
    }

    /// An item's data cannot name a template: the kind comes from the id's source, and an id
    /// of no known source is refused before anything renders.
    @Test func anItemsDataCannotNameAPartial() {
        for id in ["../cell-book:1", "cell-book:1", "item-app:2", "templates/x:1"] {
            #expect(throws: VitrineError.self) { try ItemID(parsing: id) }
        }
    }
}
