import Foundation
import Testing

@testable import VitrineKit

/// The example site's snapshots (`Site/data/<gallery>.json`) are the decoders' output for the
/// recorded responses in `Fixtures/recorded/`. This test keeps them in step, byte for byte.
///
/// Re-record after a decoder or model change: `VITRINE_RECORD=1 swift test --filter ExampleSnapshotTests`.
@Suite("Example site snapshots")
struct ExampleSnapshotTests {
    struct Gallery: Sendable, CustomTestStringConvertible {
        var name: String
        var source: Source
        var query: String?
        var decode: @Sendable () throws -> SearchPage

        var testDescription: String { name }
    }

    static let appIDs = ["362057947", "872469884", "999999999"]

    static let galleries: [Gallery] = [
        Gallery(name: "cats", source: .giphy, query: "cats") {
            try GiphyDecoder.decodeList(recorded("cats"))
        },
        Gallery(name: "trending", source: .giphy, query: nil) {
            try GiphyDecoder.decodeList(recorded("trending"))
        },
        Gallery(name: "popular", source: .tmdb, query: "popular") {
            try TMDBDecoder.decodeList(recorded("popular"), images: tmdbImages())
        },
        Gallery(name: "top-rated", source: .tmdb, query: "top_rated") {
            try TMDBDecoder.decodeList(recorded("top-rated"), images: tmdbImages())
        },
        Gallery(name: "swift-books", source: .googleBooks, query: "intitle:swift") {
            try GoogleBooksDecoder.decodeList(recorded("swift-books"))
        },
        Gallery(name: "apps", source: .appStore, query: appIDs.joined(separator: ",")) {
            try AppStoreDecoder.decodeLookup(recorded("apps"), requestedIDs: appIDs)
        },
    ]

    static func recorded(_ name: String) throws -> Data {
        try Fixtures.data("recorded/\(name).json")
    }

    static func tmdbImages() throws -> TMDBImages {
        try TMDBDecoder.decodeConfiguration(recorded("tmdb-configuration"))
    }

    /// `Site/data/` of this package, found from this file's path.
    static var dataDirectory: URL {
        TestSupport.packageRoot.appendingPathComponent("Site/data", isDirectory: true)
    }

    static var isRecording: Bool {
        ProcessInfo.processInfo.environment["VITRINE_RECORD"] == "1"
    }

    @Test("snapshot matches Site/data", arguments: galleries)
    func snapshot(gallery: Gallery) throws {
        let page = try gallery.decode()
        let snapshot = Snapshot(
            gallery: gallery.name,
            source: gallery.source,
            query: gallery.query,
            totalResults: max(page.totalResults ?? page.items.count, page.items.count),
            items: page.items,
            invalidIDs: page.missingIDs
        )
        let data = try VitrineJSON.encode(snapshot)
        let file = Self.dataDirectory.appendingPathComponent("\(gallery.name).json")
        if Self.isRecording {
            try FileManager.default.createDirectory(at: Self.dataDirectory, withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
            // A recording run never passes: what it wrote is a change to review, not a result.
            Issue.record("\(file.path) re-recorded; review the diff, then run the tests without VITRINE_RECORD")
            return
        }
        let expected = try Data(contentsOf: file)
        #expect(
            data == expected,
            "\(file.path) differs from the decoders' output; re-record with VITRINE_RECORD=1 if the change is intended"
        )
        // The file round-trips through the model.
        #expect(try JSONDecoder().decode(Snapshot.self, from: expected) == snapshot)
    }

    @Test("the recorded galleries have the expected shape")
    func shape() throws {
        let counts = try Self.galleries.map { try ($0.name, $0.decode().items.count) }
        #expect(counts.map(\.0) == ["cats", "trending", "popular", "top-rated", "swift-books", "apps"])
        #expect(counts.map(\.1) == [24, 12, 20, 20, 20, 2])

        let cats = try GiphyDecoder.decodeList(Self.recorded("cats"))
        #expect(cats.totalResults == 3148)
        #expect(cats.items.contains { $0.title.contains("<script>alert(1)</script>") })
        #expect(cats.items.allSatisfy { $0.gif?.postURL?.hasPrefix("javascript:") != true })

        let topRated = try TMDBDecoder.decodeList(Self.recorded("top-rated"), images: Self.tmdbImages())
        #expect(topRated.totalPages == 500)
        #expect(topRated.items.first?.title == "쇼생크 탈출")

        let books = try GoogleBooksDecoder.decodeList(Self.recorded("swift-books"))
        #expect(books.items.allSatisfy { $0.image?.url.hasPrefix("https://") ?? true })
        #expect(books.items.allSatisfy { $0.link?.hasPrefix("javascript:") != true })

        let apps = try AppStoreDecoder.decodeLookup(Self.recorded("apps"), requestedIDs: Self.appIDs)
        #expect(apps.missingIDs == ["999999999"])
    }
}
