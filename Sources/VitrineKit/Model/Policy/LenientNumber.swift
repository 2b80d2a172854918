import Foundation

/// Parses numbers that APIs send in more than one JSON type: GIPHY writes every size as a
/// string (`"width": "200"`), Apple writes `fileSizeBytes` as a string, TMDB sends
/// `vote_average` as `6` or `6.657`.
///
/// The `Lenient*` wrappers below accept a JSON number, a numeric string, or `null`.
/// A string that is not a number (`""`, `"n/a"`) decodes as `nil`: the field is treated as
/// absent. Any other JSON type (object, array, bool for a number) is a decoding error, so a
/// changed response shape is reported instead of silently ignored.
enum LenientNumber {
    /// `"200"`, `" 200 "`, `"200.0"` → 200. Fractions round to the nearest integer.
    static func int(from text: String) -> Int? {
        int64(from: text).flatMap { Int(exactly: $0) }
    }

    /// `"3091658752"` → 3091658752.
    static func int64(from text: String) -> Int64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let value = Int64(trimmed) { return value }
        guard let double = double(from: trimmed) else { return nil }
        return int64(from: double)
    }

    /// `"4.5"`, `"6"` → Double; non-finite values are refused.
    static func double(from text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, let value = Double(trimmed), value.isFinite else { return nil }
        return value
    }

    /// Rounds to the nearest integer; nil when out of range or not finite.
    static func int64(from double: Double) -> Int64? {
        guard double.isFinite else { return nil }
        return Int64(exactly: double.rounded())
    }
}

/// An `Int` sent as a number or a string.
struct LenientInt: Decodable, Sendable, Hashable {
    let value: Int?

    init(from decoder: any Decoder) throws {
        let wide = try LenientInt64(from: decoder)
        value = wide.value.flatMap { Int(exactly: $0) }
    }
}

/// An `Int64` sent as a number or a string (`"fileSizeBytes": "3091658752"`).
struct LenientInt64: Decodable, Sendable, Hashable {
    let value: Int64?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = nil
        } else if let text = LenientDecoding.string(in: container) {
            value = LenientNumber.int64(from: text)
        } else if let integer = LenientDecoding.int64(in: container) {
            value = integer
        } else {
            value = LenientNumber.int64(from: try container.decode(Double.self))
        }
    }
}

/// A `Double` sent as a number (`6`, `6.657`, Apple's 50-digit ratings) or a string.
struct LenientDouble: Decodable, Sendable, Hashable {
    let value: Double?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = nil
        } else if let text = LenientDecoding.string(in: container) {
            value = LenientNumber.double(from: text)
        } else {
            let number = try container.decode(Double.self)
            value = number.isFinite ? number : nil
        }
    }
}

/// A flag sent as `true`/`false`, `0`/`1` or `"0"`/`"1"` (GIPHY's `is_sticker`).
struct LenientBool: Decodable, Sendable, Hashable {
    let value: Bool?

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            value = nil
        } else if let flag = LenientDecoding.bool(in: container) {
            value = flag
        } else if let text = LenientDecoding.string(in: container) {
            switch text.lowercased() {
            case "1", "true": value = true
            case "0", "false": value = false
            default: value = nil
            }
        } else {
            value = try container.decode(Int.self) != 0
        }
    }
}

/// Probes of a single-value container for one JSON type. A type mismatch is the expected
/// outcome of a probe, not a failure, so it is answered with nil; the caller's last attempt
/// decodes without probing and reports a real mismatch.
enum LenientDecoding {
    static func string(in container: any SingleValueDecodingContainer) -> String? {
        do { return try container.decode(String.self) } catch { return nil }
    }

    static func int64(in container: any SingleValueDecodingContainer) -> Int64? {
        do { return try container.decode(Int64.self) } catch { return nil }
    }

    static func bool(in container: any SingleValueDecodingContainer) -> Bool? {
        do { return try container.decode(Bool.self) } catch { return nil }
    }
}
