import Yams

/// A YAML mapping read strictly: every key must be known, every value of the right type,
/// and every error names the file, line, column and key path.
///
/// `Site/site.yml:12:5: unknown key 'titel' in galleries[1]`
struct YAMLMapping {
    let file: String
    /// Where this mapping sits, for messages: `galleries[1]`, `favorites`, or "" at the top.
    let path: String
    let node: Node
    private let pairs: [(key: String, keyNode: Node, value: Node)]

    init(_ node: Node, file: String, path: String) throws(VitrineError) {
        self.file = file
        self.path = path
        self.node = node
        guard case .mapping(let mapping) = node else {
            throw Self.error(file: file, at: node, "\(path.isEmpty ? "the file" : "'\(path)'") must be a mapping of keys to values")
        }
        var pairs: [(String, Node, Node)] = []
        for (keyNode, value) in mapping {
            guard let key = keyNode.string else {
                throw Self.error(file: file, at: keyNode, "keys must be strings\(Self.suffix(path))")
            }
            if pairs.contains(where: { $0.0 == key }) {
                throw Self.error(file: file, at: keyNode, "duplicate key '\(key)'\(Self.suffix(path))")
            }
            pairs.append((key, keyNode, value))
        }
        self.pairs = pairs
    }

    /// The keys in document order.
    var keys: [String] { pairs.map(\.key) }

    /// Fails on the first key not in `known`, in document order.
    func rejectUnknownKeys(_ known: Set<String>) throws(VitrineError) {
        for pair in pairs where !known.contains(pair.key) {
            let hint =
                known.sorted().min { editDistance($0, pair.key) < editDistance($1, pair.key) }
                .flatMap { editDistance($0, pair.key) <= 2 ? " (did you mean '\($0)'?)" : nil } ?? ""
            throw Self.error(file: file, at: pair.keyNode, "unknown key '\(pair.key)'\(Self.suffix(path))\(hint)")
        }
    }

    func value(_ key: String) -> Node? {
        guard let node = pairs.first(where: { $0.key == key })?.value else { return nil }
        if case .scalar(let scalar) = node, scalar.tag == .implicit, ["", "~", "null", "Null", "NULL"].contains(scalar.string), scalar.style == .plain {
            return nil
        }
        return node
    }

    func required(_ key: String) throws(VitrineError) -> Node {
        guard let node = value(key) else {
            throw Self.error(file: file, at: node, "missing key '\(key)'\(Self.suffix(path))")
        }
        return node
    }

    func string(_ key: String) throws(VitrineError) -> String? {
        guard let node = value(key) else { return nil }
        guard case .scalar(let scalar) = node else {
            throw typeError(key, node, "a string")
        }
        // YAML's escapes (`"\u0000"`, `"\e"`) can spell control characters: the text policy applies.
        return TextPolicy.plain(scalar.string)
    }

    func requiredString(_ key: String) throws(VitrineError) -> String {
        _ = try required(key)
        return try string(key) ?? ""
    }

    func int(_ key: String, in range: ClosedRange<Int>) throws(VitrineError) -> Int? {
        guard let node = value(key) else { return nil }
        guard case .scalar = node, let number = node.int else {
            throw typeError(key, node, "an integer")
        }
        guard range.contains(number) else {
            throw Self.error(file: file, at: node, "'\(qualified(key))' must be between \(range.lowerBound) and \(range.upperBound), got \(number)")
        }
        return number
    }

    func bool(_ key: String) throws(VitrineError) -> Bool? {
        guard let node = value(key) else { return nil }
        guard case .scalar = node, let flag = node.bool else {
            throw typeError(key, node, "true or false")
        }
        return flag
    }

    /// A list of scalars; a single scalar is accepted as a one-element list.
    func strings(_ key: String) throws(VitrineError) -> [String]? {
        guard let node = value(key) else { return nil }
        switch node {
        case .scalar(let scalar):
            return [TextPolicy.plain(scalar.string)]
        case .sequence(let sequence):
            var result: [String] = []
            for element in sequence {
                guard case .scalar(let scalar) = element else {
                    throw Self.error(file: file, at: element, "'\(qualified(key))' must be a list of strings or numbers")
                }
                result.append(TextPolicy.plain(scalar.string))
            }
            return result
        default:
            throw typeError(key, node, "a list")
        }
    }

