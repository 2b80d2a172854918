extension ValueEncoder {
    /// A struct's fields: each value is encoded on the spot and appended under its key.
    struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) { encoder.object.append(key.stringValue, .null) }
        mutating func encode(_ value: Bool, forKey key: Key) { encoder.object.append(key.stringValue, .bool(value)) }
        mutating func encode(_ value: String, forKey key: Key) { encoder.object.append(key.stringValue, .string(value)) }
        mutating func encode(_ value: Double, forKey key: Key) { encoder.object.append(key.stringValue, .double(value)) }
        mutating func encode(_ value: Float, forKey key: Key) { encoder.object.append(key.stringValue, .double(Double(value))) }
        mutating func encode(_ value: Int, forKey key: Key) { encoder.object.append(key.stringValue, .int(value)) }
        mutating func encode(_ value: Int8, forKey key: Key) { encoder.object.append(key.stringValue, .int(Int(value))) }
        mutating func encode(_ value: Int16, forKey key: Key) { encoder.object.append(key.stringValue, .int(Int(value))) }
        mutating func encode(_ value: Int32, forKey key: Key) { encoder.object.append(key.stringValue, .int(Int(value))) }
        mutating func encode(_ value: Int64, forKey key: Key) { encoder.object.append(key.stringValue, .int(Int(value))) }
        mutating func encode(_ value: UInt, forKey key: Key) { encoder.object.append(key.stringValue, .int(Int(truncatingIfNeeded: value))) }
        mutating func encode(_ value: UInt8, forKey key: Key) { encoder.object.append(key.stringValue, .int(Int(value))) }
        mutating func encode(_ value: UInt16, forKey key: Key) { encoder.object.append(key.stringValue, .int(Int(value))) }
        mutating func encode(_ value: UInt32, forKey key: Key) { encoder.object.append(key.stringValue, .int(Int(value))) }
        mutating func encode(_ value: UInt64, forKey key: Key) { encoder.object.append(key.stringValue, .int(Int(truncatingIfNeeded: value))) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            encoder.object.append(key.stringValue, try ValueEncoder.value(of: value, keepsNilKeys: encoder.keepsNilKeys))
        }

        // Optionals: a nil one is no key at all (a kept nil key for strict renders).
        mutating func encodeIfPresent(_ value: String?, forKey key: Key) {
            if let value { encode(value, forKey: key) } else { noValue(key) }
        }
        mutating func encodeIfPresent(_ value: Int?, forKey key: Key) {
            if let value { encode(value, forKey: key) } else { noValue(key) }
        }
        mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) {
            if let value { encode(value, forKey: key) } else { noValue(key) }
        }
        mutating func encodeIfPresent(_ value: Double?, forKey key: Key) {
            if let value { encode(value, forKey: key) } else { noValue(key) }
        }
        mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
            if let value { try encode(value, forKey: key) } else { noValue(key) }
        }

        private func noValue(_ key: Key) {
            if encoder.keepsNilKeys { encoder.object.appendNil(key.stringValue) }
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            unsupported("nested containers")
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            unsupported("nested containers")
        }

        mutating func superEncoder() -> any Encoder { unsupported("superEncoder") }
        mutating func superEncoder(forKey key: Key) -> any Encoder { unsupported("superEncoder") }
    }

    /// An array's elements.
    struct UnkeyedContainer: UnkeyedEncodingContainer {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { [] }
        var count: Int { encoder.items.count }

        mutating func encodeNil() { encoder.items.append(.null) }
        mutating func encode(_ value: String) { encoder.items.append(.string(value)) }
        mutating func encode(_ value: Int) { encoder.items.append(.int(value)) }
        mutating func encode(_ value: Bool) { encoder.items.append(.bool(value)) }
        mutating func encode(_ value: Double) { encoder.items.append(.double(value)) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            encoder.items.append(try ValueEncoder.value(of: value, keepsNilKeys: encoder.keepsNilKeys))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            unsupported("nested containers")
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { unsupported("nested containers") }
        mutating func superEncoder() -> any Encoder { unsupported("superEncoder") }
    }

    /// A single value (`RenderedHTML`'s string, or `encodeNil()`).
    struct SingleContainer: SingleValueEncodingContainer {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() { encoder.setSingle(.null) }
        mutating func encode(_ value: Bool) { encoder.setSingle(.bool(value)) }
        mutating func encode(_ value: String) { encoder.setSingle(.string(value)) }
        mutating func encode(_ value: Double) { encoder.setSingle(.double(value)) }
        mutating func encode(_ value: Int) { encoder.setSingle(.int(value)) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            encoder.setSingle(try ValueEncoder.value(of: value, keepsNilKeys: encoder.keepsNilKeys))
        }
    }
}

/// Page models are plain structs, arrays and optionals; nothing vitrine encodes gets here.
private func unsupported(_ what: String) -> Never {
    preconditionFailure("TemplateValueEncoder does not support \(what)")
}
