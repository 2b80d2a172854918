import Foundation
import VitrineBytes

/// The one URL policy: every URL that comes from outside (API responses, snapshots,
/// catalogs, favorites, site.yml) passes `check` before it reaches a snapshot or a page model.
///
/// - Only absolute `http`/`https` URLs with a host pass; relative references are for the
///   site's own pages, never for outside data. `javascript:`, `data:`, protocol-relative
///   `//host`, entity-obfuscated schemes (`javascript&colon;…`) and bare words are dropped.
/// - As a browser serialises a URL: leading and trailing spaces and controls are trimmed,
///   tabs and line breaks removed, the scheme and host lower-cased, an empty path becomes
///   `/`, and characters not allowed in a URL (space, `"`, `<`, `>`, `` ` ``, `{`, `}`, `|`,
///   `^`, `[`, `]`, non-ASCII, a stray `%`) are percent-encoded. A URL with another control
///   character or a backslash is dropped.
/// - `user:pass@` is removed from the authority.
/// - `http://` becomes `https://` on hosts known to serve https (`upgradedHosts`).
///
/// `check` is idempotent: a checked URL checks to itself.
enum SafeURL {
    /// The checked URL, or nil when the text is not an absolute http(s) URL.
    static func check(_ text: String?) -> String? {
        guard let text, text.utf8.count <= 4096 else { return nil }
        return isCanonical(text) ? text : normalized(text)
    }

    /// `check` without its fast path (tests compare the two).
    static func normalized(_ text: String) -> String? {
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
        while let last = scalars.last, last.value <= 0x20 { scalars.removeLast() }
        let trimmed = String(String.UnicodeScalarView(scalars.filter { $0 != "\t" && $0 != "\n" && $0 != "\r" }))
        if trimmed.unicodeScalars.contains(where: { TextPolicy.isControl($0) || $0 == "\\" }) { return nil }

        guard let colon = trimmed.firstIndex(of: ":") else { return nil }
        let scheme = trimmed[..<colon].lowercased()
        guard scheme == "http" || scheme == "https" else { return nil }
        let afterScheme = trimmed[trimmed.index(after: colon)...]
        guard afterScheme.hasPrefix("//") else { return nil }
        let rest = afterScheme.dropFirst(2)
        let authorityEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" || $0 == "#" }) ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") { authority = authority[authority.index(after: at)...] }
        guard let (host, port) = hostAndPort(authority) else { return nil }
        let upgraded = scheme == "http" && servesHTTPS(host) ? "https" : scheme
        let path = rest[authorityEnd...]
        return "\(upgraded)://\(host)\(port.map { ":\($0)" } ?? "")" + (path.first == "/" ? "" : "/") + encoded(path)
    }

    /// Like `check`, for a link to an item's origin: a scheme-less value that looks like a
    /// host name (`www.example.com`, `att.com/deals`) becomes `https://www.example.com/`;
    /// a bare word (`extinguisher`) is dropped.
    static func link(_ text: String?) -> String? {
        guard let text else { return nil }
        if isCanonical(text) { return text }
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if scheme(of: trimmed) == nil, !trimmed.hasPrefix("/"), looksLikeHostName(trimmed) {
            return check("https://" + trimmed)
        }
        return check(trimmed)
    }

