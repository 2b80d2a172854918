import Foundation

/// The one gate every URL passes before it reaches a snapshot or a page model.
///
/// Allowed: absolute `http`/`https` URLs with a host, and relative references (no scheme).
/// Everything else — `javascript:`, `data:`, `vbscript:`, `file:`, protocol-relative `//host`,
/// strings with control characters or whitespace — is refused.
public enum SafeURL {
    /// Returns the URL unchanged when it is safe, else nil.
    public static func check(_ text: String?) -> String? {
        guard let text, !text.isEmpty, text.count <= 4096 else { return nil }
        if text.unicodeScalars.contains(where: { $0.value < 0x21 || $0.value == 0x7F || $0 == "\\" }) {
            return nil
        }
        if let scheme = scheme(of: text) {
            guard scheme == "http" || scheme == "https" else { return nil }
            guard let components = URLComponents(string: text), let host = components.host, !host.isEmpty else {
                return nil
            }
            return text
        }
        // Relative: refuse protocol-relative `//evil.example`, which changes host.
        if text.hasPrefix("//") { return nil }
        return text
    }

    /// Like `check`, but upgrades `http://` to `https://` for hosts known to serve https
    /// (Google Books covers come as `http://books.google.com/...`). Other hosts are left as given.
    public static func checkUpgradingKnownHosts(_ text: String?) -> String? {
        guard let safe = check(text) else { return nil }
        guard safe.lowercased().hasPrefix("http://"),
              let host = URLComponents(string: safe)?.host?.lowercased() else { return safe }
        let upgradable = host.hasPrefix("books.google.") || host == "books.googleusercontent.com"
            || host.hasSuffix(".googleusercontent.com") || host.hasSuffix(".ggpht.com")
        return upgradable ? "https://" + safe.dropFirst("http://".count) : safe
    }

    /// The lower-cased scheme, if the text starts with `scheme:` before any `/`, `?` or `#`.
    static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let candidate = text[..<colon]
        if candidate.contains(where: { $0 == "/" || $0 == "?" || $0 == "#" }) { return nil }
        guard let first = candidate.first, first.isLetter else { return candidate.isEmpty ? "" : nil }
        return candidate.lowercased()
    }
}
