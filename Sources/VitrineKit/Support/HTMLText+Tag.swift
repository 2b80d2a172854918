extension HTMLText {
    /// One tag, comment or declaration starting at `<`.
    struct Tag {
        var name: String
        var isClosing: Bool
        /// Index just past the closing `>`.
        var end: Int

        static let lineBreakers: Set<String> = [
            "br", "p", "div", "li", "ul", "ol", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote",
        ]

        /// `<br>` breaks a line wherever it is; block elements break where they close.
        var breaksLine: Bool {
            name == "br" || (isClosing && Self.lineBreakers.contains(name))
        }

        /// For `<script>`/`<style>`, the closing tag whose content must be skipped.
        var rawTextEnd: String? {
            !isClosing && (name == "script" || name == "style") ? name : nil
        }

        /// Reads a tag at `start` (which holds `<`); nil when the `<` is plain text (`a < b`).
        static func read(_ scalars: [Unicode.Scalar], at start: Int) -> Tag? {
            var index = start + 1
            guard index < scalars.count else { return nil }
            if scalars[index] == "!" || scalars[index] == "?" {
                return readComment(scalars, at: start)
            }
            var isClosing = false
            if scalars[index] == "/" {
                isClosing = true
                index += 1
            }
            guard index < scalars.count, scalars[index].isASCIILetter else {
                return nil
            }
            var name = ""
            while index < scalars.count, scalars[index].isASCIILetter || ("0"..."9").contains(scalars[index]) {
                name.unicodeScalars.append(scalars[index])
                index += 1
            }
            guard !name.isEmpty, name.first?.isLetter == true else { return nil }
            // Skip attributes, honouring quotes, to the closing `>`.
            var quote: Unicode.Scalar?
            while index < scalars.count {
                let scalar = scalars[index]
                if let open = quote {
                    if scalar == open { quote = nil }
                } else if scalar == "\"" || scalar == "'" {
                    quote = scalar
                } else if scalar == ">" {
                    return Tag(name: name.lowercased(), isClosing: isClosing, end: index + 1)
                }
                index += 1
            }
            return nil  // an unterminated `<tag` is text
        }

        private static func readComment(_ scalars: [Unicode.Scalar], at start: Int) -> Tag? {
            let isComment = start + 3 < scalars.count && scalars[start + 2] == "-" && scalars[start + 3] == "-"
            var index = start + 2
            while index < scalars.count {
                if isComment {
                    if scalars[index] == ">", index >= start + 6, scalars[index - 1] == "-", scalars[index - 2] == "-" {
                        return Tag(name: "!--", isClosing: false, end: index + 1)
                    }
                } else if scalars[index] == ">" {
                    return Tag(name: "!", isClosing: false, end: index + 1)
                }
                index += 1
            }
            return nil
        }

        /// The index just past `</name ...>`, or nil when the element never closes.
        static func findClosing(_ name: String, in scalars: [Unicode.Scalar], from start: Int) -> Int? {
            var index = start
            while index < scalars.count {
                if scalars[index] == "<", let tag = read(scalars, at: index), tag.isClosing, tag.name == name {
                    return tag.end
                }
                index += 1
            }
            return nil
        }
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
