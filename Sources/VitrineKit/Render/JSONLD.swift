import Foundation

/// schema.org data as JSON-LD: built as values, serialised by `JSONEncoder` (sorted keys,
/// so the same item gives the same bytes), then made safe inside `<script>`.
enum JSONLD {
    /// A JSON value; objects keep sorted keys when encoded.
    indirect enum Value: Encodable, Sendable, Equatable {
        case string(String)
        case int(Int)
        case number(Double)
        case array([Value])
        case object([String: Value])

        func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .string(let text): try container.encode(text)
            case .int(let number): try container.encode(number)
            case .number(let number): try container.encode(number)
            case .array(let values): try container.encode(values)
            case .object(let members): try container.encode(members)
            }
        }
    }

    /// An object with `@type` and the members that have a value (nil ones are left out).
    static func thing(_ type: String, _ members: [String: Value?]) -> Value {
        var kept = members.compactMapValues { $0 }
        kept["@type"] = .string(type)
        return .object(kept)
    }

    static func text(_ value: String?) -> Value? {
        Format.nonEmpty(value).map(Value.string)
    }

    static func url(_ value: String?) -> Value? {
        SafeURL.check(value).map(Value.string)
    }

    /// Serialises with `@context`, escaping `<`, `>`, `&` and the two JavaScript line
    /// separators as `\uXXXX`: those appear only inside JSON strings, where the escape means
    /// the same character, and without them no `</script>` or `<!--` can close or confuse the
    /// script element.
    static func render(_ value: Value) -> RenderedJSON? {
        guard case .object(var members) = value else { return nil }
        members["@context"] = .string("https://schema.org")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Cannot fail: values are strings, integers and policy-checked finite numbers.
        guard let data = try? encoder.encode(Value.object(members)) else { return nil }
        return RenderedJSON(json: scriptSafe(String(decoding: data, as: UTF8.self)))
    }

    /// `<` → `\u003c` and friends, for JSON placed inside an HTML `<script>` element.
    static func scriptSafe(_ json: String) -> String {
        var result = ""
        result.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A gallery page's `ItemList`: each item of the page, at its position in the whole
    /// gallery, pointing at its detail page.
    static func itemList(_ items: [Item], name: String, url: String?, firstPosition: Int, itemURL: (Item) -> String?) -> RenderedJSON? {
        guard let url else { return nil }
        let elements = items.enumerated().compactMap { offset, item -> Value? in
            guard let href = itemURL(item) else { return nil }
            return thing("ListItem", ["position": .int(firstPosition + offset), "url": .string(href), "name": .string(item.title)])
        }
        return render(thing("ItemList", ["name": .string(name), "url": .string(url), "numberOfItems": .int(elements.count), "itemListElement": .array(elements)]))
    }

    /// The strings `vitrine.js` needs, as a JSON object (escaped by the template as an attribute).
    static func scriptStrings(_ strings: ThemeStrings) -> String {
        let names = [
            "more", "less", "loading", "loadFailed", "thatsAll", "loadedOne", "loadedMany", "linkCopied", "copyFailed",
            "close", "previousScreenshot", "nextScreenshot", "openPage", "screenshots", "kindItem",
            "filterLabel", "filterMatchesOne", "filterMatchesMany", "filterNoMatches", "pauseAnimation", "playAnimation",
            "pauseAnimations", "playAnimations", "newBadge", "ownerTags",
        ]
        let all = strings.dictionary
        let members = Dictionary(uniqueKeysWithValues: names.compactMap { name in all[name].map { (name, Value.string($0)) } })
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Cannot fail: strings only.
        return (try? encoder.encode(Value.object(members))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }
}
