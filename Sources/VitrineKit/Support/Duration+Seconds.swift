extension Duration {
    /// The duration in seconds, as a `Double` (for rates, caps and messages).
    public var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }

    /// The duration in whole nanoseconds.
    var inNanoseconds: Int64 {
        components.seconds &* 1_000_000_000 &+ components.attoseconds / 1_000_000_000
    }

    /// How many times `rhs` fits in `lhs`: `elapsed / .seconds(1)`.
    static func / (lhs: Duration, rhs: Duration) -> Double {
        lhs.inSeconds / rhs.inSeconds
    }
}
