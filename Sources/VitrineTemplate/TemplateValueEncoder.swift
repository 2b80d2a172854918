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

/// One level of encoding: holds what `encode(to:)` put in it. Its containers write into it
/// directly (no box of their own: one allocation fewer for every struct a page encodes).
final class ValueEncoder: Encoder {
    enum Kind {
        case none
        case single
        case object
        case list
    }

    let keepsNilKeys: Bool
    // Only ever touched by the one encoding that made it, one access at a time: the
    // runtime's exclusivity checks on these properties were a tenth of encoding a page.
    @exclusivity(unchecked) var kind = Kind.none
    @exclusivity(unchecked) var single = TemplateValue.null
    @exclusivity(unchecked) var object = TemplateObject()
    @exclusivity(unchecked) var items: [TemplateValue] = []
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
        switch encoder.kind {
        case .none: return .object(TemplateObject())
        case .single: return encoder.single
        case .object: return .object(encoder.object)
        case .list: return .list(encoder.items)
        }
    }

    /// Another keyed container of the same value adds to the same object; one after a list
    /// or a single value starts a new one.
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if kind != .object { (kind, object) = (.object, TemplateObject()) }
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if kind != .list { (kind, items) = (.list, []) }
        return UnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(encoder: self)
    }

    func setSingle(_ value: TemplateValue) {
        kind = .single
        single = value
    }
}
