import Foundation

/// Helpers shared by the source decoders.
enum DecoderSupport {
    /// The item id for an API's raw id, or nil when it is missing or not a valid id value
    /// (empty, over 200 characters, control characters). Such results are dropped and counted.
    static func itemID(_ source: Source, _ raw: String?) -> ItemID? {
        guard let raw = text(raw) else { return nil }
        do {
            return try ItemID(parsing: "\(source.idPrefix):\(raw)")
        } catch {
            return nil  // the caller counts the result as dropped
        }
    }

    /// Trimmed text; nil for absent, empty or blank strings (`"subtitle": ""`, `"username": ""`).
    static func text(_ raw: String?) -> String? {
        guard let trimmed = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }

    /// An API's own error message made fit for a one-line error: whitespace runs (line
    /// breaks included) become one space, control characters go, and the length is capped.
    static func message(_ raw: String?) -> String? {
        guard let raw else { return nil }
        let words = raw.unicodeScalars
            .map { $0.properties.generalCategory == .control || $0.properties.isWhitespace ? " " : Character($0) }
            .split(separator: " ")
            .map { String($0) }
        let line = words.joined(separator: " ")
        guard !line.isEmpty else { return nil }
        return line.count > 300 ? String(line.prefix(299)) + "…" : line
    }

    /// Non-blank strings, trimmed, first occurrence kept.
    static func texts(_ raw: [String]?, dedup: Bool = false) -> [String] {
        var seen: Set<String> = []
        var result: [String] = []
        for value in raw ?? [] {
            guard let value = text(value) else { continue }
            if dedup {
                guard seen.insert(value).inserted else { continue }
            }
            result.append(value)
        }
        return result
    }

    /// Maps results to items, counting the ones without a usable id.
    static func items<Raw>(_ raws: [Raw], _ transform: (Raw) -> Item?) -> (items: [Item], dropped: Int) {
        var items: [Item] = []
        var dropped = 0
        for raw in raws {
            if let item = transform(raw) { items.append(item) } else { dropped += 1 }
        }
        return (items, dropped)
    }
}

/// Any JSON value, skipped without looking at it; used to learn a value's shape.
struct JSONShape: Decodable {
    enum Kind {
        case array(count: Int)
        case object(count: Int)
        case null, scalar
    }

    let kind: Kind

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            kind = .null
        } else if let array = Self.probe([JSONShape].self, container) {
            kind = .array(count: array.count)
        } else if let object = Self.probe([String: JSONShape].self, container) {
            kind = .object(count: object.count)
        } else {
            kind = .scalar
        }
    }

    var isEmpty: Bool {
        switch kind {
        case .array(let count), .object(let count): count == 0
        case .null: true
        case .scalar: false
        }
    }

    /// A probe for one JSON type; a mismatch is an expected answer, not a failure.
    private static func probe<T: Decodable>(_ type: T.Type, _ container: any SingleValueDecodingContainer) -> T? {
        do { return try container.decode(type) } catch { return nil }
    }
}
