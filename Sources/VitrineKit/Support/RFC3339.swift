import Foundation

/// RFC 3339 timestamps with any offset and optional fractional seconds.
enum RFC3339 {
    /// The moment `text` names, strictly as RFC 3339's `date-time` writes it
    /// (`2026-11-20T09:12:00Z`, `2026-11-20t18:12:00.5+09:00`): a real calendar date, hours
    /// 00–23, minutes and seconds 00–59, an offset within ±23:59; nil for anything else
    /// (Foundation's parser took Feb 30, `24:00:00` and `+99:99`, and moved the moment).
    static func date(from text: String) -> Date? {
        let bytes = Array(text.utf8)
        func number(_ start: Int, _ count: Int) -> Int? {
            guard start + count <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[start..<(start + count)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        func byte(_ index: Int, _ allowed: String) -> Bool {
            index < bytes.count && allowed.utf8.contains(bytes[index])
        }
        guard let year = number(0, 4), byte(4, "-"), let month = number(5, 2), byte(7, "-"), let day = number(8, 2), byte(10, "Tt"),
            let hour = number(11, 2), byte(13, ":"), let minute = number(14, 2), byte(16, ":"), let second = number(17, 2),
            (1...12).contains(month), (1...daysIn(month, of: year)).contains(day), hour <= 23, minute <= 59, second <= 59
        else { return nil }
        var index = 19
        var fraction = 0.0
        if byte(index, ".") {
            let start = index + 1
            index = start
            while number(index, 1) != nil { index += 1 }
            guard index > start, let value = Double("0." + String(decoding: bytes[start..<index], as: UTF8.self)) else { return nil }
            fraction = value
        }
        var offset = 0
        if byte(index, "Zz") {
            index += 1
        } else {
            guard byte(index, "+-"), let hours = number(index + 1, 2), byte(index + 3, ":"), let minutes = number(index + 4, 2), hours <= 23,
                minutes <= 59
            else { return nil }
            offset = (hours * 60 + minutes) * 60 * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
            index += 6
        }
        guard index == bytes.count else { return nil }
        let seconds = daysSince1970(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60 + second - offset
        return Date(timeIntervalSince1970: Double(seconds) + fraction)
    }

    private static func daysIn(_ month: Int, of year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (Howard Hinnant's
    /// `days_from_civil`).
    private static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
        let year = month <= 2 ? year - 1 : year
        let era = (year >= 0 ? year : year - 399) / 400
        let yearOfEra = year - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// UTC, second precision: `2026-11-20T09:12:00Z`.
    static func string(from date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }
}
