import Foundation
import Testing

@testable import VitrineKit

/// The one number policy: absurd numbers are refused where they are decoded, and nothing
/// later can trap on one.
@Suite("hostile input: number policy")
struct NumberPolicyTests {
    /// `Format.oneDecimal` trapped in `Int(Double)` above ~9e17 (exit 132 on every build).
    @Test(arguments: [1e18, -1e300, 9.3e17, .infinity, -.infinity, .nan, .greatestFiniteMagnitude])
    func formattingNeverTraps(_ value: Double) {
        #expect(Format.oneDecimal(value) == "–")
    }

    @Test func formattingKeepsOrdinaryValues() {
        #expect(Format.oneDecimal(7.25) == "7.3")
        #expect(Format.oneDecimal(4.60778) == "4.6")
        #expect(Format.oneDecimal(0) == "0.0")
        #expect(Format.megabytes(3_091_658_752) == "2,948.4 MB")
        #expect(Format.megabytes(.max) == "8,796,093,022,208.0 MB")
        #expect(Format.grouped(.min) == "-9,223,372,036,854,775,808")
    }

    @Test(
        arguments: [
            (1e18, nil), (-1e300, nil), (10.5, nil), (-0.1, nil), (.nan, nil), (.infinity, nil),
            (0, 0), (10, 10), (8.4, 8.4),
        ] as [(Double, Double?)])
    func ratingsOutsideTheirScaleAreLeftOutWithAProblem(_ value: Double, _ kept: Double?) {
        let item = Item(id: ItemID(source: .tmdb, value: "1"), title: "x", details: .movie(MovieDetails(voteAverage: value)))
        let (checked, problems) = item.checked()
        #expect(checked.movie?.voteAverage == kept)
        #expect(problems.map(\.path) == (kept == nil ? [["movie", "voteAverage"]] : []))
    }

    @Test func negativeCountsSizesAndAbsurdImagesAreLeftOut() {
        let item = Item(
            id: ItemID(source: .appStore, value: "1"), title: "x",
            image: Picture(url: "https://example.com/a.png", width: 1_000_000_000, height: -4),
            details: .app(AppDetails(averageRating: 4.5, ratingCount: -7, fileSizeBytes: -1))
        )
        let (checked, problems) = item.checked()
        #expect(checked.app?.ratingCount == nil && checked.app?.fileSizeBytes == nil && checked.app?.averageRating == 4.5)
        #expect(checked.image == Picture(url: "https://example.com/a.png"))
        #expect(problems.map { $0.path.joined(separator: ".") }.sorted() == ["app.fileSizeBytes", "app.ratingCount", "image.height", "image.width"])
        #expect(checked.checked().problems.isEmpty, "checking is idempotent")
    }

    /// API numbers that are strings: `"NaN"`, `"inf"`, `"1e400"` are treated as absent.
    @Test func nanStringsFromAnAPIAreAbsent() throws {
        let body =
            #"{"page":1,"total_pages":1,"total_results":3,"results":["#
            + #"{"id":1,"title":"NaN","vote_average":"NaN","vote_count":"-5"},"#
            + #"{"id":2,"title":"Inf","vote_average":"inf","vote_count":"1e400"},"#
            + #"{"id":3,"title":"Huge","vote_average":1e18,"vote_count":1e300}]}"#
        let page = try TMDBDecoder.decodeList(Data(body.utf8), images: TMDBImages.documentedFallback)
        let checked = page.items.map { $0.checked().item }
        #expect(checked.map(\.movie?.voteAverage) == [nil, nil, nil])
        #expect(checked.map(\.movie?.voteCount) == [nil, nil, nil])
    }

    /// In a snapshot, a number that does not fit its field is refused with its position.
    @Test(arguments: [
        (#""voteCount": 1e300"#, "voteCount"), (#""voteCount": 99999999999999999999999"#, "voteCount"),
        (#""voteAverage": "NaN""#, "voteAverage"), (#""voteAverage": 1e400"#, "voteAverage"),
    ])
    func aSnapshotNumberTooLargeForItsFieldNamesItsPosition(_ field: String, _ key: String) throws {
        let json = """
            {"format": "vitrine-snapshot/1", "gallery": "m", "source": "tmdb", "totalResults": 1, "invalidIDs": [],
             "items": [
              {"id": "tmdb:1", "title": "x", "movie": {\(field)}}
             ]}
            """
        #expect {
            _ = try Snapshot.read(Data(json.utf8), file: "data/m.json", jobs: 2)
        } throws: { error in
            let message = (error as? VitrineError)?.message ?? ""
            return message.hasPrefix("data/m.json:3:") && message.contains("items[0].movie.\(key)") && !message.contains("\n")
        }
    }

    @Test func aNegativeSnapshotTotalBecomesTheItemCount() throws {
        let json = #"{"format": "vitrine-snapshot/1", "gallery": "m", "source": "tmdb", "totalResults": -5, "invalidIDs": [], "items": [{"id": "tmdb:1", "title": "x"}]}"#
        #expect(try Snapshot.read(Data(json.utf8), file: "m.json", jobs: 2).snapshot.totalResults == 1)
    }
}
