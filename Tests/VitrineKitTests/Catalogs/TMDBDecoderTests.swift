import Foundation
import Testing

@testable import VitrineKit

@Suite("TMDB decoder")
struct TMDBDecoderTests {
    static let images = TMDBImages.documentedFallback

    @Test("configuration gives the secure base URL and sizes")
    func configuration() throws {
        let images = try TMDBDecoder.decodeConfiguration(Fixtures.data("api/tmdb/configuration.json"))
        #expect(images == TMDBImages.documentedFallback)
    }

    @Test("a test server's configuration is used as given")
    func testServerConfiguration() throws {
        let images = try TMDBDecoder.decodeConfiguration(Fixtures.data("api/tmdb/configuration-test-server.json"))
        #expect(images.baseURL == "http://127.0.0.1:8089/t/p/")
        // w342 is not offered: the next larger poster size is used.
        #expect(images.poster("/a.jpg", preferred: "w342")?.oneSize == Picture(url: "http://127.0.0.1:8089/t/p/w500/a.jpg", width: 500, height: 750))
        #expect(images.backdrop("/b.jpg", preferred: "w780") == Picture(url: "http://127.0.0.1:8089/t/p/original/b.jpg"))
    }

    @Test("popular: null poster, integer vote, empty date, total pages clamped")
    func popular() throws {
        let page = try TMDBDecoder.decodeList(Fixtures.data("api/tmdb/popular.json"), images: Self.images)
        #expect(page.totalResults == 11602)
        #expect(page.totalPages == 500)
        #expect(page.droppedCount == 1)
        #expect(page.items.map(\.id.description) == ["tmdb:912649", "tmdb:1184918", "tmdb:19995"])

        let venom = page.items[0]
        #expect(venom.title == "Venom: The Last Dance")
        #expect(venom.link == "https://www.themoviedb.org/movie/912649")
        #expect(venom.image?.oneSize == Picture(url: "https://image.tmdb.org/t/p/w342/aosm8NMQ3UyoBVpSxyimorCQykC.jpg", width: 342, height: 513))
        #expect(venom.movie?.poster?.url == "https://image.tmdb.org/t/p/w500/aosm8NMQ3UyoBVpSxyimorCQykC.jpg")
        #expect(venom.movie?.backdrop?.oneSize == Picture(url: "https://image.tmdb.org/t/p/w780/8rpDcsfLJypbO6vREc0547VKqEv.jpg", width: 780, height: 439))
        #expect(venom.movie?.backdrop?.renditions?.map(\.width) == [300, 780, 1280])  // the hero's sizes
        #expect(venom.movie?.voteAverage == 6.657)
        #expect(venom.movie?.releaseDate == "2024-10-22")

        let robot = page.items[1]
        #expect(robot.image == nil)
        #expect(robot.movie?.poster == nil)
        #expect(robot.movie?.backdrop == nil)
        #expect(robot.movie?.voteAverage == 6)
        #expect(robot.movie?.releaseDate == nil)
        #expect(robot.movie?.overview?.contains("island.  To survive") == true)

        let spirited = page.items[2]
        #expect(spirited.movie?.originalTitle == "千と千尋の神隠し")
        #expect(spirited.image?.url == "https://image.tmdb.org/t/p/w342/39wmItIWsg5sZMyRUHLkWBcuVCM.jpg")
        #expect(spirited.movie?.overview?.contains("\"Spirited\"") == true)
    }

    @Test("ko-KR top rated: Korean titles, empty overview")
    func topRatedKorean() throws {
        let page = try TMDBDecoder.decodeList(Fixtures.data("api/tmdb/top-rated-ko.json"), images: Self.images)
        #expect(page.items.map(\.title) == ["쇼생크 탈출", "Gabriel's Inferno: Part III", "Dilwale Dulhania Le Jayenge"])
        #expect(page.items[0].movie?.originalTitle == "The Shawshank Redemption")
        #expect(page.items[1].movie?.overview == nil)
        #expect(page.items[2].movie?.overview == nil)
        #expect(page.items[2].movie?.originalTitle == "दिलवाले दुल्हनिया ले जायेंगे")
        #expect(page.totalPages == 500)
    }

    @Test("one movie by id")
    func movie() throws {
        let item = try TMDBDecoder.decodeMovie(Fixtures.data("api/tmdb/movie-550.json"), images: Self.images)
        #expect(item.id == ItemID(source: .tmdb, value: "550"))
        #expect(item.title == "Fight Club")
        #expect(item.movie?.voteCount == 26280)
    }

    @Test(
        "error bodies",
        arguments: [
            ("error-401.json", "tmdb: Invalid API key: You must be granted a valid key. (code 7)"),
            ("error-404.json", "tmdb: The resource you requested could not be found. (code 34)"),
            ("error-404-old.json", "tmdb: The resource you requested could not be found. (code 34)"),
            ("error-422.json", "tmdb: page must be less than or equal to 500"),
            ("error-missing-query.json", "tmdb: query must be provided"),
            ("error-429.json", "tmdb: Your request count (41) is over the allowed limit of (40). (code 25)"),
        ])
    func errors(file: String, message: String) throws {
        let data = try Fixtures.data("api/tmdb/\(file)")
        #expect(throws: VitrineError(message, kind: .remote)) { try TMDBDecoder.decodeList(data, images: Self.images) }
        #expect(throws: VitrineError(message, kind: .remote)) { try TMDBDecoder.decodeMovie(data, images: Self.images) }
        #expect(throws: VitrineError(message, kind: .remote)) { try TMDBDecoder.decodeConfiguration(data) }
    }

    @Test("truncated JSON is reported with line and column")
    func truncated() throws {
        let data = try Fixtures.data("api/tmdb/truncated.json")
        let error = #expect(throws: VitrineError.self) { try TMDBDecoder.decodeList(data, images: Self.images) }
        #expect(error?.message.hasPrefix("tmdb response:1:") == true)
    }

    @Test(
        "file paths",
        arguments: [
            ("/abc.jpg", "/abc.jpg"), ("abc.jpg", nil), ("/../x.jpg", nil), ("/a/b.jpg", nil),
            ("/a.jpg?x=1", nil), ("/", nil), ("https://evil.example/a.jpg", nil),
        ] as [(String, String?)])
    func filePaths(raw: String, expected: String?) {
        #expect(TMDBImages.filePath(raw) == expected)
    }
}
