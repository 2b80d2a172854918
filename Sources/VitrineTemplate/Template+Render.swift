extension Template {
    /// Walks a library's compiled operations (`Program`), appending the page to one byte buffer.
    struct Renderer {
        let library: TemplateLibrary
        let program: Program
        var output: [UInt8] = []
        /// The context stack, innermost last.
        var stack: [TemplateValue]
        /// Position in the list being iterated, for `first()`, `index()`…
        var position: (index: Int, count: Int)?
        /// One per nested render (template, section or list item, partial, block), innermost last.
        var frames: [Frame] = []
        /// Whether the innermost frame has an indentation (most renders have none).
        var indented = false
        var escapes = true
        /// The block overrides (indices in `Program.overrideSets`) of the parents being
        /// rendered, outermost first (it wins).
        var overrides: [Int32] = []
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
            self.program = library.program
            self.stack = [root]
        }

        private var indentation: [UInt8] { indented ? frames[frames.count - 1].indentation : [] }

        /// Renders the template at `index` of the library.
        mutating func render(template index: Int) throws(TemplateError) {
            let operations = program.templates[index]
            try render(Int(operations.lowerBound)..<Int(operations.upperBound), indentation: [])
        }

        private mutating func render(_ operations: Range<Int>, indentation: [UInt8]) throws(TemplateError) {
            frames.append(Frame(start: output.count, nodeStart: output.count, indentation: indentation))
            let wasIndented = indented
            indented = !indentation.isEmpty
            defer {
                frames.removeLast()
                indented = wasIndented
            }
            let top = frames.count - 1
            let ops = program.ops
            var index = operations.lowerBound
            while index < operations.upperBound {
                frames[top].nodeStart = output.count
                switch ops[index] {
                case .text(let text):
                    emitText(program.bytes(text))
                    index += 1
                case .value(let name, let escaped):
                    if let value = lookup(name) { emit(value, escaped: escaped && escapes) }
                    index += 1
                case .section(let name, let end, let inverted):
                    try renderSection(lookup(name), index + 1..<Int(end), inverted: inverted)
                    index = Int(end)
                case .include(let include):
                    try self.include(include)
                    index = Int(include.end)
                case .block(let key, let end, let blockIndentation):
                    let body = override(of: key) ?? (index + 1..<Int(end))
                    try render(body, indentation: indented(by: blockIndentation))
                    index = Int(end)
                case .escaping(let on):
                    escapes = on
                    index += 1
                }
            }
        }

        /// The body the outermost parent being rendered gives block `key`, if any.
        private func override(of key: Int32) -> Range<Int>? {
            for set in overrides {
                if let body = program.overrideSets[Int(set)][key] { return Int(body.lowerBound)..<Int(body.upperBound) }
            }
            return nil
        }

        /// The current indentation followed by `more`.
        private func indented(by more: Program.Extent) -> [UInt8] {
            more.count == 0 ? indentation : indentation + program.bytes(more)
        }

        private mutating func renderSection(_ value: TemplateValue?, _ children: Range<Int>, inverted: Bool) throws(TemplateError) {
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
                let indentation = indentation
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

        private mutating func include(_ include: Program.Include) throws(TemplateError) {
            var target = Int(include.target)
            if include.dynamic >= 0 {
                guard case .string(let name)? = lookup(include.dynamic), let found = library.index[name] else { return }
                target = found
            }
            guard target >= 0 else { return }
            guard chain.count < TemplateLibrary.maximumDepth else {
                // A template already in the chain is a cycle that data kept alive; a chain of
                // distinct templates is only too deep, and says so.
                let names = chain.map { library.templates[$0].name } + [library.templates[target].name]
                throw chain.contains(target) ? .cycle(library.cycle(in: chain + [target])) : .tooDeep(names)
            }
            let saved = (escapes, position, overrides.count)
            escapes = true
            position = nil
            if include.overrides >= 0 { overrides.append(include.overrides) }
            chain.append(target)
            let operations = program.templates[target]
            try render(Int(operations.lowerBound)..<Int(operations.upperBound), indentation: indented(by: include.indentation))
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
        private mutating func emitText(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard indented else {
                output.append(contentsOf: bytes)
                return
            }
            let indentation = indentation
            var lineStart = 0
            while lineStart < bytes.count {
                let end = bytes[lineStart...].firstIndex(of: .newline).map { $0 + 1 } ?? bytes.count
                if lineStart == 0 {
                    indentFirstLine()
                } else {
                    output.append(contentsOf: indentation)
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[lineStart..<end]))
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
                if indented { indentFirstLine() }
                if escaped {
                    output.appendEscapingHTML(bytes)
                } else {
                    output.append(contentsOf: bytes)
                }
            }
        }
    }
}
