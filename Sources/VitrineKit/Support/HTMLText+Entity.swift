extension HTMLText {
    /// Character references: `&amp;`, `&#39;`, `&#x2014;`.
    enum Entity {
        static let named: [String: String] = [
            "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
            "ndash": "\u{2013}", "mdash": "\u{2014}", "hellip": "\u{2026}", "bull": "\u{2022}",
            "middot": "\u{00B7}", "lsquo": "\u{2018}", "rsquo": "\u{2019}", "sbquo": "\u{201A}",
            "ldquo": "\u{201C}", "rdquo": "\u{201D}", "bdquo": "\u{201E}", "laquo": "\u{00AB}",
            "raquo": "\u{00BB}", "copy": "\u{00A9}", "reg": "\u{00AE}", "trade": "\u{2122}",
            "deg": "\u{00B0}", "times": "\u{00D7}", "divide": "\u{00F7}", "euro": "\u{20AC}",
            "pound": "\u{00A3}", "yen": "\u{00A5}", "cent": "\u{00A2}", "sect": "\u{00A7}",
            "para": "\u{00B6}", "shy": "", "zwj": "\u{200D}", "zwnj": "\u{200C}",
            "eacute": "\u{00E9}", "egrave": "\u{00E8}", "aacute": "\u{00E1}", "agrave": "\u{00E0}",
            "uuml": "\u{00FC}", "ouml": "\u{00F6}", "auml": "\u{00E4}", "szlig": "\u{00DF}",
            "ccedil": "\u{00E7}", "ntilde": "\u{00F1}", "iacute": "\u{00ED}", "oacute": "\u{00F3}",
            "uacute": "\u{00FA}", "ecirc": "\u{00EA}",
        ]

        /// Decodes the reference at `start` (which holds `&`); nil when it is not one.
        /// Returns the text and the index just past the `;`.
        static func decode(_ scalars: [Unicode.Scalar], at start: Int) -> (String, Int)? {
            var index = start + 1
            var body = ""
            while index < scalars.count, index - start <= 32 {
                let scalar = scalars[index]
                if scalar == ";" {
                    guard let text = resolve(body) else { return nil }
                    return (text, index + 1)
                }
                guard scalar.isASCIILetter || ("0"..."9").contains(scalar) || scalar == "#" else { return nil }
                body.unicodeScalars.append(scalar)
                index += 1
            }
            return nil
        }

        private static func resolve(_ body: String) -> String? {
            guard body.hasPrefix("#") else { return named[body] }
            let digits = body.dropFirst()
            let value: UInt32?
            if digits.first == "x" || digits.first == "X" {
                value = UInt32(digits.dropFirst(), radix: 16)
            } else {
                value = UInt32(digits, radix: 10)
            }
            guard let value else { return nil }
            guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
            if scalar.properties.generalCategory == .control, scalar != "\n", scalar != "\t" { return "" }
            return String(scalar)
        }
    }
}
