import Foundation
import Testing

@testable import VitrineKit

/// The catalog format is `vitrine-catalog/1`; catalogs written under its first name,
/// `vitrine-bench-catalog/1`, are read the same.
@Suite("catalog format name")
struct CatalogFormatNameTests {
    @Test(arguments: ["vitrine-catalog/1", "vitrine-bench-catalog/1"])
    func bothNamesRead(format: String) throws {
        let data = Data(#"{"format": "\#(format)", "items": [{"id": "a", "title": "A"}]}"#.utf8)
        let read = try CatalogFile.read(data, file: "site/catalog.json", jobs: 2)
        #expect(read.items.map(\.title) == ["A"])
    }

    @Test func newSitesUseTheName() {
        #expect(CatalogFile.format == "vitrine-catalog/1")
    }
}
