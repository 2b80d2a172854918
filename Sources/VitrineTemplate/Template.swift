/// One parsed template: a tree of nodes, text already split from tags and standalone lines
/// already removed, so rendering only walks it. Built by `TemplateLibrary`, which resolves
/// partial names to templates once.
struct Template: Sendable {
    let name: String
    var nodes: [Node]

    /// What a template is made of.
    indirect enum Node: Sendable {
        /// Literal bytes.
        case text([UInt8])
        /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw).
        case value(Name, escaped: Bool)
        /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when inverted.
        case section(Name, [Node], inverted: Bool)
        /// `{{>name}}` (a partial) or `{{<name}}…{{/name}}` (a parent with block overrides).
        case include(Inclusion)
        /// `{{$name}}default{{/name}}`: a place a child may fill.
        case block(name: String, nodes: [Node], indentation: [UInt8])
        /// `{{%CONTENT_TYPE:TEXT}}` / `HTML`: whether values are escaped from here on.
        case escaping(Bool)
    }

    /// A partial or parent tag.
    struct Inclusion: Sendable {
        enum Target: Sendable {
            /// A name, before the library resolved it.
            case named(String)
            /// A template of the library, by index; `nil` when there is none (renders nothing).
            case resolved(Int?)
            /// `{{>*name}}`: the template named by a value.
            case dynamic(Name)
        }
        var target: Target
        /// Prepended to every line the included template renders (standalone tags).
        let indentation: [UInt8]
        /// Blocks this parent tag fills; nil for a plain partial.
        let overrides: [String: [Node]]?
    }

    /// A tag's name: `.` (the current value), a dotted path, optionally under transforms
    /// (`empty(list)`, `index()`, as in swift-mustache).
    struct Name: Sendable, CustomStringConvertible {
        /// Where the first component is looked up.
        enum Scope: Sendable {
            /// Up the context stack, innermost value first (`name`, `a.b`).
            case stack
            /// The current value only (`.`, `.name`).
            case current
            /// The position in the list being iterated (`first()`, `index()`).
            case position
        }
        let path: [String]
        /// Outermost first: `a(b(x))` is `["a", "b"]`, applied `b` then `a`.
        let transforms: [String]
        let scope: Scope

        var description: String {
            let dotted =
                switch scope {
                case .stack: path.joined(separator: ".")
                case .current: "." + path.joined(separator: ".")
                case .position: ""
                }
            return transforms.reversed().reduce(dotted) { "\($1)(\($0))" }
        }
    }
}
