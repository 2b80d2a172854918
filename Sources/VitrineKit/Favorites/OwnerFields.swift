import Foundation

/// The owner's own words on a favorite: `note` (Markdown), `rating` (0–5 in halves), `date`
/// (`YYYY-MM-DD`: watched or read on) and `tags`. They live in the entry's members as read
/// (`Favorite.otherKeys`), so a rewrite keeps their JSON as it was; this is the checked view.
///
/// Tags: 1–40 characters, no control character, no leading or trailing space; compared
/// without regard to case (`Read` and `read` are one tag), shown as written; at most 20 an
/// entry, none twice.
struct OwnerFields: Sendable, Equatable {
    var note: String?
    /// Halves from 0 to 5.
    var rating: Double?
    /// `YYYY-MM-DD`, a real calendar date.
    var date: String?
    var tags: [String] = []

    static let keys = ["note", "rating", "date", "tags"]
    static let maxTagLength = 40
    static let maxTags = 20
    static let maxNoteLength = 20_000

    var isEmpty: Bool { note == nil && rating == nil && date == nil && tags.isEmpty }

    /// Whether the entry carries `tag` (compared without regard to case).
    func has(tag: String) -> Bool {
        let key = Self.tagKey(tag)
        return tags.contains { Self.tagKey($0) == key }
    }

    /// The form tags are compared in.
    static func tagKey(_ tag: String) -> String {
        tag.lowercased()
    }

    /// Why `tag` is not a tag, or nil when it is one.
    static func problem(tag: String) -> String? {
        if tag.isEmpty { return "a tag cannot be empty" }
        if tag.count > maxTagLength { return "a tag has at most \(maxTagLength) characters ('\(tag.prefix(20))…' has \(tag.count))" }
        if tag.unicodeScalars.contains(where: { $0.properties.generalCategory == .control || $0.properties.generalCategory == .format }) {
            return "a tag cannot hold control characters"
        }
        if tag.first?.isWhitespace == true || tag.last?.isWhitespace == true {
            return "a tag cannot start or end with a space ('\(tag)')"
        }
        return nil
    }

    /// Why `text` is not a `YYYY-MM-DD` date, or nil when it is one.
    static func problem(date text: String) -> String? {
        RFC3339.date(from: text + "T00:00:00Z") == nil || text.count != 10
            ? "'\(text)' is not a date like 2026-11-01 (YYYY-MM-DD)" : nil
    }

    /// Why `value` is not a rating, or nil when it is one.
    static func problem(rating value: Double) -> String? {
        (0...5).contains(value) && (value * 2).rounded() == value * 2
            ? nil : "the rating is from 0 to 5 in halves (4, 4.5), got \(text(rating: value))"
    }

    /// `4`, `4.5`: a rating as the file and the pages write it.
    static func text(rating value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : Format.oneDecimal(value)
    }

    /// The fields `members` hold, checked; `error(key, message)` makes the error naming where.
    static func parse(_ members: [String: JSONValue], error: (String, String) -> VitrineError) throws(VitrineError) -> OwnerFields {
        var fields = OwnerFields()
        switch members["note"] {
        case nil, .null?: break
        case .string(let text)?:
            guard text.count <= maxNoteLength else { throw error("note", "a note has at most \(maxNoteLength) characters, this one \(text.count)") }
            fields.note = text.isEmpty ? nil : text
        default: throw error("note", "a note is Markdown text in quotes")
        }
        switch members["rating"] {
        case nil, .null?: break
        case .integer(let value)?:
            if let problem = problem(rating: Double(value)) { throw error("rating", problem) }
            fields.rating = Double(value)
        case .number(let value)?:
            let double = NSDecimalNumber(decimal: value).doubleValue
            if let problem = problem(rating: double) { throw error("rating", problem) }
            fields.rating = double
        default: throw error("rating", "the rating is a number from 0 to 5 in halves (4, 4.5)")
        }
        switch members["date"] {
        case nil, .null?: break
        case .string(let text)?:
            if let problem = problem(date: text) { throw error("date", problem) }
            fields.date = text
        default: throw error("date", "the date is text like \"2026-11-01\" (YYYY-MM-DD)")
        }
        switch members["tags"] {
        case nil, .null?: break
        case .array(let values)?:
            guard values.count <= maxTags else { throw error("tags", "at most \(maxTags) tags, got \(values.count)") }
            var seen: Set<String> = []
            for value in values {
                guard case .string(let tag) = value else { throw error("tags", "tags are text in quotes, like [\"read\", \"2026\"]") }
                if let problem = problem(tag: tag) { throw error("tags", problem) }
                guard seen.insert(tagKey(tag)).inserted else { throw error("tags", "the tag '\(tag)' is listed twice (tags ignore case)") }
                fields.tags.append(tag)
            }
        default: throw error("tags", "tags are a list of text, like [\"read\", \"2026\"]")
        }
        return fields
    }

    /// The members for these fields (absent ones removed), kept as they were where unchanged.
    func write(into members: inout [String: JSONValue]) {
        let old = (try? Self.parse(members) { _, message in VitrineError(message, kind: .invalidInput) }) ?? OwnerFields()
        if note != old.note { members["note"] = note.map { .string($0) } }
        if rating != old.rating {
            members["rating"] = rating.map { $0 == $0.rounded() ? .integer(Int64($0)) : .number(Decimal($0)) }
        }
        if date != old.date { members["date"] = date.map { .string($0) } }
        if tags != old.tags { members["tags"] = tags.isEmpty ? nil : .array(tags.map { .string($0) }) }
    }
}

extension Favorite {
    /// The owner's fields, checked when the file was read.
    var owner: OwnerFields {
        get { ownerFields }
        set {
            newValue.write(into: &otherKeys)
            ownerFields = newValue
        }
    }
}
