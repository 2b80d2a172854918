import Foundation
import Testing
import VitrineTemplate

@testable import VitrineKit

/// The theme's strings are encoded once per build and placed as is in every page model:
/// templates must see exactly what encoding them per page gave.
@Suite("pre-encoded template values")
struct EncodedTemplateValueTests {
    @Test func theStringsEncodedOnceAreWhatTheEncoderMakesOfThem() throws {
        let strings = try ThemeStrings.english.merged(withYAML: "share: \"Teilen <&>\"\n", file: "i18n/de.yml")
        #expect(strings.templateValue.value == (try TemplateValueEncoder(keepsNilKeys: true).encode(strings)))

        struct Model: Encodable {
            let t: EncodedTemplateValue
        }
        let placed = try TemplateValueEncoder().encode(Model(t: strings.templateValue))
        #expect(placed["t"]?["share"] == .string("Teilen <&>"))
    }

    @Test func otherEncodersGetPlainValues() throws {
        var object = TemplateObject()
        object.append("title", .string("A & B"))
        object.append("count", .int(3))
        object.append("items", .list([.bool(true), .double(1.5), .null]))
        let json = try JSONEncoder().encode(EncodedTemplateValue(.object(object)))
        let decoded = try JSONSerialization.jsonObject(with: json) as? [String: Any]
        #expect(decoded?["title"] as? String == "A & B")
        #expect(decoded?["count"] as? Int == 3)
        #expect((decoded?["items"] as? [Any])?.count == 3)
    }
}
