import Foundation

/// Checks a built site the way a browser opening it from disk or a sub-path would: every
/// internal link, asset reference and `#anchor` in every HTML file must resolve.
enum LinkCheck {
    private static let attribute = try! NSRegularExpression(pattern: #"\s(href|src|srcset|poster|action)="([^"]*)""#)
    private static let identifier = try! NSRegularExpression(pattern: #"\sid="([^"]+)""#)

    /// One line per problem: `cats/index.html: broken link ../dogs/index.html`.
    /// `sitePath` is the path of `baseURL` (`/catalog/`), which root-absolute links (404.html)
    /// start with; nil when unknown (site.yml unreadable): root-absolute links are then skipped.
    static func problems(in output: URL, sitePath: String?) throws(VitrineError) -> [String] {
        let files = try listFiles(output)
        let fileSet = Set(files)
        var anchors: [String: Set<String>] = [:]
        var problems: [String] = []
        for path in files where path.hasSuffix(".html") {
            let html = try read(output.appendingPathComponent(path), path)
            for match in attribute.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
                let name = String(html[Range(match.range(at: 1), in: html)!])
                let value = decodeEntities(String(html[Range(match.range(at: 2), in: html)!]))
                let references =
                    name == "srcset"
                    ? value.split(separator: ",").compactMap { $0.split(separator: " ").first.map(String.init) }
                    : [value]
                for reference in references {
                    guard let target = resolve(reference, from: path, sitePath: sitePath) else { continue }
                    let page = target.path.isEmpty || target.path.hasSuffix("/") || target.path.hasSuffix(".html")
                    let what = (name == "href" || name == "action") && page ? "link" : "asset"
                    guard let file = existing(target.path, in: fileSet) else {
                        problems.append("\(path): broken \(what) \(reference)")
                        continue
                    }
                    if let fragment = target.fragment, !fragment.isEmpty, file.hasSuffix(".html") {
                        if anchors[file] == nil { anchors[file] = try ids(in: output.appendingPathComponent(file), file) }
                        if anchors[file]?.contains(fragment) != true {
                            problems.append("\(path): missing anchor \(reference)")
                        }
                    }
                }
            }
        }
        return problems
    }

    struct Target {
        var path: String
        var fragment: String?
    }

    /// The output-relative file a reference points at; nil for external, `mailto:`, `data:`
    /// and empty references.
    static func resolve(_ reference: String, from page: String, sitePath: String?) -> Target? {
        guard !reference.isEmpty, SafeURL.scheme(of: reference) == nil, !reference.hasPrefix("//") else { return nil }
        if reference.hasPrefix("/"), sitePath == nil { return nil }
        var rest = reference
        var fragment: String?
        if let hash = rest.firstIndex(of: "#") {
            fragment = String(rest[rest.index(after: hash)...]).removingPercentEncoding
            rest = String(rest[..<hash])
        }
        if let question = rest.firstIndex(of: "?") { rest = String(rest[..<question]) }
        if rest.isEmpty { return Target(path: page, fragment: fragment) }
        var parts: [String]
        if rest.hasPrefix("/"), let sitePath {
            guard rest.hasPrefix(sitePath) else { return Target(path: "/" + rest, fragment: fragment) }
            rest = String(rest.dropFirst(sitePath.count))
            parts = []
        } else {
            parts = page.split(separator: "/").dropLast().map(String.init)
        }
        let isFolder = rest.hasSuffix("/")
        for segment in rest.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..":
                if parts.isEmpty { return Target(path: "../" + rest, fragment: fragment) }
                parts.removeLast()
            default: parts.append(String(segment).removingPercentEncoding ?? String(segment))
            }
        }
        let joined = parts.joined(separator: "/")
        return Target(path: isFolder || joined.isEmpty ? (joined.isEmpty ? "" : joined + "/") : joined, fragment: fragment)
    }

    private static func existing(_ path: String, in files: Set<String>) -> String? {
        if path.isEmpty || path.hasSuffix("/") { return files.contains(path + "index.html") ? path + "index.html" : nil }
        if files.contains(path) { return path }
        return files.contains(path + "/index.html") ? path + "/index.html" : nil
    }

    private static func ids(in url: URL, _ label: String) throws(VitrineError) -> Set<String> {
        let html = try read(url, label)
        return Set(
            identifier.matches(in: html, range: NSRange(html.startIndex..., in: html)).map {
                decodeEntities(String(html[Range($0.range(at: 1), in: html)!]))
            })
    }

    private static func read(_ url: URL, _ label: String) throws(VitrineError) -> String {
        guard let data = FileManager.default.contents(atPath: url.path) else { throw VitrineError(file: label, "cannot read") }
        return String(decoding: data, as: UTF8.self)
    }

    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
    }

    /// Every regular file under `root`, relative, sorted.
    static func listFiles(_ root: URL) throws(VitrineError) -> [String] {
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else {
            throw VitrineError("\(root.path): cannot list", kind: .output)
        }
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        var files: [String] = []
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            files.append(String(url.standardizedFileURL.resolvingSymlinksInPath().path.dropFirst(base.count + 1)))
        }
        return files.sorted()
    }
}
