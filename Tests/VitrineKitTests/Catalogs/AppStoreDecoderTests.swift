import Foundation
import Testing

@testable import VitrineKit

@Suite("App Store decoder")
struct AppStoreDecoderTests {
    static let requested = ["362057947", "872469884", "999999999"]

    @Test("KR lookup: absurd rating, string size, duplicate languages, empty screenshots")
    func lookup() throws {
        let page = try AppStoreDecoder.decodeLookup(Fixtures.data("api/appstore/lookup-kr.json"), requestedIDs: Self.requested)
        #expect(page.items.map(\.id.description) == ["appstore:362057947", "appstore:872469884"])
        #expect(page.missingIDs == ["999999999"])
        #expect(page.totalResults == 2)

        let kakao = page.items[0]
        #expect(kakao.title == "카카오톡 KakaoTalk")
        #expect(kakao.link == "https://apps.apple.com/kr/app/%EC%B9%B4%EC%B9%B4%EC%98%A4%ED%86%A1-kakaotalk/id362057947?uo=4")
        #expect(kakao.image?.url.hasSuffix("/512x512bb.jpg") == true)
        #expect(kakao.image?.width == 512 && kakao.image?.height == 512)
        let app = try #require(kakao.app)
        #expect(app.averageRating == 2.83371)
        #expect(app.fileSizeBytes == 3_091_658_752)
        #expect(app.languages == ["EN", "FR", "DE", "ID", "JA", "KO", "ZH", "ES", "TH", "VI"])
        #expect(app.screenshots == [])
        #expect(app.iPadScreenshots.map(\.width) == [576, 576])
        #expect(app.price == "무료")
        #expect(app.category == "Social Networking")
        #expect(app.genres == ["소셜 네트워킹", "생산성"])
        #expect(app.ageRating == "12+")
        #expect(app.seller == "Kakao Corp.")
        #expect(app.releaseNotes == "■ 채팅방 서랍 개선\n• 사진 묶어보내기 개선")
        #expect(app.description?.contains("\u{3000}친구와 “대화”하세요.") == true)

        // No artworkUrl512, no ratings for the version, no sellerUrl, no releaseNotes.
        let ledger = page.items[1]
        #expect(
            ledger.image?.oneSize
                == Picture(
                    url: "https://is1-ssl.mzstatic.com/image/thumb/Purple126/v4/aa/bb/cc/aabbccdd-0000-1111-2222-333344445555/AppIcon.png/100x100bb.jpg",
                    width: 100, height: 100))
        #expect(ledger.app?.releaseNotes == nil)
        #expect(ledger.app?.fileSizeBytes == 1_579_008)
        #expect(ledger.app?.averageRating == 4.60778)
        #expect(ledger.app?.screenshots.map(\.width) == [392, 392, nil])
        #expect(ledger.app?.screenshots.first?.height == 696)
    }

    @Test("missing ids are reported in request order, without duplicates")
    func missing() throws {
        let page = try AppStoreDecoder.decodeLookup(
            Fixtures.data("api/appstore/lookup-kr.json"),
            requestedIDs: ["5", "872469884", " 4 ", "5"]
        )
        #expect(page.missingIDs == ["5", "4"])
    }

    @Test("empty result: every id is missing")
    func empty() throws {
        let page = try AppStoreDecoder.decodeLookup(Fixtures.data("api/appstore/lookup-empty.json"), requestedIDs: Self.requested)
        #expect(page.items.isEmpty)
        #expect(page.totalResults == 0)
        #expect(page.missingIDs == Self.requested)
    }

    @Test("errorMessage is an error")
    func error() throws {
        let data = try Fixtures.data("api/appstore/error-country.json")
        #expect(throws: VitrineError("app-store: Invalid value(s) for key(s): [country]", kind: .remote)) {
            try AppStoreDecoder.decodeLookup(data, requestedIDs: Self.requested)
        }
    }

    @Test("truncated JSON is reported with line and column")
    func truncated() throws {
        let data = try Fixtures.data("api/appstore/truncated.json")
        let error = #expect(throws: VitrineError.self) { try AppStoreDecoder.decodeLookup(data, requestedIDs: []) }
        #expect(error?.message.hasPrefix("app-store response:7:") == true)
    }

    @Test(
        "sizes from artwork paths",
        arguments: [
            ("https://is1-ssl.mzstatic.com/a/b.png/392x696bb.jpg", 392, 696),
            ("https://is1-ssl.mzstatic.com/a/b.png/512x512bb.png?x=1", 512, 512),
            ("https://is1-ssl.mzstatic.com/a/b.png/643x0w.jpg", nil, nil),
            ("https://is1-ssl.mzstatic.com/a/IMG_0003.png", nil, nil),
        ] as [(String, Int?, Int?)])
    func sizes(url: String, width: Int?, height: Int?) {
        let size = AppStoreDecoder.size(inPath: url)
        #expect(size?.0 == width)
        #expect(size?.1 == height)
    }
}
