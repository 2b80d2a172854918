extension String {
    /// The text of `utf8`, or nil when the bytes are not valid UTF-8. Bytes that are all
    /// ASCII (most names, ids and links) skip `String(validating:as:)`, which is generic over
    /// the encoding and looks up type metadata on every call.
    public init?(validUTF8 utf8: UnsafeRawBufferPointer) {
        guard Self.isASCII(utf8) else {
            guard let text = String(validating: utf8.assumingMemoryBound(to: UInt8.self), as: UTF8.self) else { return nil }
            self = text
            return
        }
        self = String(decoding: utf8.assumingMemoryBound(to: UInt8.self), as: UTF8.self)
    }

    /// Whether every byte is below 0x80, a word at a time.
    private static func isASCII(_ bytes: UnsafeRawBufferPointer) -> Bool {
        var index = 0
        var seen: UInt64 = 0
        while index + 8 <= bytes.count {
            seen |= bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            seen |= UInt64(bytes[index])
            index += 1
        }
        return seen & 0x8080_8080_8080_8080 == 0
    }
}
