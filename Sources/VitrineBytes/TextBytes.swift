/// UTF-8 bytes checked for what `TextPolicy` (VitrineKit) removes, without decoding them.
public enum TextBytes {
    /// True when no byte can start what the policy removes: C0 controls and DEL are single
    /// bytes, C1 controls start with 0xC2, the noncharacters with 0xEF or a four-byte lead.
    /// Eight bytes at a time, each kind of suspect byte found in the whole word at once (a
    /// zero byte in the word masked or compared for it), so a word of Hangul or accented
    /// letters passes as fast as one of ASCII; only a word that may hold one (a tab or a
    /// newline too) is looked at byte by byte.
    public static func hasNoSuspectByte(_ bytes: UnsafeRawBufferPointer) -> Bool {
        func suspect(_ byte: UInt8) -> Bool {
            (byte < 0x20 && byte != 0x0A && byte != 0x09) || byte == 0x7F || byte == 0xC2 || byte == 0xEF || byte >= 0xF0
        }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // Non-zero exactly when `word` has a zero byte (a false hit can only follow a true one).
        @inline(__always) func zeroByte(_ word: UInt64) -> UInt64 { (word &- ones) & ~word }
        var index = 0
        while index + 8 <= bytes.count {
            let word = bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // Below 0x20: the top three bits clear. DEL, 0xC2, 0xEF: equal. From 0xF0: the top four set.
            let found =
                zeroByte(word & (0xE0 &* ones)) | zeroByte(word ^ (0x7F &* ones)) | zeroByte(word ^ (0xC2 &* ones))
                | zeroByte(word ^ (0xEF &* ones)) | zeroByte((word & (0xF0 &* ones)) ^ (0xF0 &* ones))
            if found & highs != 0 {
                for offset in index..<(index + 8) where suspect(bytes[offset]) { return false }
            }
            index += 8
        }
        while index < bytes.count {
            if suspect(bytes[index]) { return false }
            index += 1
        }
        return true
    }

    /// `hasNoSuspectByte` of a `String`'s contiguous UTF-8.
    public static func hasNoSuspectByte(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        hasNoSuspectByte(UnsafeRawBufferPointer(bytes))
    }
}
