extension Template {
    /// Walks compiled nodes, appending the page to one byte buffer.
    struct Renderer {
        let library: TemplateLibrary
        var output: [UInt8] = []
        /// The context stack, innermost last.
        var stack: [TemplateValue]
        /// Position in the list being iterated, for `first()`, `index()`…
        var position: (index: Int, count: Int)?
        /// One per nested render (template, section or list item, partial, block), innermost last.
        var frames: [Frame] = []
        var escapes = true
        /// Block overrides of the parents being rendered, outermost first (it wins).
        var overrides: [[String: [Node]]] = []
        /// Templates being included, outermost first, to bound the depth and name a cycle.
        var chain: [Int] = []
        /// Names found nowhere in the context (strict renders only).
        var missing: Set<String>?

        /// Where a nested render started, where its current node started, and the
        /// indentation of the partials and blocks it is inside.
        struct Frame {
            let start: Int
            var nodeStart: Int
            let indentation: [UInt8]
        }

        init(library: TemplateLibrary, root: TemplateValue) {
            self.library = library
            self.stack = [root]
        }

        private var indentation: [UInt8] { frames.last?.indentation ?? [] }

        mutating func render(_ nodes: [Node], indentation: [UInt8]) throws(TemplateError) {
            frames.append(Frame(start: output.count, nodeStart: output.count, indentation: indentation))
            defer { frames.removeLast() }
            let top = frames.count - 1
            for node in nodes {
                frames[top].nodeStart = output.count
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
                    try render(body, indentation: indentation + blockIndentation)
                case .escaping(let on):
                    escapes = on
                }
            }
        }

        private mutating func renderSection(_ value: TemplateValue?, _ children: [Node], inverted: Bool) throws(TemplateError) {
            let savedEscapes = escapes
            defer { escapes = savedEscapes }
            if inverted {
                if !(value?.isTruthy ?? false) { try render(children, indentation: indentation) }
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
                    try render(children, indentation: indentation)
                    stack.removeLast()
                }
            case .bool:
                try render(children, indentation: indentation)
            default:
                stack.append(value)
                position = nil
                try render(children, indentation: indentation)
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
            let saved = (escapes, position, overrides.count)
            escapes = true
            position = nil
            if let blocks = inclusion.overrides { overrides.append(blocks) }
            chain.append(index)
            try render(library.templates[index].nodes, indentation: indentation + inclusion.indentation)
            chain.removeLast()
            (escapes, position) = (saved.0, saved.1)
            overrides.removeLast(overrides.count - saved.2)
        }

        // MARK: Output

        /// Indents the first bytes of a node the way swift-mustache did, so pages stay
        /// byte-identical: each nested render (a template, a section, each item of a list)
        /// indents a node that starts a line of its own output; a node that starts the
        /// render's output is indented by the enclosing render instead, unless an earlier
        /// item of the same list already wrote something (then it is not indented at all).
        private mutating func indentFirstLine() {
            var level = frames.count - 1
            while level >= 0 {
                let frame = frames[level]
                if frame.nodeStart > frame.start {
                    if !frame.indentation.isEmpty, output[frame.nodeStart - 1] == .newline {
                        output.append(contentsOf: frame.indentation)
                    }
                    return
                }
                guard level > 0, output.count == frames[level - 1].nodeStart else { return }
                level -= 1
            }
        }

        /// Template text: each line after the first starts a line of this render's output.
        private mutating func emitText(_ bytes: [UInt8]) {
            let indentation = indentation
            guard !indentation.isEmpty else {
                output.append(contentsOf: bytes)
                return
            }
            var lineStart = 0
            while lineStart < bytes.count {
                let end = bytes[lineStart...].firstIndex(of: .newline).map { $0 + 1 } ?? bytes.count
                if lineStart == 0 {
                    indentFirstLine()
                } else {
                    output.append(contentsOf: indentation)
                }
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
                if !indentation.isEmpty { indentFirstLine() }
                if escaped {
                    output.appendEscapingHTML(bytes)
                } else {
                    output.append(contentsOf: bytes)
                }
            }
        }
    }
}
