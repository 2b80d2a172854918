/// JSON read in one pass over its bytes, value by value, by a reader that knows the shape it
/// expects (the catalog reader): each method reads one value at `position` and answers nil or
/// false at the first thing it is not sure of — a syntax error, a type it does not expect, a
/// repeated key, a number that is not plain, deep nesting — so that the caller can fall back
/// to a decoder whose errors name the line and column. What it accepts, `JSONDecoder`
/// accepts and decodes to the same values.
public struct JSONByteScanner {
    /// The JSON text.
    public let bytes: ByteView
    /// The offset of the next byte to read.
    public var position: Int

    /// A scanner of `bytes` from `position`.
    public init(bytes: ByteView, position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    /// Whether every byte was read (after trailing whitespace).
    public mutating func isAtEnd() -> Bool {
        skipWhitespace()
        return position == bytes.count
    }

    /// `{ "key": value, … }`, each value read by `member`; false on any error.
    @inlinable public mutating func object(_ member: (String, inout JSONByteScanner) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            skipWhitespace()
            guard let key = string(), take(UInt8(ascii: ":")) else { return false }
            skipWhitespace()
            guard member(key, &self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// `[ value, … ]`, each element read by `element`; false on any error.
    @inlinable public mutating func array(_ element: (inout JSONByteScanner) -> Bool) -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        if take(UInt8(ascii: "]")) { return true }
        repeat {
            skipWhitespace()
            guard element(&self) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]"))
    }

    /// `null` (the field stays nil), or the value read by `read`.
    @inlinable public mutating func optional(_ read: (inout JSONByteScanner) -> Bool) -> Bool {
        if literal("null") { return true }
        return read(&self)
    }

    /// Skips whitespace, then consumes `byte` if it is next.
    @inlinable public mutating func take(_ byte: UInt8) -> Bool {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    /// Skips JSON's whitespace: space, line feed, carriage return, tab.
    @inlinable public mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// Consumes `word` if it is next.
    @inlinable public mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard position + count <= bytes.count else { return false }
        for offset in 0..<count where bytes[position + offset] != word.utf8Start[offset] { return false }
        position += count
        return true
    }

    /// A string; nil for anything but plain UTF-8 with the escapes JSON allows and
    /// paired surrogates.
    public mutating func string() -> String? {
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return nil }
        position += 1
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = bytes.validString(start..<position)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { return escapedString(from: start) }
            if byte < 0x20 { return nil }
            position += 1
        }
        return nil
    }

    /// A string that has escapes, whose content starts at `start`: its end found (each
    /// backslash takes the byte after it), then its escapes undone (`JSONString`).
    private mutating func escapedString(from start: Int) -> String? {
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") { break }
            if byte < 0x20 { return nil }
            position += byte == UInt8(ascii: "\\") ? 2 : 1
        }
        guard position < bytes.count else { return nil }
        let content = start..<position
        position += 1
        return bytes.withBytes(in: content) { raw -> String? in
            var utf8 = [UInt8](repeating: 0, count: raw.count)
            guard let length = utf8.withUnsafeMutableBytes({ JSONString.unescape(raw, into: $0) }) else { return nil }
            return utf8.withUnsafeBytes { String(validUTF8: UnsafeRawBufferPointer(rebasing: $0[..<length])) }
        }
    }

    /// The bytes of a number in JSON's grammar (`-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`).
    private mutating func numberBytes() -> (text: String, integral: Bool)? {
        let start = position
        func digits() -> Int {
            let from = position
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) { position += 1 }
            return position - from
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "-") { position += 1 }
        let intStart = position
        let count = digits()
        guard count > 0, count == 1 || bytes[intStart] != UInt8(ascii: "0") else { return nil }
        var integral = true
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits() > 0 else { return nil }
            integral = false
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits() > 0 else { return nil }
            integral = false
        }
        return (bytes.decodedString(start..<position), integral)
    }

    /// A finite number with at most 17 significant digits (longer ones go the long way,
    /// so rounding is never in question).
    public mutating func double() -> Double? {
        guard let (text, _) = numberBytes(), text.utf8.count <= 24,
            let value = Double(text), value.isFinite
        else { return nil }
        return value
    }

    /// A plain integer that fits an `Int`.
    public mutating func integer() -> Int? {
        guard let (text, integral) = numberBytes(), integral else { return nil }
        return Int(text)
    }

    /// Skips any JSON value (unknown keys), at most 64 levels deep.
    public mutating func skipValue(depth: Int) -> Bool {
        guard depth < 64, position < bytes.count else { return false }
        switch bytes[position] {
        case UInt8(ascii: "\""): return string() != nil
        case UInt8(ascii: "{"):
            var seen: Set<String> = []
            return object { key, scanner in seen.insert(key).inserted && scanner.skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): return array { $0.skipValue(depth: depth + 1) }
        case UInt8(ascii: "t"): return literal("true")
        case UInt8(ascii: "f"): return literal("false")
        case UInt8(ascii: "n"): return literal("null")
        default: return numberBytes() != nil
        }
    }
}
