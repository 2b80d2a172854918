extension Template {
    /// Every template of a library compiled into one flat list of plain operations, with
    /// their text in one byte pool and their names as indices into one table of keys.
    ///
    /// Rendering walks this list by index. No operation holds an array, a string or a box, so
    /// reading one copies a few integers: walking the parsed tree instead retained and
    /// released every node's payload (its text, its name's path, its children), and that was
    /// half of the time spent rendering a page. The parsed tree stays what errors, cycles and
    /// tests are checked on; this is built from it once, when the library is.
    final class Program: @unchecked Sendable {
        /// Bytes of `bytes`, or keys of `pathKeys`.
        struct Extent {
            var start: Int32
            var count: Int32

            static let empty = Extent(start: 0, count: 0)
        }

        enum Op {
            /// Literal bytes of `bytes`.
            case text(Extent)
            /// `{{name}}` / `{{{name}}}`; `name` indexes `names`.
            case value(name: Int32, escaped: Bool)
            /// A section; its children are the operations after it, up to `end`.
            case section(name: Int32, end: Int32, inverted: Bool)
            /// A partial or a parent tag.
            case include(Include)
            /// A block; its default content is the operations after it, up to `end`.
            /// `key` indexes `keys` (the block's name).
            case block(key: Int32, end: Int32, indentation: Extent)
            /// `{{%CONTENT_TYPE}}`.
            case escaping(Bool)
        }

        struct Include {
            /// The template included: a library index; -1 for none (renders nothing) and for a
            /// dynamic partial.
            var target: Int32
            /// `{{>*name}}`: the name (index in `names`) of the value naming it; -1 otherwise.
            var dynamic: Int32
            var indentation: Extent
            /// The parent tag's block overrides (an index in `overrideSets`); -1 for a partial.
            var overrides: Int32
            /// Where the operations after the tag start: a parent's override bodies come first.
            var end: Int32
        }

        /// A tag's name with its path and transforms as indices in `pathKeys`.
        struct Name {
            var scope: Template.Name.Scope
            var path: Extent
            var transforms: Extent
            /// The parsed name, in `parsedNames`, for what a strict render reports.
            var parsed: Int32
        }

        // Read-only views: nothing writes to a program once it is built, and concurrent
        // renders share it.
        let ops: UnsafeBufferPointer<Op>
        let bytes: UnsafeBufferPointer<UInt8>
        let names: UnsafeBufferPointer<Name>
        let pathKeys: UnsafeBufferPointer<Int32>
        let keys: UnsafeBufferPointer<String>
        /// Each template's operations, by library index.
        let templates: [Range<Int32>]
        /// Block name (an index in `keys`) → the body a parent tag gives it.
        let overrideSets: [[Int32: Range<Int32>]]
        let parsedNames: [Template.Name]

        init(_ parsed: [Template], index: [String: Int]) {
            var builder = Builder(index: index)
            var templates: [Range<Int32>] = []
            for template in parsed {
                let start = Int32(builder.ops.count)
                builder.compile(template.nodes)
                templates.append(start..<Int32(builder.ops.count))
            }
            self.templates = templates
            overrideSets = builder.overrideSets
            parsedNames = builder.parsedNames
            ops = .copying(builder.ops)
            bytes = .copying(builder.bytes)
            names = .copying(builder.names)
            pathKeys = .copying(builder.pathKeys)
            keys = .copying(builder.keys)
        }

        deinit {
            ops.deallocate()
            bytes.deallocate()
            names.deallocate()
            pathKeys.deallocate()
            _ = UnsafeMutableBufferPointer(mutating: keys).deinitialize()
            keys.deallocate()
        }

        func key(_ index: Int32) -> String {
            keys[Int(index)]
        }

        /// The key at `offset` of a name's path or transforms.
        func key(in slice: Extent, at offset: Int) -> String {
            keys[Int(pathKeys[Int(slice.start) + offset])]
        }

        func bytes(_ slice: Extent) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: bytes[Int(slice.start)..<Int(slice.start + slice.count)])
        }

        /// Collects operations, text and names while walking the parsed trees.
        private struct Builder {
            let index: [String: Int]
            var ops: [Op] = []
            var bytes: [UInt8] = []
            var names: [Name] = []
            var pathKeys: [Int32] = []
            var keys: [String] = []
            var keyIndex: [String: Int32] = [:]
            var overrideSets: [[Int32: Range<Int32>]] = []
            var parsedNames: [Template.Name] = []

            mutating func compile(_ nodes: [Node]) {
                for node in nodes {
                    switch node {
                    case .text(let text):
                        ops.append(.text(slice(text)))
                    case .value(let name, let escaped):
                        ops.append(.value(name: intern(name), escaped: escaped))
                    case .section(let name, let children, let inverted):
                        let name = intern(name)
                        let at = reserve()
                        compile(children)
                        ops[at] = .section(name: name, end: Int32(ops.count), inverted: inverted)
                    case .include(let inclusion):
                        compile(inclusion)
                    case .block(let name, let children, let indentation):
                        let (key, indentation) = (key(name), slice(indentation))
                        let at = reserve()
                        compile(children)
                        ops[at] = .block(key: key, end: Int32(ops.count), indentation: indentation)
                    case .escaping(let on):
                        ops.append(.escaping(on))
                    }
                }
            }

            private mutating func compile(_ inclusion: Inclusion) {
                var include = Include(target: -1, dynamic: -1, indentation: slice(inclusion.indentation), overrides: -1, end: 0)
                switch inclusion.target {
                case .resolved(let target): include.target = target.map { Int32($0) } ?? -1
                case .named(let name): include.target = index[name].map { Int32($0) } ?? -1
                case .dynamic(let name): include.dynamic = intern(name)
                }
                let at = reserve()
                if let overrides = inclusion.overrides {
                    var set: [Int32: Range<Int32>] = [:]
                    for (name, body) in overrides.sorted(by: { $0.key < $1.key }) {
                        let start = Int32(ops.count)
                        compile(body)
                        set[key(name)] = start..<Int32(ops.count)
                    }
                    include.overrides = Int32(overrideSets.count)
                    overrideSets.append(set)
                }
                include.end = Int32(ops.count)
                ops[at] = .include(include)
            }

            /// A place for an operation whose end is known once its children are compiled.
            private mutating func reserve() -> Int {
                ops.append(.escaping(true))
                return ops.count - 1
            }

            private mutating func slice(_ text: [UInt8]) -> Extent {
                guard !text.isEmpty else { return .empty }
                defer { bytes.append(contentsOf: text) }
                return Extent(start: Int32(bytes.count), count: Int32(text.count))
            }

            private mutating func key(_ text: String) -> Int32 {
                if let found = keyIndex[text] { return found }
                let index = Int32(keys.count)
                keys.append(text)
                keyIndex[text] = index
                return index
            }

            private mutating func keyExtent(_ texts: [String]) -> Extent {
                let start = Int32(pathKeys.count)
                for text in texts { pathKeys.append(key(text)) }
                return Extent(start: start, count: Int32(texts.count))
            }

            private mutating func intern(_ name: Template.Name) -> Int32 {
                parsedNames.append(name)
                names.append(
                    Name(scope: name.scope, path: keyExtent(name.path), transforms: keyExtent(name.transforms), parsed: Int32(parsedNames.count - 1))
                )
                return Int32(names.count - 1)
            }
        }
    }
}

extension UnsafeBufferPointer {
    /// A new buffer holding `elements`; the caller deinitializes and deallocates it.
    fileprivate static func copying(_ elements: [Element]) -> Self {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: Swift.max(elements.count, 1))
        _ = buffer.initialize(from: elements)
        return UnsafeBufferPointer(rebasing: buffer[0..<elements.count])
    }
}
