extension [UInt8] {
    /// Appends `bytes` with `& < > " '` replaced by `&amp; &lt; &gt; &quot; &#39;` — the set
    /// swift-mustache escapes, so pages stay byte-identical. Runs of other bytes are copied
    /// whole; multi-byte UTF-8 sequences never contain these ASCII bytes.
    mutating func appendEscapingHTML(_ bytes: UnsafeBufferPointer<UInt8>) {
        var runStart = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            // Every escaped byte is at most `>` (0x3E); most text is above it.
            guard byte <= 0x3E else { continue }
            let replacement: StaticString
            switch byte {
            case UInt8(ascii: "&"): replacement = "&amp;"
            case UInt8(ascii: "<"): replacement = "&lt;"
            case UInt8(ascii: ">"): replacement = "&gt;"
            case UInt8(ascii: "\""): replacement = "&quot;"
            case UInt8(ascii: "'"): replacement = "&#39;"
            default: continue
            }
            append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            append(contentsOf: UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            runStart = index + 1
        }
        append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
}
