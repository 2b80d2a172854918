import Foundation
import Testing

@testable import VitrineKit

@Suite("Decoder support")
struct DecoderSupportTests {
    @Test("API messages become one line")
    func oneLine() {
        #expect(DecoderSupport.message("Bad\r\nthing\t happened ") == "Bad thing happened")
        #expect(DecoderSupport.message(" \n ") == nil)
        #expect(DecoderSupport.message(String(repeating: "x", count: 500))?.count == 300)
        let data = Data(#"{"meta":{"status":500,"msg":"Server\nError"}}"#.utf8)
        #expect(throws: VitrineError("giphy: Server Error (status 500)", kind: .remote)) { try GiphyDecoder.decodeList(data) }
    }

    @Test("ids that ItemID would refuse are dropped", arguments: ["", "  ", "a\u{0007}b", String(repeating: "x", count: 201)])
    func badIDs(raw: String) {
        #expect(DecoderSupport.itemID(.giphy, raw) == nil)
    }
}
