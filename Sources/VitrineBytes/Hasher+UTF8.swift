extension Hasher {
    /// Feeds `text`'s UTF-8 bytes, as they are stored (no `Character` or scalar walk): two
    /// strings feed the same bytes exactly when their bytes are equal.
    @inlinable public mutating func combineUTF8(of text: String) {
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil {
            for byte in text.utf8 { combine(byte) }
        }
    }
}
