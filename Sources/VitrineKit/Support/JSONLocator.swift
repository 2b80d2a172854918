import Foundation

/// Finds the line and column of a value in JSON text, given its key path, so a decoding
/// error can point at the place a person has to fix.
///
/// A small scanner, not a parser: it assumes the text is valid JSON (JSONDecoder already
/// said so) and skips over everything that is not on the path.
enum JSONLocator {
    enum Step: Equatable {
        case key(String)
        case index(Int)

        init(_ key: any CodingKey) {
            if let index = key.intValue { self = .index(index) } else { self = .key(key.stringValue) }
        }
    }

    static func position(of path: [Step], in data: Data) -> (line: Int, column: Int)? {
        let bytes = [UInt8](data)
        var scanner = ByteScanner(bytes: bytes)
        scanner.skipWhitespace()
        for step in path {
            guard scanner.descend(into: step) else { return nil }
        }
        return JSONFile.lineAndColumn(ofCharacter: scanner.index, in: data)
    }

    /// A byte cursor over JSON text: strings, whitespace, whole values.
    struct ByteScanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            // Skip a UTF-8 byte order mark.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
        }

        /// Moves from the start of a container to the start of the child value named by `step`.
        mutating func descend(into step: Step) -> Bool {
            skipWhitespace()
            switch (step, current) {
            case (.key(let wanted), UInt8(ascii: "{")):
                index += 1
                while true {
                    skipWhitespace()
                    guard current == UInt8(ascii: "\"") else { return false }
                    let key = readString()
                    skipWhitespace()
                    guard current == UInt8(ascii: ":") else { return false }
                    index += 1
                    skipWhitespace()
                    if key == wanted { return true }
                    skipValue()
                    skipWhitespace()
                    guard current == UInt8(ascii: ",") else { return false }
                    index += 1
                }
            case (.index(let wanted), UInt8(ascii: "[")):
                index += 1
                var position = 0
                while true {
                    skipWhitespace()
                    if current == UInt8(ascii: "]") { return false }
                    if position == wanted { return true }
                    skipValue()
                    skipWhitespace()
                    guard current == UInt8(ascii: ",") else { return false }
                    index += 1
                    position += 1
                }
            default:
                return false
            }
        }

        mutating func readString() -> String {
            index += 1
            var raw: [UInt8] = []
            while let byte = current, byte != UInt8(ascii: "\"") {
                if byte == UInt8(ascii: "\\") {
                    raw.append(byte)
                    index += 1
                }
                if let next = current { raw.append(next) }
                index += 1
            }
            index += 1
            // Keys with escapes are decoded properly; plain keys take the fast path.
            if raw.contains(UInt8(ascii: "\\")),
                let decoded = try? JSONSerialization.jsonObject(with: Data([UInt8(ascii: "\"")] + raw + [UInt8(ascii: "\"")]), options: [.fragmentsAllowed]) as? String
            {
                return decoded
            }
            return String(decoding: raw, as: UTF8.self)
        }

        mutating func skipValue() {
            skipWhitespace()
            guard let byte = current else { return }
            switch byte {
            case UInt8(ascii: "\""):
                _ = readString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while let c = current {
                    if c == UInt8(ascii: "\"") {
                        _ = readString()
                        continue
                    }
                    if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") { depth += 1 }
                    if c == UInt8(ascii: "}") || c == UInt8(ascii: "]") {
                        depth -= 1
                        if depth == 0 {
                            index += 1
                            return
                        }
                    }
                    index += 1
                }
            default:
                while let c = current, c != UInt8(ascii: ","), c != UInt8(ascii: "}"), c != UInt8(ascii: "]") { index += 1 }
            }
        }
    }
}
