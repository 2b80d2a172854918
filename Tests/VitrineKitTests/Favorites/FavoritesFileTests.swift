import Foundation
import Testing

@testable import VitrineKit

@Suite("favorites.json")
struct FavoritesFileTests {
    let file = "Site/favorites.json"

    func parse(_ json: String) throws -> FavoritesFile {
        try FavoritesFile.parse(Data(json.utf8), file: file, jobs: 2)
    }

    @Test func ordersByInstantNotByText() throws {
        // 21:45+09:00 is 12:45Z: earlier than 13:00Z although its text sorts later.
        let favorites = try parse(
            """
            {"favorites": [
              {"id": "tmdb:550", "addedAt": "2026-11-21T21:45:00+09:00"},
              {"id": "giphy:a", "addedAt": "2026-11-21T13:00:00Z"},
              {"id": "books:b", "addedAt": "2026-11-20T09:12:00.250Z"}
            ]}
            """)
        #expect(favorites.ordered(.newestFirst).map(\.id.description) == ["giphy:a", "tmdb:550", "books:b"])
        #expect(favorites.ordered(.oldestFirst).map(\.id.description) == ["books:b", "tmdb:550", "giphy:a"])
    }

    @Test func emptyListIsFine() throws {
        #expect(try parse(#"{"favorites": []}"#).favorites.isEmpty)
    }

    @Test(arguments: [
        (
            "{\"favorites\": [\n  {\"id\": \"giphy:a\", \"addedAt\": \"yesterday\"}\n]}",
            "Site/favorites.json:2:32: favorites[0].addedAt: 'yesterday' is not an RFC 3339 timestamp like 2026-11-20T09:12:00Z"
        ),
        (
            "{\"favorites\": [\n  {\"id\": \"giphy:a\", \"addedAt\": \"2026-11-20T09:12:00Z\"},\n  {\"id\": \"giphy:a\", \"addedAt\": \"2026-11-20T09:12:00Z\"}\n]}",
            "Site/favorites.json:3:10: favorites[1].id: 'giphy:a' is listed twice"
        ),
        (
            "{\"favorites\": [\n  {\"id\": \"giphy:a\", \"addedAt\": 5}\n]}",
            "Site/favorites.json:2:32: favorites[0].addedAt: expected a string"
        ),
        (
            "{\"favorites\": [\n  {\"addedAt\": \"2026-11-20T09:12:00Z\"}\n]}",
            "Site/favorites.json:2:3: favorites[0]: missing key 'id'"
        ),
        (
            "{\"favorites\": [\n  {\"id\": \"cats\", \"addedAt\": \"2026-11-20T09:12:00Z\"}\n]}",
            "Site/favorites.json:2:10: favorites[0].id: invalid id 'cats': expected SOURCE:ID, e.g. giphy:FiGiRei2ICzzG or tmdb:550"
        ),
        ("{\"favorites\": [\n  {\"id\": \"giphy:a\",\n", "Site/favorites.json:3:1: invalid JSON (Unexpected end of file during JSON parse)"),
        ("{\"favorites\": [\n  {\"id\": tru}\n]}", "Site/favorites.json:2:13: invalid JSON (Invalid value)"),
    ])
    func errorsNameFileLineAndKey(json: String, message: String) {
        #expect(throws: VitrineError(message)) { try parse(json) }
    }
}
