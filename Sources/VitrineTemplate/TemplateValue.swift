/// A value a template renders: the page model, encoded once into this tree
/// (see `TemplateValueEncoder`), then read by every tag without casts or reflection.
///
/// Truthiness follows swift-mustache, which vitrine used before: `false`, `null` and an empty
/// list are falsy; every other value, the empty string and `0` included, is truthy.
public enum TemplateValue: Sendable, Equatable {
    /// Renders nothing; falsy (`encodeNil()`, e.g. an empty `RenderedHTML`).
    case null
    /// Renders `true`/`false`; a section shows when true, without a new context.
    case bool(Bool)
    case int(Int)
    case double(Double)
    /// Escaped by `{{name}}`, inserted as is by `{{{name}}}`.
    case string(String)
    /// A section renders once per element, each the new context.
    case list([TemplateValue])
    /// Named values (a model struct); a section renders once with it as the context.
    case object(TemplateObject)

    /// The value under `key` when this is an object; nil otherwise or when there is none.
    public subscript(key: String) -> TemplateValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }
}

/// Named values in the order they were encoded. Lookups scan the keys: page models have a
/// few dozen fields at most, and short keys compare faster than they hash.
public struct TemplateObject: Sendable, Equatable {
    /// Keys and values in insertion order, the order a section iterates them.
    public private(set) var entries: [(key: String, value: TemplateValue)]
    /// Keys whose value was `nil` when encoded with `TemplateValueEncoder.keepsNilKeys`: they
    /// render as missing, but a strict render knows the model has them.
    public private(set) var nilKeys: [String]

    /// An object with these entries, and (for strict renders) these keys known to be nil.
    public init(_ entries: [(key: String, value: TemplateValue)] = [], nilKeys: [String] = []) {
        self.entries = entries
        self.nilKeys = nilKeys
    }

    /// The value under `key`; the first one when a key repeats.
    public subscript(key: String) -> TemplateValue? {
        // Comparing lengths first skips most of the string comparisons of a miss.
        let length = key.utf8.count
        return entries.withUnsafeBufferPointer { entries in
            for index in entries.indices where entries[index].key.utf8.count == length && entries[index].key == key {
                return entries[index].value
            }
            return nil
        }
    }

    /// True when the model has `key`, with a value or (strict encoding) as nil.
    public func knows(_ key: String) -> Bool {
        self[key] != nil || nilKeys.contains(key)
    }

    /// Adds a value under `key` (lookups find the first one of a key).
    public mutating func append(_ key: String, _ value: TemplateValue) {
        if entries.isEmpty { entries.reserveCapacity(16) }
        entries.append((key, value))
    }

    /// Records that the model has `key` with a nil value.
    public mutating func appendNil(_ key: String) {
        nilKeys.append(key)
    }

    /// Equal when the same keys hold equal values in the same order, and the same keys are nil.
    public static func == (lhs: TemplateObject, rhs: TemplateObject) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.key == $1.key && $0.value == $1.value } && lhs.nilKeys == rhs.nilKeys
    }
}

extension TemplateValue {
    /// Whether a section renders for this value (see the type's documentation).
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .list(let items): !items.isEmpty
        default: true
        }
    }
}
