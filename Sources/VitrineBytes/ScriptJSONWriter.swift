/// JSON for inside a `<script>`, written byte by byte into an array: what `JSONEncoder`
/// (sorted keys, no escaped slashes) writes, with `<`, `>`, `&`, U+2028 and U+2029 escaped
/// as `\u` sequences, so that no string can end the script, start markup or end a line.
public enum ScriptJSONWriter {
    /// Appends `text` as a JSON string literal.
    public static func string(_ text: String, to bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var index = 0
            while index < utf8.count {
                // A run of bytes that stand for themselves is copied at once.
                var end = index
                while end < utf8.count, !isSpecial(utf8[end]) { end += 1 }
                if end > index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[index..<end])) }
                guard end < utf8.count else { break }
                let byte = utf8[end]
                index = end + 1
                switch byte {
                case UInt8(ascii: "\""): bytes += #"\""#.utf8
                case UInt8(ascii: "\\"): bytes += #"\\"#.utf8
                case 0x0A: bytes += #"\n"#.utf8
                case 0x0D: bytes += #"\r"#.utf8
                case 0x09: bytes += #"\t"#.utf8
                case 0x08: bytes += #"\b"#.utf8
                case 0x0C: bytes += #"\f"#.utf8
                case 0x00..<0x20: unicodeEscape(UInt16(byte), to: &bytes)
                case UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"): unicodeEscape(UInt16(byte), to: &bytes)
                default:
                    // 0xE2: U+2028 and U+2029 (E2 80 A8, E2 80 A9) end a line in a script. E2
                    // leads a three-byte sequence (a String is valid UTF-8): its two
                    // continuation bytes need no escaping of their own.
                    let second = index < utf8.count ? utf8[index] : 0
                    let third = index + 1 < utf8.count ? utf8[index + 1] : 0
                    if second == 0x80, third == 0xA8 || third == 0xA9 {
                        unicodeEscape(third == 0xA8 ? 0x2028 : 0x2029, to: &bytes)
                        index += 2
                    } else {
                        bytes.append(byte)
                    }
                }
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The bytes `string` does not copy as they are: controls, `"`, `\\`, `<`, `>`, `&`, and
    /// 0xE2 (which may lead U+2028 or U+2029). Compared, not looked up in a table: a global
    /// table is initialised lazily, and that is checked on every byte.
    @inline(__always)
    private static func isSpecial(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x22 || byte == 0x5C || byte == 0x3C || byte == 0x3E || byte == 0x26 || byte == 0xE2
    }

    /// `\u` and four lower-case hex digits.
    private static func unicodeEscape(_ value: UInt16, to bytes: inout [UInt8]) {
        bytes += #"\u"#.utf8
        for shift in stride(from: 12, through: 0, by: -4) {
            let nibble = UInt8(truncatingIfNeeded: value >> UInt16(shift)) & 0x0F
            bytes.append(nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ nibble &- 10)
        }
    }

    /// Appends `value` in decimal, as `String(value)` spells it, digit by digit (no `String`).
    public static func decimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var magnitude = value.magnitude
        var divisor: UInt = 1
        while magnitude / divisor >= 10 { divisor *= 10 }
        repeat {
            bytes.append(UInt8(ascii: "0") &+ UInt8(magnitude / divisor))
            magnitude %= divisor
            divisor /= 10
        } while divisor > 0
    }

    /// Appends one JSON object whose members `members` writes, in the order it writes them
    /// (the caller gives the keys sorted, as the encoder's `.sortedKeys` writes them); an
    /// absent value leaves its member out.
    @inlinable public static func object(to bytes: inout [UInt8], _ members: (inout ObjectMembers) -> Void) {
        var object = ObjectMembers()
        swap(&object.bytes, &bytes)
        members(&object)
        if object.isEmpty { object.bytes.append(UInt8(ascii: "{")) }
        object.bytes.append(UInt8(ascii: "}"))
        swap(&object.bytes, &bytes)
    }

    /// The members of one object being written (`object(to:_:)`).
    public struct ObjectMembers {
        @usableFromInline var bytes: [UInt8] = []
        @usableFromInline var isEmpty = true

        @usableFromInline init() {}

        /// `{` or `,`, then `"name":`.
        @inlinable mutating func key(_ name: StaticString) {
            bytes.append(isEmpty ? UInt8(ascii: "{") : UInt8(ascii: ","))
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
            bytes.append(UInt8(ascii: "\""))
            bytes.append(UInt8(ascii: ":"))
            isEmpty = false
        }

        /// `"name":"value"`, when there is a value.
        @inlinable public mutating func text(_ name: StaticString, _ value: String?) {
            guard let value else { return }
            key(name)
            ScriptJSONWriter.string(value, to: &bytes)
        }

        /// `"name":123`, when there is a value.
        @inlinable public mutating func number(_ name: StaticString, _ value: Int?) {
            guard let value else { return }
            key(name)
            ScriptJSONWriter.decimal(value, to: &bytes)
        }

        /// `"name":true` or `false`, when there is a value.
        @inlinable public mutating func flag(_ name: StaticString, _ value: Bool?) {
            guard let value else { return }
            key(name)
            bytes += value ? "true".utf8 : "false".utf8
        }

        /// `"name":["a","b"]`, when there is a value.
        @inlinable public mutating func texts(_ name: StaticString, _ values: [String]?) {
            guard let values else { return }
            key(name)
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                ScriptJSONWriter.string(value, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        }
    }
}
