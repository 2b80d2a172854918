import Foundation

extension JSONLocator {
    /// A number in JSON text with where it is.
    struct NumberToken {
        let path: [Step]
        let offset: Int
        let literal: String
    }

    /// The first number token, in document order, for which `isCulprit(key, literal)` holds
    /// (`key`: the object key it is the value of, nil in an array). Iterative, so no input
    /// nests deep enough to overflow the stack; assumes the text is valid JSON.
    static func firstNumber(in data: Data, where isCulprit: (String?, String) -> Bool) -> NumberToken? {
        let bytes = [UInt8](data)
        var scanner = ByteScanner(bytes: bytes)
        // One frame per open container: its path, and for an array the next index.
        var path: [Step] = []
        var arrayIndex: [Int?] = []
        var pendingKey: String?
        while let byte = scanner.current {
            switch byte {
            case UInt8(ascii: "{"):
                if let step = stepForValue(&pendingKey, &arrayIndex) { path.append(step) }
                arrayIndex.append(nil)
                scanner.index += 1
            case UInt8(ascii: "["):
                if let step = stepForValue(&pendingKey, &arrayIndex) { path.append(step) }
                arrayIndex.append(0)
                scanner.index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                arrayIndex.removeLast()
                if !arrayIndex.isEmpty || !path.isEmpty { _ = path.popLast() }
                scanner.index += 1
            case UInt8(ascii: "\""):
                let text = scanner.readString()
                scanner.skipWhitespace()
                if scanner.current == UInt8(ascii: ":") {
                    pendingKey = text
                    scanner.index += 1
                } else {
                    _ = stepForValue(&pendingKey, &arrayIndex)
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let start = scanner.index
                while let c = scanner.current,
                    c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
                        || c == UInt8(ascii: "e") || c == UInt8(ascii: "E") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(c)
                {
                    scanner.index += 1
                }
                let literal = String(decoding: bytes[start..<scanner.index], as: UTF8.self)
                let key = pendingKey
                let step = stepForValue(&pendingKey, &arrayIndex)
                if isCulprit(key, literal) {
                    return NumberToken(path: path + [step].compactMap { $0 }, offset: start, literal: literal)
                }
            case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
                _ = stepForValue(&pendingKey, &arrayIndex)
                while let c = scanner.current, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(c) { scanner.index += 1 }
            default:
                scanner.index += 1  // whitespace, ',' and ':'
            }
        }
        return nil
    }

    /// The step a value takes in its container (its key, or the array's next index), and
    /// advances the array index.
    private static func stepForValue(_ pendingKey: inout String?, _ arrayIndex: inout [Int?]) -> Step? {
        if let key = pendingKey {
            pendingKey = nil
            return .key(key)
        }
        guard let last = arrayIndex.last, let index = last else { return nil }
        arrayIndex[arrayIndex.count - 1] = index + 1
        return .index(index)
    }

    /// Keys of the integer fields of vitrine's own files (snapshots, catalogs, favorites).
    static let integerKeys: Set<String> = [
        "width", "height", "voteCount", "pageCount", "ratingsCount", "ratingCount", "fileSizeBytes", "totalResults",
    ]

    /// The number a decoder refused without saying where (Foundation reports "not valid
    /// JSON" for a number that does not fit its field): one that overflows a Double, or a
    /// non-integer or out-of-range value of an integer field.
    static func unrepresentableNumber(in data: Data) -> NumberToken? {
        firstNumber(in: data) { key, literal in
            guard let value = Double(literal), value.isFinite else { return true }
            guard let key, integerKeys.contains(key) else { return false }
            return Int64(literal) == nil && Int64(exactly: value) == nil
        }
    }
}
