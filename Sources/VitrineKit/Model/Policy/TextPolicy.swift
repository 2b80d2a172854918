import VitrineBytes

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
        guard !text.allBytes(TextBytes.hasNoSuspectByte) else { return text }
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
        let plain = text.utf8.withContiguousStorageIfAvailable(TextBytes.hasNoSuspectByte)
        if plain == true { return false }
        return text.unicodeScalars.contains { ($0 != "\n" && $0 != "\t" && isControl($0)) || isNoncharacter($0) }
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
