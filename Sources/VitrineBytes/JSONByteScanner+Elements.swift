extension JSONByteScanner {
    /// The offset of each element of the array at `position` (`[` next, after whitespace),
    /// and the offset after its closing `]`, found by following strings and brackets only
    /// (each string's closing quote found with `memchr`), so that the elements can be read
    /// apart; nil when the bytes end first, or the array is empty. It does not check the
    /// elements: a reader of each must end where the next one starts.
    public func arrayElementStarts() -> (starts: [Int], end: Int)? {
        var at = position
        func skipSpace() {
            while at < bytes.count, bytes[at] == 0x20 || bytes[at] == 0x0A || bytes[at] == 0x0D || bytes[at] == 0x09 { at += 1 }
        }
        skipSpace()
        guard at < bytes.count, bytes[at] == UInt8(ascii: "[") else { return nil }
        at += 1
        skipSpace()
        guard at < bytes.count, bytes[at] != UInt8(ascii: "]") else { return nil }
        var starts = [at]
        var depth = 0
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let after = stringEnd(from: at) else { return nil }
                at = after
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if depth == 0 {
                    guard byte == UInt8(ascii: "]") else { return nil }
                    return (starts, at)
                }
                depth -= 1
            case UInt8(ascii: ",") where depth == 0:
                skipSpace()
                starts.append(at)
            default:
                break
            }
        }
        return nil
    }

    /// The offset after the closing quote of the string whose content starts at `at`: the
    /// next `"` not escaped (after an even number of backslashes); nil when the bytes end.
    private func stringEnd(from at: Int) -> Int? {
        var at = at
        while true {
            guard at < bytes.count, let quote = bytes.firstIndex(of: UInt8(ascii: "\""), in: at..<bytes.count) else { return nil }
            var backslashes = 0
            while quote - backslashes - 1 >= at, bytes[quote - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
            at = quote + 1
            if backslashes & 1 == 0 { return at }
        }
    }
}
