/// Turns any `Encodable` model into a `TemplateValue` tree, so templates read a model's
/// stored properties by name with no hand-written lookup table and no reflection while
/// rendering: a struct becomes an object, an array a list, a `nil` optional an absent key
/// (a template looks it up further out, as swift-mustache did), `encodeNil()` a `null`.
public struct TemplateValueEncoder: Sendable {
    /// Also record the keys of `nil` optionals (`TemplateObject.nilKeys`), for strict renders
    /// that tell a misspelled name from an empty field.
    public var keepsNilKeys = false

    /// An encoder; `keepsNilKeys` for strict renders (see the property).
    public init(keepsNilKeys: Bool = false) {
        self.keepsNilKeys = keepsNilKeys
    }

    /// The value tree of `value`: a struct's stored properties by name, arrays as lists.
    public func encode<T: Encodable>(_ value: T) throws -> TemplateValue {
        try ValueEncoder.value(of: value, keepsNilKeys: keepsNilKeys)
    }
}

/// One level of encoding: holds what `encode(to:)` put in it.
final class ValueEncoder: Encoder {
    enum Storage {
        case none
        case single(TemplateValue)
        case object(ObjectBox)
        case list(ListBox)
    }

    // Each box is only ever touched by the one encoding that made it, one access at a time:
    // the runtime's exclusivity checks on these properties were a tenth of encoding a page.
    final class ObjectBox {
        @exclusivity(unchecked) var object = TemplateObject()
    }

    final class ListBox {
        @exclusivity(unchecked) var items: [TemplateValue] = []
    }

    let keepsNilKeys: Bool
    @exclusivity(unchecked) var storage = Storage.none
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(keepsNilKeys: Bool) {
        self.keepsNilKeys = keepsNilKeys
    }

    static func value<T: Encodable>(of value: T, keepsNilKeys: Bool) throws -> TemplateValue {
        // Lists of strings and numbers come here element by element: skip an encoder for them.
        if T.self == String.self { return .string(value as! String) }
        if T.self == Int.self { return .int(value as! Int) }
        if T.self == Bool.self { return .bool(value as! Bool) }
        if T.self == EncodedTemplateValue.self { return (value as! EncodedTemplateValue).value }
        let encoder = ValueEncoder(keepsNilKeys: keepsNilKeys)
        try value.encode(to: encoder)
        switch encoder.storage {
        case .none: return .object(TemplateObject())
        case .single(let value): return value
        case .object(let box): return .object(box.object)
        case .list(let box): return .list(box.items)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let box: ObjectBox
        if case .object(let existing) = storage {
            box = existing
        } else {
            box = ObjectBox()
            storage = .object(box)
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(box: box, keepsNilKeys: keepsNilKeys))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let box: ListBox
        if case .list(let existing) = storage {
            box = existing
        } else {
            box = ListBox()
            storage = .list(box)
        }
        return UnkeyedContainer(box: box, keepsNilKeys: keepsNilKeys)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(encoder: self)
    }
}
