import Foundation
import Yams

/// A `content/*.md` file: optional YAML front matter, then CommonMark.
struct ContentFile: Sendable {
    /// File name without `.md`: `index`, a gallery name, or a page name.
    var name: String
    var title: String?
    var description: String?
    /// Order in the navigation (lower first; then by name). Pages only.
    var weight: Int
    /// Whether a page is listed in the navigation.
    var inNavigation: Bool
    var html: String

    /// Splits and parses the file. Front matter is delimited by `---` lines at the very top.
    static func parse(_ text: String, name: String, file: String) throws(VitrineError) -> ContentFile {
        var body = text
        var content = ContentFile(name: name, title: nil, description: nil, weight: 0, inNavigation: true, html: "")
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.first.map({ $0.trimmingCharacters(in: .whitespaces) == "---" }) == true,
            let end = lines.dropFirst().firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "---" })
        {
            let yaml = lines[1..<end].joined(separator: "\n")
            body = lines[(end + 1)...].joined(separator: "\n")
            // Line numbers in errors count from the file's first line: pad with the `---` line.
            if let node = try YAMLMapping.compose("\n" + yaml, file: file) {
                let mapping = try YAMLMapping(node, file: file, path: "front matter")
                try mapping.rejectUnknownKeys(["title", "description", "weight", "nav"])
                content.title = try mapping.string("title")
                content.description = try mapping.string("description")
                content.weight = try mapping.int("weight", in: -10_000...10_000) ?? 0
                content.inNavigation = try mapping.bool("nav") ?? true
            }
        }
        if content.title == nil {
            content.title = Self.firstHeading(in: TextPolicy.markdown(body))
        }
        content.html = Markdown.html(body)
        return content
    }

    /// The text of the first `# Heading` line, used as the title when front matter has none.
    static func firstHeading(in markdown: String) -> String? {
        for line in markdown.split(separator: "\n") where line.hasPrefix("# ") {
            let title = line.dropFirst(2).trimmingCharacters(in: .whitespaces)
            return title.isEmpty ? nil : title
        }
        return nil
    }
}