    func mapping(_ key: String) throws(VitrineError) -> YAMLMapping? {
        guard let node = value(key) else { return nil }
        guard case .mapping = node else { throw typeError(key, node, "a mapping") }
        return try YAMLMapping(node, file: file, path: qualified(key))
    }

    func sequence(_ key: String) throws(VitrineError) -> [Node]? {
        guard let node = value(key) else { return nil }
        guard case .sequence(let sequence) = node else { throw typeError(key, node, "a list") }
        return Array(sequence)
    }

    /// One of `T`'s raw values, or an error at the value naming the value given and the known ones.
    func choice<T: RawRepresentable & CaseIterable>(_ key: String, _: T.Type) throws(VitrineError) -> T? where T.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let value = T(rawValue: text) else {
            let known = T.allCases.map(\.rawValue).joined(separator: " or ")
            throw error(at: key, "'\(key)' must be \(known)\(Self.suffix(path)), got '\(text)'")
        }
        return value
    }

    /// An error at the value of `key`.
    func error(at key: String, _ message: String) -> VitrineError {
        let node = value(key) ?? self.node
        return Self.error(file: file, at: node, message)
    }

    func qualified(_ key: String) -> String {
        path.isEmpty ? key : "\(path).\(key)"
    }

    private func typeError(_ key: String, _ node: Node, _ expected: String) -> VitrineError {
        let found: String
        switch node {
        case .scalar(let scalar): found = "'\(scalar.string)'"
        case .mapping: found = "a mapping"
        case .sequence: found = "a list"
        case .alias: found = "an alias"
        }
        return Self.error(file: file, at: node, "'\(qualified(key))' must be \(expected), got \(found)")
    }

    static func error(file: String, at node: Node, _ message: String) -> VitrineError {
        VitrineError(file: file, line: node.mark?.line, column: node.mark?.column, message)
    }

    private static func suffix(_ path: String) -> String {
        path.isEmpty ? "" : " in \(path)"
    }
}

/// Levenshtein distance, for "did you mean" hints on short keys.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
        var current = [i] + Array(repeating: 0, count: b.count)
        for j in 1...b.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        previous = current
    }
    return previous[b.count]
}

extension YAMLMapping {
    /// Parses YAML text into a node, turning Yams' errors into `file:line:column: message`.
    static func compose(_ text: String, file: String) throws(VitrineError) -> Node? {
        do {
            return try Yams.compose(yaml: text)
        } catch let error as YamlError {
            switch error {
            case .scanner(_, let problem, let mark, _), .parser(_, let problem, let mark, _):
                throw VitrineError(file: file, line: mark.line, column: mark.column, "invalid YAML: \(problem)")
            case .composer(_, let problem, let mark, _):
                throw VitrineError(file: file, line: mark.line, column: mark.column, "invalid YAML: \(problem)")
            case .duplicatedKeysInMapping(let duplicates, let context):
                // Yams' own description quotes the whole file; one line names the second key instead.
                let key = duplicates.sorted().first ?? ""
                let (line, column) = secondOccurrence(of: key, in: text, from: context.mark.line) ?? (context.mark.line, context.mark.column)
                throw VitrineError(file: file, line: line, column: column, "duplicate key '\(key)'")
            default:
                throw VitrineError(file: file, "invalid YAML: \(TextPolicy.terminal("\(error)").prefix(200))")
            }
        } catch {
            throw VitrineError(file: file, "invalid YAML: \(TextPolicy.terminal("\(error)").prefix(200))")
        }
    }

    /// The line and column of the second `key:` at the start of a line (after `- `) from
    /// line `start` on: where a duplicate key is written.
    static func secondOccurrence(of key: String, in text: String, from start: Int) -> (Int, Int)? {
        var found = 0
        for (offset, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where offset + 1 >= start {
            var body = line.drop { $0 == " " }
            if body.hasPrefix("- ") { body = body.dropFirst(2).drop { $0 == " " } }
            let unquoted = body.hasPrefix("\"\(key)\"") || body.hasPrefix("'\(key)'") ? body.dropFirst(key.count + 2) : (body.hasPrefix(key) ? body.dropFirst(key.count) : nil)
            guard let rest = unquoted, rest.drop(while: { $0 == " " }).hasPrefix(":") else { continue }
            found += 1
            if found == 2 { return (offset + 1, line.distance(from: line.startIndex, to: body.startIndex) + 1) }
        }
        return nil
    }
}
