import Foundation

/// Detail pages' facts in a reader's words, not the API's (issue 37): book identifiers,
/// language names, file sizes. Locale-free except where the site's language is the point
/// (language names), and deterministic: the same input gives the same bytes everywhere.
extension Format {
    /// A file size with one decimal in the largest unit under which it is at least 1:
    /// `81234944` → `77.5 MB`, `3091658752` → `2.9 GB`, `900` → `1 KB` (binary units:
    /// 1 KB = 1,024 bytes, 1 MB = 1,024 KB, 1 GB = 1,024 MB, as `megabytes` has them).
    static func fileSize(_ bytes: Int64) -> String {
        let magnitude = Double(bytes.magnitude)
        let sign = bytes < 0 ? "-" : ""
        if magnitude >= 1_073_741_824 { return sign + oneDecimalGrouped(magnitude / 1_073_741_824) + " GB" }
        if magnitude >= 1_048_576 { return sign + oneDecimalGrouped(magnitude / 1_048_576) + " MB" }
        return sign + grouped(Int((magnitude / 1024).rounded(.up))) + " KB"
    }

    /// `1234.56` → `1,234.6`.
    private static func oneDecimalGrouped(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded(.toNearestOrAwayFromZero))
        return "\(grouped(tenths / 10)).\(tenths % 10)"
    }

    /// Google Books' industry identifiers as a reader knows them: `ISBN_13:9781311792587` →
    /// `ISBN 9781311792587` (13 digits, not hyphenated: that needs the ISBN agency's range
    /// tables), `ISBN_10:0185083119` → `ISBN-10 0185083119` (left out when the book has an
    /// ISBN-13, the same number), `ISSN:1234-5678` → `ISSN 1234-5678`,
    /// `OTHER:OCLC:483341178` → `OCLC 483341178`; anything else as given.
    static func identifiers(_ raw: [String]) -> [String] {
        let parsed = raw.compactMap { nonEmpty($0) }.map { identifier -> (type: String, value: String) in
            guard let colon = identifier.firstIndex(of: ":") else { return ("", identifier) }
            let value = identifier[identifier.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            return (identifier[..<colon].uppercased(), value)
        }
        let hasISBN13 = parsed.contains { $0.type == "ISBN_13" }
        var seen = Set<String>()
        return parsed.compactMap { type, value in
            let shown: String?
            switch type {
            case "ISBN_13": shown = "ISBN " + value
            case "ISBN_10": shown = hasISBN13 ? nil : "ISBN-10 " + value
            case "ISSN": shown = "ISSN " + value
            case "OTHER":
                // `OCLC:483341178`, `LCCN:…`: the scheme, then its number.
                if let colon = value.firstIndex(of: ":"), colon != value.startIndex {
                    shown = value[..<colon].uppercased() + " " + value[value.index(after: colon)...]
                } else {
                    shown = value
                }
            default: shown = type.isEmpty ? value : type + ":" + value
            }
            guard let shown, !value.isEmpty, seen.insert(shown).inserted else { return nil }
            return shown
        }
    }

    /// A language code (`zh-CN`, `KO`, `en`) named in the site's language (`en` → "Chinese
    /// (China)", `ko` → "중국어(중국)"); the code as given when Foundation does not know it.
    static func languageName(_ code: String, in siteLanguage: String) -> String {
        let trimmed = code.trimmingCharacters(in: .whitespaces)
        let identifier = trimmed.replacingOccurrences(of: "_", with: "-")
        guard !identifier.isEmpty, identifier.count <= 35,
            identifier.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
        else { return trimmed }
        // Language subtags are lower case, region subtags upper case (`ZH-cn` → `zh-CN`).
        var parts = identifier.split(separator: "-").map(String.init)
        parts[0] = parts[0].lowercased()
        for index in parts.indices.dropFirst() where parts[index].count == 2 { parts[index] = parts[index].uppercased() }
        let canonical = parts.joined(separator: "-")
        let name = Locale(identifier: siteLanguage).localizedString(forIdentifier: canonical)
        guard let name, !name.isEmpty, name.lowercased() != canonical.lowercased() else { return trimmed }
        return name
    }

    /// Several language codes named (`["EN", "KO"]` → "English, Korean"), in the order given.
    static func languageNames(_ codes: [String], in siteLanguage: String) -> String? {
        list(codes.map { languageName($0, in: siteLanguage) })
    }
}
