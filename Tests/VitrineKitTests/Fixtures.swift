import Foundation
import Testing

/// Reads the test fixtures copied into the test bundle.
enum Fixtures {
    static var root: URL {
        get throws {
            try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
        }
    }

    /// `Fixtures/<path>`, e.g. `api/giphy/search-2016.json`.
    static func data(_ path: String) throws -> Data {
        try Data(contentsOf: root.appendingPathComponent(path))
    }
}
