import Crypto
import Foundation
import VitrineBytes

/// An item's identity across the whole site: `giphy:FiGiRei2ICzzG`, `tmdb:550`,
/// `books:zyTCAlFPjgYC`, `appstore:872469884`.
///
/// Ids are equal when their bytes are: `String ==` would merge canonically equivalent ids
/// (NFC and NFD `café`, U+00C5 and U+212B), which an API and the folder encoding keep apart.
struct ItemID: Hashable, Comparable, Sendable, CustomStringConvertible {
    let source: Source
    let value: String

    init(source: Source, value: String) {
        self.source = source
        self.value = value
    }

    /// Parses `prefix:value`; the value must be non-empty and free of control characters.
    init(parsing text: String) throws(VitrineError) {
        guard let colon = text.firstIndex(of: ":") else {
            throw VitrineError("invalid id '\(text)': expected SOURCE:ID, e.g. giphy:FiGiRei2ICzzG or tmdb:550", kind: .usage)
        }
        let prefix = String(text[..<colon])
        let value = String(text[text.index(after: colon)...])
        guard let source = Source(idPrefix: prefix) else {
            let known = Source.allCases.map(\.idPrefix).joined(separator: ", ")
            throw VitrineError("invalid id '\(text)': unknown source '\(prefix)' (known: \(known))", kind: .usage)
        }
        guard Self.isValid(value: value) else {
            throw VitrineError("invalid id '\(text)': the part after '\(prefix):' must be 1–200 printable characters", kind: .usage)
        }
        self.init(source: source, value: value)
    }

    /// 1–200 characters, none of them a control character. Printable ASCII (most ids) is
    /// told from its bytes; counting characters and looking up categories is for the rest.
    static func isValid(value: String) -> Bool {
        let utf8 = value.utf8
        if utf8.count <= 200, !utf8.isEmpty, !utf8.contains(where: { $0 < 0x20 || $0 >= 0x7F }) { return true }
        return !value.isEmpty && value.count <= 200
            && !value.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    }

    var description: String { "\(source.idPrefix):\(value)" }

    /// The longest folder name `pathSegment` gives, in bytes: well under the 255-byte
    /// file-name limit of every common file system.
    static let maxPathSegmentBytes = 200

    /// The folder name of the item's detail page under `items/`: `giphy-FiGiRei2ICzzG`.
    ///
    /// Letters, digits, `-` and `_` pass through; every other byte (including `.`, `/`, `%`
    /// and `~`) becomes `~HH`, so the mapping is injective and no id can form `..` or a
    /// path separator. An encoding longer than `maxPathSegmentBytes` (60 Korean characters
    /// are 540 bytes) is shortened, stably: its first 150 bytes (never half a `~HH`), `~~`
    /// and 32 hex digits of the SHA-256 of the whole id. `~~` never occurs in a full
    /// encoding, so a shortened name cannot equal another id's full one.
    var pathSegment: String {
        let full = encodedSegment
        guard full.utf8.count > Self.maxPathSegmentBytes else { return full }
        var cut = full.utf8.index(full.utf8.startIndex, offsetBy: 150)
        // Step back over a `~` or `~H` the cut would split.
        for back in 1...2 where full.utf8[full.utf8.index(cut, offsetBy: -back)] == UInt8(ascii: "~") {
            cut = full.utf8.index(cut, offsetBy: -back)
            break
        }
        let digest = SHA256.hash(data: Data(description.utf8)).prefix(16).map { String($0, radix: 16).leftPadded(to: 2) }.joined()
        return String(full[..<cut]) + "~~" + digest
    }

    /// Built as bytes, then made a `String` once (not appended scalar by scalar).
    private var encodedSegment: String {
        let prefix = source.idPrefix.utf8
        var bytes: [UInt8] = []
        bytes.reserveCapacity(prefix.count + 1 + 3 * value.utf8.count)
        bytes += prefix
        bytes.append(UInt8(ascii: "-"))
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                bytes.append(byte)
            default:
                bytes.append(UInt8(ascii: "~"))
                bytes.append(Self.hexDigit(byte >> 4))
                bytes.append(Self.hexDigit(byte & 0x0F))
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The upper-case hex digit of a value below 16.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }

    static func == (lhs: ItemID, rhs: ItemID) -> Bool {
        lhs.source == rhs.source && lhs.value.utf8.count == rhs.value.utf8.count && lhs.value.utf8.elementsEqual(rhs.value.utf8)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(source)
        hasher.combine(value.utf8.count)
        hasher.combineUTF8(of: value)
    }

    /// By prefix, then by bytes: the same order as `String <` for NFC text, and a total
    /// order that agrees with `==` for the rest.
    static func < (lhs: ItemID, rhs: ItemID) -> Bool {
        guard lhs.source.idPrefix == rhs.source.idPrefix else { return lhs.source.idPrefix < rhs.source.idPrefix }
        return lhs.value.utf8.lexicographicallyPrecedes(rhs.value.utf8)
    }
}

extension ItemID: Codable {
    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.message)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

extension String {
    func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}
