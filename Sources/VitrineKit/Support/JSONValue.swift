import Foundation

/// Any JSON value, kept as read: the keys of a person's file that vitrine does not know
/// (a `note` on a favorite, a top-level `comment`) travel through a rewrite with the same
/// meaning. Integers too large for `Int64` and fractions are kept as `Decimal`, which holds
/// the digits as written.
indirect enum JSONValue: Codable, Equatable, Sendable {
    case null
    case bool(Bool)
    case integer(Int64)
    case number(Decimal)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var values: [JSONValue] = []
            while !array.isAtEnd { values.append(try array.decode(JSONValue.self)) }
            self = .array(values)
        } else if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var members: [String: JSONValue] = [:]
            for key in object.allKeys { members[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
            self = .object(members)
        } else {
            let value = try decoder.singleValueContainer()
            if value.decodeNil() {
                self = .null
            } else if let bool = try? value.decode(Bool.self) {
                self = .bool(bool)
            } else if let integer = try? value.decode(Int64.self) {
                self = .integer(integer)
            } else if let number = try? value.decode(Decimal.self) {
                self = .number(number)
            } else {
                self = .string(try value.decode(String.self))
            }
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var value = encoder.singleValueContainer()
            try value.encodeNil()
        case .bool(let bool):
            var value = encoder.singleValueContainer()
            try value.encode(bool)
        case .integer(let integer):
            var value = encoder.singleValueContainer()
            try value.encode(integer)
        case .number(let number):
            var value = encoder.singleValueContainer()
            try value.encode(number)
        case .string(let string):
            var value = encoder.singleValueContainer()
            try value.encode(string)
        case .array(let values):
            var array = encoder.unkeyedContainer()
            for value in values { try array.encode(value) }
        case .object(let members):
            var object = encoder.container(keyedBy: AnyKey.self)
            for (key, value) in members { try object.encode(value, forKey: AnyKey(key)) }
        }
    }
}

/// A coding key for any name: the members of an object vitrine does not know in advance.
struct AnyKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where Key == AnyKey {
    /// The members not named in `known`, as read.
    func unknownMembers(except known: Set<String>) throws -> [String: JSONValue] {
        var members: [String: JSONValue] = [:]
        for key in allKeys where !known.contains(key.stringValue) {
            members[key.stringValue] = try decode(JSONValue.self, forKey: key)
        }
        return members
    }
}

extension KeyedEncodingContainer where Key == AnyKey {
    /// Writes members kept from the file as read.
    mutating func encodeMembers(_ members: [String: JSONValue]) throws {
        for (key, value) in members { try encode(value, forKey: AnyKey(key)) }
    }
}
