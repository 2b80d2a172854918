extension Template.Parser {
    typealias Node = Template.Node
    typealias Name = Template.Name

    /// Parses the tag whose opening delimiter is at `start`; `whitespace` is what precedes it
    /// on its line when nothing else does. True when the tag closed `scope`.
    mutating func parseTag(
        at start: Int, whitespace: [UInt8], scope: Scope?, into nodes: inout Template.Nodes
    ) throws(TemplateError) -> Bool {
        let atLineStart = lineStart
        position = start + open.count
        guard position < bytes.count else { throw error(at: start, "unfinished tag") }
        let kind = bytes[position]
        if case .parent = scope, ![UInt8(ascii: "$"), UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "=")].contains(kind) {
            throw error(at: start, "illegal tag inside a parent tag (only blocks may be given)")
        }
        switch UnicodeScalar(kind) {
        case "!":
            position += 1
            _ = try readContent(tagStart: start)
            standalone(atLineStart, whitespace, &nodes)
        case "=":
            position += 1
            try setDelimiters(try readContent(tagStart: start), tagStart: start)
            standalone(atLineStart, whitespace, &nodes)
        case "%":
            position += 1
            let pragma = try readContent(tagStart: start).filter { $0 != " " }
            switch pragma {
            case "CONTENT_TYPE:HTML": nodes.append(.escaping(true))
            case "CONTENT_TYPE:TEXT": nodes.append(.escaping(false))
            default: throw error(at: start, "unknown pragma '\(pragma)'")
            }
            standalone(atLineStart, whitespace, &nodes)
        case "#", "^":
            position += 1
            let text = try readContent(tagStart: start)
            let name = try parseName(text, at: start)
            standalone(atLineStart, whitespace, &nodes)
            let children = try parseNested(until: .section(text), tagStart: start)
            nodes.append(.section(name, children, inverted: kind == UInt8(ascii: "^")))
        case "/":
            position += 1
            let nameStart = position
            let text = try readContent(tagStart: start)
            guard let scope else { throw error(at: start, "closing tag '\(text)' without an opening one") }
            guard text == scope.name else {
                throw error(at: nameStart, scope.isSection ? "section closed with the wrong name" : "'\(scope.name)' closed as '\(text)'")
            }
            standalone(atLineStart, whitespace, &nodes)
            return true
        case ">":
            position += 1
            let target = try inclusionTarget(try readContent(tagStart: start), at: start)
            nodes.text(whitespace)
            let isStandalone = standalone(atLineStart, [], &nodes)
            nodes.append(.include(.init(target: target, indentation: isStandalone ? whitespace : [], overrides: nil)))
        case "<":
            position += 1
            let target = try inclusionTarget(try readContent(tagStart: start), at: start)
            nodes.text(whitespace)
            if !standalone(atLineStart, [], &nodes) { lineStart = atLineStart }
            var overrides: [String: [Node]] = [:]
            for case .block(let name, let blockNodes, _) in try parseNested(until: .parent(target.description), tagStart: start) {
                overrides[name] = blockNodes
            }
            nodes.append(.include(.init(target: target, indentation: whitespace, overrides: overrides)))
        case "$":
            position += 1
            try parseBlock(tagStart: start, atLineStart: atLineStart, whitespace: whitespace, scope: scope, into: &nodes)
        case "{", "&":
            position += 1
            var text = try readContent(tagStart: start)
            if kind == .brace {
                if text.hasSuffix("}") {
                    text = String(text.dropLast()).trimmingSpaces()
                } else if position < bytes.count, bytes[position] == .closingBrace {
                    position += 1
                } else {
                    throw error(at: start, "unfinished tag")
                }
            }
            nodes.text(whitespace)
            lineStart = false
            nodes.append(.value(try parseName(text, at: start), escaped: false))
        default:
            let text = try readContent(tagStart: start)
            nodes.text(whitespace)
            lineStart = false
            nodes.append(.value(try parseName(text, at: start), escaped: true))
        }
        return false
    }

    /// `{{$name}}`: a block definition directly inside a parent tag, a block elsewhere.
    private mutating func parseBlock(
        tagStart: Int, atLineStart: Bool, whitespace: [UInt8], scope: Scope?, into nodes: inout Template.Nodes
    ) throws(TemplateError) {
        let name = try readContent(tagStart: tagStart)
        guard !name.contains("("), !name.isEmpty, !name.contains(" ") else {
            throw error(at: tagStart, "invalid block name '\(name)'")
        }
        if case .parent = scope {
            // An argument of the parent: its indentation is removed here, added where it expands.
            standalone(atLineStart, [], &nodes)
            dedents.append(nil)
            let children = try parseNested(until: .block(name), tagStart: tagStart)
            dedents.removeLast()
            nodes.append(.block(name: name, nodes: children, indentation: []))
            // A parent's tags need not be on lines of their own to be standalone.
            if !lineStart { lineStart = atLineStart }
        } else if atLineStart, let end = endOfBlankLine(from: position) {
            // Standalone: the default content's own indentation is the block's; like a
            // standalone partial's, it is written before the block, then at each new line.
            position = end
            lineStart = true
            dedents.append(nil)
            let children = try parseNested(until: .block(name), tagStart: tagStart)
            let indentation = dedents.removeLast() ?? whitespace
            nodes.text(indentation)
            nodes.append(.block(name: name, nodes: children, indentation: indentation))
        } else {
            nodes.text(whitespace)
            lineStart = false
            let children = try parseNested(until: .block(name), tagStart: tagStart)
            nodes.append(.block(name: name, nodes: children, indentation: whitespace))
        }
    }

    /// Ends a tag that may stand alone: if only whitespace surrounds it on its line, the line
    /// is consumed; otherwise `whitespace` is kept as text. True when standalone.
    @discardableResult
    private mutating func standalone(_ atLineStart: Bool, _ whitespace: [UInt8], _ nodes: inout Template.Nodes) -> Bool {
        if atLineStart, let end = endOfBlankLine(from: position) {
            position = end
            lineStart = true
            return true
        }
        nodes.text(whitespace)
        lineStart = false
        return false
    }

    /// The tag's content up to the closing delimiter (consumed), without surrounding spaces.
    private mutating func readContent(tagStart: Int) throws(TemplateError) -> String {
        var index = position
        while index < bytes.count, !matches(close, at: index) { index += 1 }
        guard index < bytes.count else { throw error(at: tagStart, "unfinished tag") }
        let text = String(decoding: bytes[position..<index], as: UTF8.self)
        position = index + close.count
        return text.trimmingSpaces()
    }

    /// `{{=<% %>=}}`.
    private mutating func setDelimiters(_ text: String, tagStart: Int) throws(TemplateError) {
        guard text.hasSuffix("=") else { throw error(at: tagStart, "invalid set-delimiter tag") }
        let parts = text.dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
            throw error(at: tagStart, "invalid set-delimiter tag")
        }
        open = Array(parts[0].utf8)
        close = Array(parts[1].utf8)
    }

    private func inclusionTarget(_ text: String, at offset: Int) throws(TemplateError) -> Template.Inclusion.Target {
        if text.hasPrefix("*") {
            let name = try parseName(String(text.dropFirst()).trimmingSpaces(), at: offset)
            guard name.transforms.isEmpty, name.scope == .stack else { throw error(at: offset, "invalid dynamic name '\(text)'") }
            return .dynamic(name)
        }
        guard !text.isEmpty, !text.contains(where: { $0 == " " || $0 == "\t" }) else {
            throw error(at: offset, "invalid template name '\(text)'")
        }
        return .named(text)
    }

    /// `name`, `a.b.c`, `.`, `.name` (current value only), `transform(name)`, `t1(t2(name))`.
    func parseName(_ text: String, at offset: Int) throws(TemplateError) -> Name {
        guard !text.isEmpty, !text.contains(where: { $0 == " " || $0 == "\t" || $0 == "\n" }) else {
            throw error(at: offset, text.isEmpty ? "empty tag" : "unfinished tag")
        }
        var transforms: [String] = []
        var rest = Substring(text)
        while let paren = rest.firstIndex(of: "(") {
            transforms.append(String(rest[..<paren]))
            rest = rest[rest.index(after: paren)...]
        }
        if !transforms.isEmpty {
            let closing = rest.reversed().prefix { $0 == ")" }.count
            guard closing == transforms.count, !transforms.contains(""), !rest.dropLast(closing).contains(")") else {
                throw error(at: offset, "unfinished tag")
            }
            rest = rest.dropLast(closing)
        } else if rest.contains(")") {
            throw error(at: offset, "unfinished tag")
        }
        if rest.isEmpty, !transforms.isEmpty { return Name(path: [], transforms: transforms, scope: .position) }
        let path = rest.split(separator: ".").map(String.init)
        guard rest.hasPrefix(".") || !path.isEmpty else { throw error(at: offset, "unfinished tag") }
        return Name(path: path, transforms: transforms, scope: rest.hasPrefix(".") ? .current : .stack)
    }
}

extension String {
    func trimmingSpaces() -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else { return "" }
        return String(self[first...last])
    }
}

extension Template.Inclusion.Target: CustomStringConvertible {
    var description: String {
        switch self {
        case .named(let name): name
        case .resolved(let index): "#\(index.map(String.init) ?? "-")"
        case .dynamic(let name): "*\(name)"
        }
    }
}
