#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// JSON's string escapes, undone in one place: by the catalog scanner for every string with
/// escapes, and for a description kept as its place in a catalog, each time it is read.
public enum JSONString {
    /// Writes the text of a string's content — `raw`, the bytes between its quotes — into
    /// `output`, which has room for `raw.count` bytes (the text is never longer than its
    /// escaped form). Returns the text's length; nil at an escape JSON does not allow or a
    /// surrogate without its pair. Other bytes are copied as they are (the caller checks
    /// that the result is UTF-8, and that `raw` has no unescaped quote or control byte).
    public static func unescape(_ raw: UnsafeRawBufferPointer, into output: UnsafeMutableRawBufferPointer) -> Int? {
        let count = raw.count
        guard count > 0, let source = raw.baseAddress else { return 0 }
        guard output.count >= count, let target = output.baseAddress else { return nil }
        var read = 0
        var written = 0
        func put(_ byte: UInt8) {
            target.storeBytes(of: byte, toByteOffset: written, as: UInt8.self)
            written += 1
        }
        while read < count {
            // The run up to the next backslash, copied at once.
            let run = memchr(source + read, Int32(UInt8(ascii: "\\")), count - read).map { source.distance(to: UnsafeRawPointer($0)) - read } ?? count - read
            if run > 0 {
                memmove(target + written, source + read, run)
                read += run
                written += run
            }
            guard read < count else { break }
            guard read + 1 < count else { return nil }
            let escape = raw[read + 1]
            read += 2
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): put(escape)
            case UInt8(ascii: "b"): put(0x08)
            case UInt8(ascii: "f"): put(0x0C)
            case UInt8(ascii: "n"): put(0x0A)
            case UInt8(ascii: "r"): put(0x0D)
            case UInt8(ascii: "t"): put(0x09)
            case UInt8(ascii: "u"):
                guard var scalar = hex4(raw, at: read) else { return nil }
                read += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    guard read + 6 <= count, raw[read] == UInt8(ascii: "\\"), raw[read + 1] == UInt8(ascii: "u"), let low = hex4(raw, at: read + 2),
                        (0xDC00...0xDFFF).contains(low)
                    else { return nil }
                    read += 6
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let unicode = Unicode.Scalar(scalar), let encoded = UTF8.encode(unicode) else { return nil }
                for byte in encoded { put(byte) }
            default:
                return nil
            }
        }
        return written
    }

    /// Four hexadecimal digits at `offset`, either case.
    private static func hex4(_ raw: UnsafeRawBufferPointer, at offset: Int) -> UInt32? {
        guard offset + 4 <= raw.count else { return nil }
        var value: UInt32 = 0
        for byte in raw[offset..<(offset + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            value = value << 4 | UInt32(digit)
        }
        return value
    }
}
