extension Template {
    /// Parses template text into nodes, following the Mustache spec's standalone-line rules
    /// (a line holding only a section, comment, partial, parent, block or delimiter tag and
    /// whitespace disappears) and swift-mustache's transforms and `{{%CONTENT_TYPE}}` pragma.
    init(name: String, text: String, dropIndentation: Bool = false) throws(TemplateError) {
        var parser = Parser(name: name, bytes: Array(text.utf8))
        parser.dropIndentation = dropIndentation
        self.name = name
        self.nodes = try parser.parseNodes(until: nil)
    }

    struct Parser {
        let name: String
        let bytes: [UInt8]
        var position = 0
        var open: [UInt8] = [.brace, .brace]
        var close: [UInt8] = [.closingBrace, .closingBrace]
        /// Only whitespace since the start of the current line.
        var lineStart = true
        /// Leading whitespace is read (for standalone lines) but never output.
        var dropIndentation = false
        /// Leading whitespace removed from each line, one entry per block being parsed;
        /// nil until the block's first line sets it.
        var dedents: [[UInt8]?] = []
        /// Sections, parents and blocks open around the tag being parsed.
        var nesting = 0

        /// What ends the nodes being parsed.
        enum Scope {
            case section(String)
            /// Inside `{{<name}}`: only block definitions count, text is ignored.
            case parent(String)
            case block(String)

            var name: String {
                switch self {
                case .section(let name), .parent(let name), .block(let name): name
                }
            }
        }

        /// Parses up to the end of `scope` (its closing tag consumed) or of the text.
        mutating func parseNodes(until scope: Scope?) throws(TemplateError) -> [Node] {
            var nodes = Nodes(ignoresText: { if case .parent = scope { true } else { false } }())
            while position < bytes.count {
                var whitespace = lineStart ? readIndentation() : []
                if dropIndentation { whitespace = [] }
                let textStart = position
                let (stop, isTag) = findTagOrNewline()
                if !isTag && stop < bytes.count {
                    nodes.text(whitespace + bytes[textStart...stop])
                    position = stop + 1
                    lineStart = true
                    continue
                }
                var pending = whitespace
                if stop > textStart {
                    nodes.text(whitespace + bytes[textStart..<stop])
                    pending = []
                    lineStart = false
                }
                position = stop
                guard isTag else {
                    nodes.text(pending)
                    break
                }
                if try parseTag(at: stop, whitespace: pending, scope: scope, into: &nodes) {
                    return nodes.nodes
                }
            }
            if let scope {
                throw error(at: bytes.count, scope.isSection ? "section is never closed" : "'\(scope.name)' is never closed")
            }
            return nodes.nodes
        }

        /// The nodes inside a section, parent or block opened by the tag at `tagStart`. Nesting
        /// is bounded (`TemplateLibrary.maximumNesting`) so no template, however deep, can exhaust
        /// the stack of the parser or of the renderer that walks what it made.
        mutating func parseNested(until scope: Scope, tagStart: Int) throws(TemplateError) -> [Node] {
            guard nesting < TemplateLibrary.maximumNesting else {
                throw error(at: tagStart, "sections, parents and blocks nested deeper than \(TemplateLibrary.maximumNesting)")
            }
            nesting += 1
            defer { nesting -= 1 }
            return try parseNodes(until: scope)
        }

        /// Reads the spaces and tabs that start a line, less what enclosing blocks remove.
        private mutating func readIndentation() -> [UInt8] {
            let start = position
            while position < bytes.count, bytes[position] == .space || bytes[position] == .tab { position += 1 }
            var whitespace = Array(bytes[start..<position])
            for index in dedents.indices {
                if let removed = dedents[index] {
                    whitespace.removeFirst(min(removed.count, whitespace.count))
                } else {
                    dedents[index] = whitespace
                    whitespace = []
                }
            }
            return whitespace
        }

        /// The next newline or opening delimiter from `position` (the end when neither).
        private func findTagOrNewline() -> (Int, isTag: Bool) {
            var index = position
            while index < bytes.count {
                let byte = bytes[index]
                if byte == .newline { return (index, false) }
                if byte == open[0], matches(open, at: index) { return (index, true) }
                index += 1
            }
            return (index, false)
        }

        func matches(_ delimiter: [UInt8], at index: Int) -> Bool {
            guard index + delimiter.count <= bytes.count else { return false }
            for offset in delimiter.indices where bytes[index + offset] != delimiter[offset] { return false }
            return true
        }

        /// If only spaces and tabs follow `index` up to a newline or the end, the position
        /// after that newline.
        func endOfBlankLine(from index: Int) -> Int? {
            var index = index
            while index < bytes.count, bytes[index] == .space || bytes[index] == .tab { index += 1 }
            if index == bytes.count { return index }
            if bytes[index] == .newline { return index + 1 }
            if bytes[index] == .carriageReturn, index + 1 < bytes.count, bytes[index + 1] == .newline { return index + 2 }
            return nil
        }

        /// The error at byte `offset`, with its 1-based line and column (in characters).
        func error(at offset: Int, _ message: String) -> TemplateError {
            var line = 1
            var lineStart = 0
            for index in 0..<min(offset, bytes.count) where bytes[index] == .newline {
                line += 1
                lineStart = index + 1
            }
            let column = bytes[lineStart..<min(offset, bytes.count)].reduce(1) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) }
            return .syntax(template: name, line: line, column: column, message: message)
        }
    }

    /// Nodes collected while parsing; adjacent text is merged.
    struct Nodes {
        let ignoresText: Bool
        var nodes: [Node] = []

        mutating func text<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
            guard !bytes.isEmpty, !ignoresText else { return }
            if case .text(let previous) = nodes.last {
                nodes[nodes.count - 1] = .text(previous + bytes)
            } else {
                nodes.append(.text(Array(bytes)))
            }
        }

        mutating func append(_ node: Node) {
            nodes.append(node)
        }
    }
}

extension Template.Parser.Scope {
    var isSection: Bool {
        if case .section = self { true } else { false }
    }
}

extension UInt8 {
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let brace = UInt8(ascii: "{")
    static let closingBrace = UInt8(ascii: "}")
}
