/// Turns the HTML fragments APIs put in text fields (Google Books `description` and
/// `searchInfo.textSnippet`) into plain text that templates can escape like any other string.
///
/// - Tags are removed; `<br>`, `</p>`, `</div>`, `</li>` and headings end a line.
/// - `<script>` and `<style>` are removed with their content; comments are removed.
/// - Named (`&amp;`, `&quot;`, `&nbsp;`, `&mdash;` …) and numeric (`&#39;`, `&#x27;`) entities
///   are decoded; unknown entities are kept as written.
/// - Text that contains no tag is taken as plain text: its line breaks are kept. Text with
///   tags follows HTML whitespace rules: runs of spaces and line breaks become one space.
/// - Other control characters are dropped; lines are trimmed and blank lines collapse to one.
enum HTMLText {
    static func plainText(fromHTML html: String) -> String {
        let scalars = Array(html.unicodeScalars)
        let isHTML = containsTag(scalars)
        var output = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "<", let tag = Tag.read(scalars, at: index) {
                if tag.breaksLine { output.append("\n") }
                index = tag.end
                if let closing = tag.rawTextEnd, let end = Tag.findClosing(closing, in: scalars, from: index) {
                    index = end
                }
            } else if scalar == "&", let (decoded, end) = Entity.decode(scalars, at: index) {
                output.append(contentsOf: decoded.unicodeScalars)
                index = end
            } else if isHTML, scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" {
                output.append(" ")
                index += 1
            } else if scalar == "\r" {
                if index + 1 < scalars.count, scalars[index + 1] == "\n" { index += 1 }
                output.append("\n")
                index += 1
            } else if scalar.properties.generalCategory == .control, scalar != "\n", scalar != "\t" {
                index += 1
            } else {
                output.append(scalar)
                index += 1
            }
        }
        return tidy(String(output), collapseSpaces: isHTML)
    }

    private static func containsTag(_ scalars: [Unicode.Scalar]) -> Bool {
        for index in scalars.indices where scalars[index] == "<" {
            if Tag.read(scalars, at: index) != nil { return true }
        }
        return false
    }

    /// Trims each line, collapses space runs (HTML only) and keeps at most one blank line.
    private static func tidy(_ text: String, collapseSpaces: Bool) -> String {
        var lines: [String] = []
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = String(raw)
            if collapseSpaces {
                line = line.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            }
            line = line.trimmingSpaces()
            if line.isEmpty, lines.last?.isEmpty ?? true { continue }
            lines.append(line)
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        return lines.joined(separator: "\n")
    }
}

extension String {
    /// Trims spaces and tabs (not no-break spaces, which the author asked for).
    func trimmingSpaces() -> String {
        var scalars = Substring(self).unicodeScalars[...]
        while let first = scalars.first, first == " " || first == "\t" { scalars.removeFirst() }
        while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