    /// True when `check` would return the text unchanged, decided in one pass over its bytes
    /// without allocating: `https://`, a lower-case host name without port or user, a path,
    /// and only characters that need no encoding. Every URL in a snapshot was checked when
    /// it was decoded, so pages built from snapshots take this path; anything else (ports,
    /// `http://`, upper case, characters to encode) goes the long way, which gives the same
    /// answer for these.
    static func isCanonical(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes -> Bool in
            let prefix: StaticString = "https://"
            let count = prefix.utf8CodeUnitCount
            guard bytes.count > count, bytes.count <= 4096, ByteSearch.hasPrefix(bytes, prefix) else { return false }
            var index = count
            var previous: UInt8 = UInt8(ascii: ".")  // a host may not start with "."
            while index < bytes.count, bytes[index] != UInt8(ascii: "/") {
                let byte = bytes[index]
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
                    break
                case UInt8(ascii: ".") where previous != UInt8(ascii: "."):
                    break
                default:
                    return false  // upper case, a port, user info, "?" or "#" right after the host, "..", …
                }
                previous = byte
                index += 1
            }
            guard index > count, index < bytes.count else { return false }  // a host, then a path
            var seenHash = false
            while index < bytes.count {
                switch bytes[index] {
                case 0...0x20, 0x7F...0xFF, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "`"),
                    UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "["), UInt8(ascii: "]"),
                    UInt8(ascii: "\\"):
                    return false
                case UInt8(ascii: "%"):
                    guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else { return false }
                case UInt8(ascii: "#"):
                    if seenHash { return false }
                    seenHash = true
                default:
                    break
                }
                index += 1
            }
            return true
        }
    }

    /// Hosts known to serve https, whose `http://` URLs are upgraded (mixed content on an
    /// https site otherwise): a suffix `.example.com` matches the domain and every subdomain.
    static let upgradedHosts: [String] = [
        ".giphy.com",  // media0–4.giphy.com, i.giphy.com (GIPHY's 2016 responses are http)
        ".mzstatic.com",  // App Store artwork and screenshots (is1-ssl.mzstatic.com, …)
        "apps.apple.com", "itunes.apple.com",
        "books.google.com", ".googleusercontent.com", ".ggpht.com", "books.googleapis.com", "www.googleapis.com",
        "image.tmdb.org", "www.themoviedb.org",
    ]

    static func servesHTTPS(_ host: String) -> Bool {
        if host.hasPrefix("books.google.") { return true }  // books.google.co.kr, books.google.de, …
        return upgradedHosts.contains { pattern in
            pattern.hasPrefix(".") ? host == pattern.dropFirst() || host.hasSuffix(pattern) : host == pattern
        }
    }

    /// The lower-cased scheme, if the text starts with `scheme:` before any `/`, `?` or `#`.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        if candidate.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return nil }
        guard let first = candidate.first, first.isLetter else { return candidate.isEmpty ? "" : nil }
        return candidate.lowercased()
    }

    /// `www.example.com`, `att.com/path`: dot-separated labels of letters, digits and `-`,
    /// the last one (the TLD) letters only, before any `/`, `?` or `#`.
    static func looksLikeHostName(_ text: String) -> Bool {
        let host = text.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        let labels = host.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, let tld = labels.last, (2...63).contains(tld.count),
            tld.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) || ("A"..."Z").contains($0) })
        else { return false }
        return labels.allSatisfy { label in
            (1...63).contains(label.count) && label.first != "-" && label.last != "-"
                && label.unicodeScalars.allSatisfy { isASCIIAlphanumeric($0) || $0 == "-" }
        }
    }

    /// A lower-cased host (a name or an IPv4 or bracketed IPv6 address) and an optional port.
    private static func hostAndPort(_ authority: Substring) -> (String, Int?)? {
        var host = authority
        var port: Int?
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            let digits = authority[authority.index(after: colon)...]
            host = authority[..<colon]
            if !digits.isEmpty {
                guard digits.count <= 5, digits.allSatisfy(\.isASCII), let number = Int(digits), number <= 65535 else { return nil }
                port = number
            }
        }
        let lower = host.lowercased()
        guard !lower.isEmpty else { return nil }
        if lower.hasPrefix("[") {
            guard lower.hasSuffix("]"), lower.count > 2,
                lower.dropFirst().dropLast().unicodeScalars.allSatisfy({ $0.properties.isASCIIHexDigit || $0 == ":" || $0 == "." })
            else { return nil }
        } else {
            guard !lower.hasPrefix("."), !lower.contains(".."),
                lower.unicodeScalars.allSatisfy({ isASCIIAlphanumeric($0) || $0 == "-" || $0 == "." || $0 == "_" })
            else { return nil }
        }
        return (lower, port)
    }

    /// Percent-encodes what a browser would in a path, query or fragment, plus the
    /// characters validators refuse (`{`, `}`, `|`, `^`, `[`, `]`); a second `#` becomes `%23`.
    private static func encoded(_ text: Substring) -> String {
        let bytes = Array(text.utf8)
        var output = ""
        var seenHash = false
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: "%"):
                let isEscape = index + 2 < bytes.count && isHex(bytes[index + 1]) && isHex(bytes[index + 2])
                output += isEscape ? "%" : "%25"
            case UInt8(ascii: "#") where seenHash:
                output += "%23"
            case UInt8(ascii: "#"):
                seenHash = true
                output += "#"
            case 0...0x20, 0x7F...0xFF, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "`"),
                UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: "|"), UInt8(ascii: "^"), UInt8(ascii: "["), UInt8(ascii: "]"):
                output += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            default:
                output.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return output
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }
}
