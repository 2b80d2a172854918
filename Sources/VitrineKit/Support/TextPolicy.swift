/// The one text policy for strings that come from outside (APIs, snapshots, catalogs,
/// favorites, Markdown files) and for what vitrine prints to a terminal.
///
/// - `plain`: NUL, the other C0 controls but tab and line feed, DEL, the C1 controls and
///   Unicode noncharacters are removed; CR LF and a lone CR become LF. What is left is
///   valid in an HTML text node and in an attribute value.
/// - `markdown`: as `plain`, but NUL becomes U+FFFD, as CommonMark asks (a NUL would end
///   the C string libcmark reads and cut the page short).
/// - `terminal`: one line for a terminal or a CI log: every control character (escape
///   sequences, CR, LF, tab) becomes a space or goes, so a title cannot clear the screen,
///   set the window title or fake a log line.
public enum TextPolicy {
    /// One field's text with control characters and noncharacters removed (tab and newline kept).
    static func plain(_ text: String) -> String {
        guard needsCleaning(text) else { return text }
        return clean(text, nul: nil, keepLines: true)
    }

    static func markdown(_ text: String) -> String {
        guard needsCleaning(text) else { return text }
        return clean(text, nul: "\u{FFFD}", keepLines: true)
    }

    /// `markdown` over an entry's text: bytes with nothing the policy could remove are kept
    /// as they are, not read into a `String` (nor unescaped, when they are a JSON string
    /// whose escapes stand for what the policy keeps: a newline, a tab, `"`, `\`, `/`).
    static func markdown(_ text: EntryText) -> EntryText {
        guard !text.allBytes(hasNoSuspectByte) else { return text }
        return EntryText(markdown(text.string))
    }

    /// Text for a terminal: one line, no escape sequences.
    public static func terminal(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || isNoncharacter($0) }) else { return text }
        return clean(text, nul: nil, keepLines: false)
    }

    /// True for C0 controls, DEL and C1 controls.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// U+FDD0–U+FDEF and the last two code points of every plane (U+FFFE, U+FFFF, U+1FFFE, …).
    static func isNoncharacter(_ scalar: Unicode.Scalar) -> Bool {
        (0xFDD0...0xFDEF).contains(scalar.value) || scalar.value & 0xFFFE == 0xFFFE
    }

    private static func needsCleaning(_ text: String) -> Bool {
        let plain = text.utf8.withContiguousStorageIfAvailable { hasNoSuspectByte(UnsafeRawBufferPointer($0)) }
        if plain == true { return false }
        return text.unicodeScalars.contains { ($0 != "\n" && $0 != "\t" && isControl($0)) || isNoncharacter($0) }
    }

    /// True when no byte can start what the policy removes: C0 controls and DEL are single
    /// bytes, C1 controls start with 0xC2, the noncharacters with 0xEF or a four-byte lead.
    /// Eight bytes at a time, each kind of suspect byte found in the whole word at once (a
    /// zero byte in the word masked or compared for it), so a word of Hangul or accented
    /// letters passes as fast as one of ASCII; only a word that may hold one (a tab or a
    /// newline too) is looked at byte by byte. Checking the bytes of every word with a
    /// high bit took a tenth of reading a 100,000-item catalog of Korean text.
    static func hasNoSuspectByte(_ bytes: UnsafeRawBufferPointer) -> Bool {
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

    private static func clean(_ text: String, nul: Unicode.Scalar?, keepLines: Bool) -> String {
        var output = String.UnicodeScalarView()
        var previousWasCR = false
        for scalar in text.unicodeScalars {
            defer { previousWasCR = scalar == "\r" }
            switch scalar {
            case "\0":
                if let nul { output.append(nul) }
            case "\r":
                output.append(keepLines ? "\n" : " ")
            case "\n":
                if !previousWasCR { output.append(keepLines ? "\n" : " ") }
            case "\t":
                output.append(keepLines ? "\t" : " ")
            default:
                if !isControl(scalar), !isNoncharacter(scalar) { output.append(scalar) }
            }
        }
        return String(output)
    }
}
