import Foundation
import VitrineTemplate

extension ThemeStrings {
    /// Every key, in declaration order (the English text's keys).
    static let keys: [String] = english.dictionary.keys.sorted()

    /// The strings as `key: text`, in declaration order.
    private var pairs: [(key: String, text: String)] {
        Mirror(reflecting: self).children.compactMap { child in
            guard let key = child.label, let text = child.value as? String else { return nil }
            return (key, text)
        }
    }

    /// The strings as `key: text`.
    var dictionary: [String: String] {
        Dictionary(pairs.map { ($0.key, $0.text) }, uniquingKeysWith: { first, _ in first })
    }

    /// The strings as the template value `page.t`, in declaration order: made once per build
    /// and shared by every page, instead of being encoded for each one.
    var templateValue: EncodedTemplateValue {
        EncodedTemplateValue(.object(TemplateObject(pairs.map { ($0.key, TemplateValue.string($0.text)) })))
    }

    /// These strings with the keys of a translation file replacing theirs. An unknown key, or a
    /// value that is not text, is an error naming the file, line and key.
    func merged(withYAML text: String, file: String) throws(VitrineError) -> ThemeStrings {
        guard let root = try YAMLMapping.compose(text, file: file) else { return self }
        let mapping = try YAMLMapping(root, file: file, path: "")
        try mapping.rejectUnknownKeys(Set(Self.keys))
        var values = dictionary
        for key in mapping.keys {
            values[key] = try mapping.string(key) ?? ""
        }
        return try Self(values, file: file)
    }

    /// The keys a translation file does not set (for `vitrine check`).
    static func missingKeys(inYAML text: String, file: String) throws(VitrineError) -> [String] {
        guard let root = try YAMLMapping.compose(text, file: file) else { return keys }
        let present = Set(try YAMLMapping(root, file: file, path: "").keys)
        return keys.filter { !present.contains($0) }
    }

    private init(_ values: [String: String], file: String) throws(VitrineError) {
        do {
            let data = try JSONEncoder().encode(values)
            self = try JSONDecoder().decode(ThemeStrings.self, from: data)
        } catch {
            throw VitrineError(file: file, "cannot read the translation: \(error)")
        }
    }

    /// Fills `{name}` markers in one pass: a value that itself contains `{count}` stays as
    /// it is. Unknown markers are kept.
    static func fill(_ template: String, _ values: [String: String]) -> String {
        var result = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "}"), let value = values[String(after[..<close])] else {
                result.append("{")
                rest = after
                continue
            }
            result += value
            rest = after[after.index(after: close)...]
        }
        return result + rest
    }

    /// `resultsOne` for 1, else `resultsMany` with `{count}` grouped (`3,148`).
    func count(_ number: Int, _ one: KeyPath<ThemeStrings, String>, _ many: KeyPath<ThemeStrings, String>) -> String {
        number == 1 ? self[keyPath: one] : Self.fill(self[keyPath: many], ["count": Format.grouped(number)])
    }

    /// A date as an API gives it (`2024`, `2024-03`, `2024-03-15`) in the language's form;
    /// anything else is shown as given.
    func date(_ raw: String) -> String {
        let parts = raw.split(separator: "-", omittingEmptySubsequences: false)
        let names = months.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard (1...3).contains(parts.count), parts[0].count == 4, let year = Int(parts[0]), names.count == 12 else { return raw }
        if parts.count == 1 { return Self.fill(dateYear, ["year": String(year)]) }
        guard parts[1].count == 2, let month = Int(parts[1]), (1...12).contains(month) else { return raw }
        if parts.count == 2 { return Self.fill(dateMonth, ["year": String(year), "month": names[month - 1]]) }
        guard parts[2].count == 2, let day = Int(parts[2]), (1...31).contains(day) else { return raw }
        return Self.fill(dateDay, ["year": String(year), "month": names[month - 1], "day": String(day)])
    }
}
