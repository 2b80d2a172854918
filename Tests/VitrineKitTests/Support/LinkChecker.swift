import Foundation

/// Finds internal links and asset references in built HTML that do not resolve to a file
/// in the output — what a browser opening the site from disk or a sub-path would hit.
enum LinkChecker {
    /// `sitePath` is the path part of `baseURL` (`/fixture/`) that root-absolute links in
    /// 404.html start with.
    static func brokenLinks(in tree: [String: Data], sitePath: String = "/") -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"(?:href|src|srcset|action|poster)="([^"]*)""#)
        var broken: [String] = []
        for (path, data) in tree.sorted(by: { $0.key < $1.key }) where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            let folder = (path as NSString).deletingLastPathComponent
            for match in pattern.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                let raw = String(html[Range(match.range(at: 1), in: html)!]).replacingOccurrences(of: "&amp;", with: "&")
                for reference in raw.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces).split(separator: " ").first.map(String.init) ?? "" }) {
                    guard let target = resolve(reference, from: folder, sitePath: sitePath) else { continue }
                    let candidates = target.isEmpty || target.hasSuffix("/") ? [target + "index.html"] : [target]
                    if !candidates.contains(where: { tree[$0] != nil }) {
                        broken.append("\(path): \(reference)")
                    }
                }
            }
        }
        return broken
    }

    /// The output-relative path a reference points at, or nil for external/fragment links.
    private static func resolve(_ reference: String, from folder: String, sitePath: String) -> String? {
        if reference.isEmpty || reference.hasPrefix("#") || reference.contains(":") { return nil }
        var path = reference
        if let cut = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = String(path[..<cut]) }
        var parts: [String]
        if path.hasPrefix("/") {
            guard path.hasPrefix(sitePath) else { return "<outside site>" + path }
            parts = []
            path = String(path.dropFirst(sitePath.count))
        } else {
            parts = folder.isEmpty ? [] : folder.split(separator: "/").map(String.init)
        }
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            switch segment {
            case "..":
                if parts.isEmpty { return "<above root>/" + reference }
                parts.removeLast()
            case ".", "":
                continue
            default:
                parts.append(String(segment).removingPercentEncoding ?? String(segment))
            }
        }
        let joined = parts.joined(separator: "/")
        return path.hasSuffix("/") && !joined.isEmpty ? joined + "/" : joined
    }
}
