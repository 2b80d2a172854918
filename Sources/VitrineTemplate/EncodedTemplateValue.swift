/// A value made once and placed as is wherever a page model holds it: what every page
/// shares (the theme's strings) is not encoded again for each page.
public struct EncodedTemplateValue: Encodable, Sendable, Equatable {
    /// The value tree `TemplateValueEncoder` puts in the model.
    public let value: TemplateValue

    /// Wraps a finished value tree.
    public init(_ value: TemplateValue) {
        self.value = value
    }

    /// Any other encoder (JSON, for a debugging dump) receives the tree as plain values.
    public func encode(to encoder: any Encoder) throws {
        try Self.encode(value, to: encoder)
    }

    private struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private struct Element: Encodable {
        let value: TemplateValue
        func encode(to encoder: any Encoder) throws { try EncodedTemplateValue.encode(value, to: encoder) }
    }

    private static func encode(_ value: TemplateValue, to encoder: any Encoder) throws {
        switch value {
        case .list(let items):
            var container = encoder.unkeyedContainer()
            for item in items { try container.encode(Element(value: item)) }
        case .object(let object):
            var container = encoder.container(keyedBy: Key.self)
            for (key, item) in object.entries { try container.encode(Element(value: item), forKey: Key(stringValue: key)) }
        case .null, .bool, .int, .double, .string:
            var container = encoder.singleValueContainer()
            switch value {
            case .bool(let bool): try container.encode(bool)
            case .int(let int): try container.encode(int)
            case .double(let double): try container.encode(double)
            case .string(let string): try container.encode(string)
            default: try container.encodeNil()
            }
        }
    }
}
