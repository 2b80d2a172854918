extension Template {
    /// Walks compiled nodes, appending the page to one byte buffer.
    struct Renderer {
        let library: TemplateLibrary
        var output: [UInt8] = []
        /// Where this render started in `output` (the start counts as a line start).
        var start = 0
        /// The context stack, innermost last.
        var stack: [TemplateValue]
        /// Position in the list being iterated, for `first()`, `index()`…
        var position: (index: Int, count: Int)?
        /// Prepended to each line while inside an indented partial or block.
        var indentation: [UInt8] = []
        var escapes = true
        /// Block overrides of the parents being rendered, outermost first (it wins).
        var overrides: [[String: [Node]]] = []
        /// Templates being included, outermost first, to bound the depth and name a cycle.
        var chain: [Int] = []
        /// Names found nowhere in the context (strict renders only).
        var missing: Set<String>?

        init(library: TemplateLibrary, root: TemplateValue) {
            self.library = library
            self.stack = [root]
        }

        mutating func render(_ nodes: [Node]) throws(TemplateError) {
            for node in nodes {
                switch node {
                case .text(let bytes):
                    emitText(bytes)
                case .value(let name, let escaped):
                    if let value = lookup(name) { emit(value, escaped: escaped && escapes) }
                case .section(let name, let children, let inverted):
                    try renderSection(lookup(name), children, inverted: inverted)
                case .include(let inclusion):
                    try include(inclusion)
                case .block(let name, let children, let blockIndentation):
                    let body = overrides.lazy.compactMap { $0[name] }.first ?? children
                    let saved = indentation
                    indentation += blockIndentation
                    try render(body)
                    indentation = saved
                case .escaping(let on):
                    escapes = on
                }
            }
        }

        private mutating func renderSection(_ value: TemplateValue?, _ children: [Node], inverted: Bool) throws(TemplateError) {
            let savedEscapes = escapes
            defer { escapes = savedEscapes }
            if inverted {
                if !(value?.isTruthy ?? false) { try render(children) }
                return
            }
            guard let value, value.isTruthy else { return }
            let savedPosition = position
            defer { position = savedPosition }
            switch value {
            case .list(let items):
                for (index, item) in items.enumerated() {
                    stack.append(item)
                    position = (index, items.count)
                    try render(children)
                    stack.removeLast()
                }
            case .bool:
                try render(children)
            default:
                stack.append(value)
                position = nil
                try render(children)
                stack.removeLast()
            }
        }

        private mutating func include(_ inclusion: Inclusion) throws(TemplateError) {
            let index: Int?
            switch inclusion.target {
            case .resolved(let resolved): index = resolved
            case .named(let name): index = library.index[name]
            case .dynamic(let name):
                guard case .string(let name)? = lookup(name) else { return }
                index = library.index[name]
            }
            guard let index else { return }
            guard chain.count < TemplateLibrary.maximumDepth else {
                throw .cycle(library.cycle(in: chain + [index]))
            }
            let saved = (indentation, escapes, position, overrides.count)
            indentation += inclusion.indentation
            escapes = true
            position = nil
            if let blocks = inclusion.overrides { overrides.append(blocks) }
            chain.append(index)
            try render(library.templates[index].nodes)
            chain.removeLast()
            (indentation, escapes, position) = (saved.0, saved.1, saved.2)
            overrides.removeLast(overrides.count - saved.3)
        }

        // MARK: Output

        private var atLineStart: Bool {
            output.count == start || output.last == .newline
        }

        /// Template text: indented after each newline while inside an indented partial.
        private mutating func emitText(_ bytes: [UInt8]) {
            guard !indentation.isEmpty else {
                output.append(contentsOf: bytes)
                return
            }
            var lineStart = 0
            while lineStart < bytes.count {
                let end = bytes[lineStart...].firstIndex(of: .newline).map { $0 + 1 } ?? bytes.count
                if atLineStart { output.append(contentsOf: indentation) }
                output.append(contentsOf: bytes[lineStart..<end])
                lineStart = end
            }
        }

        private mutating func emit(_ value: TemplateValue, escaped: Bool) {
            switch value {
            case .string(let text): write(text, escaped: escaped)
            case .int(let number): write(String(number), escaped: false)
            case .double(let number): write(String(number), escaped: false)
            case .bool(let flag): write(flag ? "true" : "false", escaped: false)
            case .null, .list, .object: break
            }
        }

        private mutating func write(_ text: String, escaped: Bool) {
            var text = text
            text.withUTF8 { bytes in
                guard !bytes.isEmpty else { return }
                if !indentation.isEmpty, atLineStart { output.append(contentsOf: indentation) }
                if escaped {
                    output.appendEscapingHTML(bytes)
                } else {
                    output.append(contentsOf: bytes)
                }
            }
        }
    }
}
