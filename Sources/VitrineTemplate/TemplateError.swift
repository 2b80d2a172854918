/// Why a template library could not be built or a page could not be rendered.
public enum TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A template does not parse: its name, the 1-based line and column, and why.
    case syntax(template: String, line: Int, column: Int, message: String)
    /// Templates include each other without end: the cycle, first template repeated last
    /// (`["a", "b", "a"]`). Found when the library is built, or while rendering when the
    /// inclusion depends on data and nests deeper than `TemplateLibrary.maximumDepth`.
    case cycle([String])
    /// Distinct templates include each other deeper than `TemplateLibrary.maximumDepth`
    /// while rendering, with no template repeated: the chain, outermost first.
    case tooDeep([String])
    /// Rendering asked for a template the library does not have.
    case unknownTemplate(String)

    /// The error as one line: template, line and column first.
    public var description: String {
        switch self {
        case .syntax(let template, let line, let column, let message):
            "\(template):\(line):\(column): \(message)"
        case .cycle(let names):
            "templates include each other without end: \(names.joined(separator: " → "))"
        case .unknownTemplate(let name):
            "no template named '\(name)'"
        case .tooDeep(let names):
            "templates nested deeper than \(TemplateLibrary.maximumDepth): \(Self.abridged(names).joined(separator: " → "))"
        }
    }

    /// A long chain as its first two and last two names around an ellipsis.
    static func abridged(_ names: [String]) -> [String] {
        guard names.count > 5 else { return names }
        return Array(names.prefix(2)) + ["…"] + Array(names.suffix(2))
    }
}
