import Foundation
import Testing

@testable import VitrineKit

@Suite("Lenient numbers")
struct LenientNumberTests {
    struct Box<T: Decodable>: Decodable { var value: T }

    static func decode<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
        try JSONDecoder().decode(Box<T>.self, from: Data(#"{"value":\#(json)}"#.utf8)).value
    }

    @Test(
        "Int from Int, String, Double",
        arguments: [
            ("200", 200), ("\"200\"", 200), ("\" 42 \"", 42), ("200.0", 200), ("2.6", 3), ("\"7.4\"", 7),
            ("\"\"", nil), ("\"n/a\"", nil), ("null", nil), ("1e300", nil),
        ] as [(String, Int?)])
    func int(json: String, expected: Int?) throws {
        #expect(try Self.decode(LenientInt.self, json).value == expected)
    }

    @Test(
        "Int64 beyond Int32",
        arguments: [
            ("\"3091658752\"", 3_091_658_752 as Int64?), ("3091658752", 3_091_658_752), ("\"1579008\"", 1_579_008),
        ])
    func int64(json: String, expected: Int64?) throws {
        #expect(try Self.decode(LenientInt64.self, json).value == expected)
    }

    @Test(
        "Double from integer, absurd precision, string",
        arguments: [
            ("6", 6.0), ("6.657", 6.657), ("3.351059999999999927666749499621801078319549560546875", 3.35106),
            ("\"4.5\"", 4.5), ("\"\"", nil), ("null", nil),
        ] as [(String, Double?)])
    func double(json: String, expected: Double?) throws {
        #expect(try Self.decode(LenientDouble.self, json).value == expected)
    }

    @Test(
        "Bool from Bool, Int, String",
        arguments: [
            ("true", true), ("false", false), ("0", false), ("1", true), ("\"1\"", true), ("\"x\"", nil),
        ] as [(String, Bool?)])
    func bool(json: String, expected: Bool?) throws {
        #expect(try Self.decode(LenientBool.self, json).value == expected)
    }

    @Test("other JSON types are errors")
    func wrongType() {
        #expect(throws: DecodingError.self) { try Self.decode(LenientInt.self, "[1]") }
        #expect(throws: DecodingError.self) { try Self.decode(LenientDouble.self, "{}") }
        #expect(throws: DecodingError.self) { try Self.decode(LenientInt.self, "true") }
    }
}
