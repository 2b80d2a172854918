import Foundation

extension Template.Renderer {
    /// The value a tag names (`Program.names[id]`): the first component up the context stack
    /// (or in the current value, or the list position), the rest inside it, then the
    /// transforms. Nil when missing.
    mutating func lookup(_ id: Int32) -> TemplateValue? {
        let name = program.names[Int(id)]
        var value: TemplateValue?
        switch name.scope {
        case .position:
            guard let position, name.transforms.count > 0 else { return nil }
            let innermost = Int(name.transforms.count) - 1
            value = Self.positionValue(program.key(in: name.transforms, at: innermost), position)
            return value.flatMap { transform($0, name.transforms, count: innermost) }
        case .current:
            value = resolve(name, from: 0, in: stack[stack.count - 1])
        case .stack:
            let first = program.key(in: name.path, at: 0)
            for frame in stack.indices.reversed() {
                guard let found = stack[frame][first] else { continue }
                value = resolve(name, from: 1, in: found)
                break
            }
            if value == nil, missing != nil, !stack.contains(where: { $0.knows(first) }) {
                record(name)
            }
        }
        return value.flatMap { transform($0, name.transforms, count: Int(name.transforms.count)) }
    }

    /// The value at `name`'s path from component `start` on, inside `value`.
    private mutating func resolve(_ name: Template.Program.Name, from start: Int, in value: TemplateValue) -> TemplateValue? {
        var value = value
        for component in start..<Int(name.path.count) {
            let key = program.key(in: name.path, at: component)
            guard let next = value[key] else {
                if missing != nil, !value.knows(key) { record(name) }
                return nil
            }
            value = next
        }
        return value
    }

    private mutating func record(_ name: Template.Program.Name) {
        missing?.insert(program.parsedNames[Int(name.parsed)].description)
    }

    private static func positionValue(_ transform: String, _ position: (index: Int, count: Int)) -> TemplateValue? {
        switch transform {
        case "first": .bool(position.index == 0)
        case "last": .bool(position.index == position.count - 1)
        case "index": .int(position.index)
        case "even": .bool(position.index & 1 == 0)
        case "odd": .bool(position.index & 1 == 1)
        default: nil
        }
    }

    /// Applies swift-mustache's transforms: the first `count` of the name's `transforms`
    /// (kept outermost first), innermost first — `a(b(x))` applies `b`, then `a`.
    private func transform(_ value: TemplateValue, _ transforms: Template.Program.Extent, count: Int) -> TemplateValue? {
        var value = value
        for index in (0..<count).reversed() {
            guard let next = value.transformed(program.key(in: transforms, at: index)) else { return nil }
            value = next
        }
        return value
    }
}

extension TemplateValue {
    /// True when this is an object that has `key`, with a value or as a kept nil.
    func knows(_ key: String) -> Bool {
        guard case .object(let object) = self else { return false }
        return object.knows(key)
    }

    func transformed(_ name: String) -> TemplateValue? {
        switch self {
        case .string(let text):
            switch name {
            case "empty": .bool(text.isEmpty)
            case "capitalized": .string(text.capitalized)
            case "lowercased": .string(text.lowercased())
            case "uppercased": .string(text.uppercased())
            case "reversed": .string(String(text.reversed()))
            default: nil
            }
        case .list(let items):
            switch name {
            case "first": items.first
            case "last": items.last
            case "reversed": .list(items.reversed())
            case "count": .int(items.count)
            case "empty": .bool(items.isEmpty)
            case "sorted": Self.sorted(items)
            default: nil
            }
        case .object(let object):
            switch name {
            case "count": .int(object.entries.count)
            case "empty": .bool(object.entries.isEmpty)
            default: nil
            }
        case .int(let number):
            switch name {
            case "equalzero": .bool(number == 0)
            case "plusone": .int(number &+ 1)
            case "minusone": .int(number &- 1)
            case "even": .bool(number & 1 == 0)
            case "odd": .bool(number & 1 == 1)
            default: nil
            }
        case .null, .bool, .double:
            nil
        }
    }

    private static func sorted(_ items: [TemplateValue]) -> TemplateValue? {
        let strings = items.compactMap { if case .string(let text) = $0 { text } else { nil } }
        if strings.count == items.count { return .list(strings.sorted().map(TemplateValue.string)) }
        let numbers = items.compactMap { if case .int(let number) = $0 { number } else { nil } }
        if numbers.count == items.count { return .list(numbers.sorted().map(TemplateValue.int)) }
        return nil
    }
}
