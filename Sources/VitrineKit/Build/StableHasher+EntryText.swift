extension StableHasher {
    /// As `combine(_:)` of the text's `String`, from its bytes: a description kept as its
    /// place in a catalog hashes as the same text would.
    mutating func combine(_ text: EntryText?) {
        if let text {
            combine(1)
            text.withUTF8 { combine(bytes: $0) }
        } else {
            combine(0)
        }
    }
}
