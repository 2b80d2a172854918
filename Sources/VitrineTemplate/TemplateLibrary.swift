/// Named templates parsed once and compiled together: partial and parent names resolved to
/// templates, and inclusion cycles that no data can stop rejected before anything renders.
///
/// ```swift
/// let library = try TemplateLibrary(["page": "<h1>{{title}}</h1>"])
/// let bytes = try library.render("page", .object(TemplateObject([("title", .string("Hi"))])))
/// ```
public struct TemplateLibrary: Sendable {
    /// How deep partials and parents may include each other while rendering.
    public static let maximumDepth = 64
    /// How deep sections, parents and blocks may nest inside one template.
    public static let maximumNesting = 100

    let templates: [Template]
    let index: [String: Int]
    /// The templates compiled for rendering.
    let program: Template.Program

    /// Template names, sorted.
    public var names: [String] { templates.map(\.name) }

    /// Parses every template (name → Mustache text). Throws the first syntax error in name
    /// order, or `.cycle` when templates include each other outside any section or block.
    ///
    /// Templates named in `dropIndentation` lose the spaces and tabs that start each of their
    /// lines (and partials included on an indented line are not indented): HTML templates
    /// can be indented for their readers without every page paying for it. Not Mustache's
    /// behaviour, so never the default; line and column numbers in errors are unchanged.
    public init(_ sources: [String: String], dropIndentation: Set<String> = []) throws(TemplateError) {
        var templates: [Template] = []
        for (name, text) in sources.sorted(by: { $0.key < $1.key }) {
            templates.append(try Template(name: name, text: text, dropIndentation: dropIndentation.contains(name)))
        }
        var index: [String: Int] = [:]
        for (position, template) in templates.enumerated() { index[template.name] = position }
        self.index = index
        self.templates = templates.map { template in
            var template = template
            template.nodes = Self.resolve(template.nodes, index)
            return template
        }
        program = Template.Program(self.templates, index: index)
        if let cycle = unconditionalCycle() { throw .cycle(cycle) }
    }

    /// True when the library has a template named `name`.
    public func contains(_ name: String) -> Bool {
        index[name] != nil
    }

    /// Renders `value` with template `name`, appending to `buffer`.
    public func render(_ name: String, _ value: TemplateValue, into buffer: inout [UInt8]) throws(TemplateError) {
        var missing: Set<String>? = nil
        try render(name, value, into: &buffer, missing: &missing)
    }

    /// Renders `value` with template `name` into a new buffer.
    public func render(_ name: String, _ value: TemplateValue) throws(TemplateError) -> [UInt8] {
        var buffer: [UInt8] = []
        try render(name, value, into: &buffer)
        return buffer
    }

    /// Renders like `render(_:_:)` and also returns every name that was found nowhere in the
    /// context. With values encoded with `keepsNilKeys`, a name whose value is merely nil is
    /// not missing, so what remains names fields the model does not have.
    public func renderStrict(_ name: String, _ value: TemplateValue) throws(TemplateError) -> (bytes: [UInt8], missing: Set<String>) {
        var buffer: [UInt8] = []
        var missing: Set<String>? = []
        try render(name, value, into: &buffer, missing: &missing)
        return (buffer, missing ?? [])
    }

    private func render(_ name: String, _ value: TemplateValue, into buffer: inout [UInt8], missing: inout Set<String>?) throws(TemplateError) {
        guard let root = index[name] else { throw .unknownTemplate(name) }
        var renderer = Template.Renderer(library: self, root: value)
        swap(&renderer.output, &buffer)
        renderer.chain = [root]
        renderer.missing = missing
        defer {
            swap(&renderer.output, &buffer)
            missing = renderer.missing
        }
        try renderer.render(template: root)
    }

    private static func resolve(_ nodes: [Template.Node], _ index: [String: Int]) -> [Template.Node] {
        nodes.map { node in
            switch node {
            case .section(let name, let children, let inverted):
                return .section(name, resolve(children, index), inverted: inverted)
            case .block(let name, let children, let indentation):
                return .block(name: name, nodes: resolve(children, index), indentation: indentation)
            case .include(var inclusion):
                if case .named(let name) = inclusion.target { inclusion.target = .resolved(index[name]) }
                return .include(
                    .init(
                        target: inclusion.target, indentation: inclusion.indentation,
                        overrides: inclusion.overrides?.mapValues { resolve($0, index) }
                    )
                )
            case .text, .value, .escaping:
                return node
            }
        }
    }
}
