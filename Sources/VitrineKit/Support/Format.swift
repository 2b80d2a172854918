import Foundation

/// Display formatting that does not depend on the machine's locale, so output is
/// byte-identical everywhere.
enum Format {
    /// `1234567` → `1,234,567`.
    static func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(character)
        }
        return number < 0 ? "-" + result : result
    }

    /// `"1 result"`, `"3,148 results"`.
    static func count(_ number: Int, _ singular: String, _ plural: String) -> String {
        "\(grouped(number)) \(number == 1 ? singular : plural)"
    }

    /// One decimal, rounded half away from zero: `7.25` → `7.3`, `4.60778` → `4.6`.
    /// Total: a value the number policy should have refused (NaN, ±inf, 1e18) gives `–`
    /// instead of trapping in `Int(Double)`.
    static func oneDecimal(_ value: Double) -> String {
        let scaled = (abs(value) * 10).rounded(.toNearestOrAwayFromZero)
        guard scaled.isFinite, scaled < 1e15 else { return "–" }
        let tenths = Int(scaled)
        return (value < 0 && tenths > 0 ? "-" : "") + "\(tenths / 10).\(tenths % 10)"
    }

    /// Bytes as megabytes with one decimal: `3091658752` → `2,948.4 MB` (1 MB = 1,048,576 bytes).
    static func megabytes(_ bytes: Int64) -> String {
        let tenths = Int((Double(bytes.magnitude) / 1_048_576 * 10).rounded(.toNearestOrAwayFromZero))
        return (bytes < 0 ? "-" : "") + "\(grouped(tenths / 10)).\(tenths % 10) MB"
    }

    /// A size for a summary line: `840 KB` below a megabyte (at least `1 KB` when not
    /// empty), else `1.1 MB`.
    static func size(_ bytes: Int) -> String {
        guard bytes >= 1_048_576 else { return "\(grouped((bytes + 1023) / 1024)) KB" }
        return megabytes(Int64(bytes))
    }

    /// Joins non-empty parts.
    static func list(_ parts: [String], separator: String = ", ") -> String? {
        let kept = parts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
        return kept.isEmpty ? nil : kept.joined(separator: separator)
    }

    /// Trims and turns an empty string into nil.
    static func nonEmpty(_ text: String?) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        return trimmed
    }
}

extension Format {
    /// A price with two decimals, locale-free: `0` → `0.00`, `4.99` → `4.99`, `1100` → `1100.00`.
    static func price(_ amount: Double) -> String {
        let cents = Int((amount * 100).rounded(.toNearestOrAwayFromZero))
        let fraction = cents % 100
        return "\(cents / 100)." + (fraction < 10 ? "0\(fraction)" : "\(fraction)")
    }
}
