import Foundation

extension ItemID {
    /// What a person types for an item, as `favorites add|remove` take it: its id
    /// (`tmdb:550`), its page's folder (`tmdb-550`, from `items/tmdb-550/`), or its address on
    /// the source's own site (`https://www.themoviedb.org/movie/550-fight-club`,
    /// `https://giphy.com/gifs/cat-FiGiRei2ICzzG`, `https://books.google.com/books?id=…`,
    /// `https://apps.apple.com/us/app/…/id872469884`).
    /// A near miss (`tmdb550`, `movie:550`, an imdb.com address) is refused with the form it
    /// most likely means (`ItemID.nearMiss`).
    init(typed input: String) throws(VitrineError) {
        let text = input.trimmingCharacters(in: .whitespaces)
        let lower = text.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
            guard let id = Self.fromAddress(text) else {
                throw Self.withNearMiss(
                    VitrineError(
                        "invalid id '\(text)': not the address of an item on giphy.com, themoviedb.org, books.google.com or apps.apple.com; give SOURCE:ID, e.g. tmdb:550",
                        kind: .usage),
                    for: text)
            }
            self = id
        } else if !text.contains(":"), let id = Self(pathSegment: text) {
            self = id
        } else {
            do {
                try self.init(parsing: text)
            } catch {
                throw Self.withNearMiss(error, for: text)
            }
        }
    }

    /// The id a page folder name stands for (`giphy-FiGiRei2ICzzG`, `books-a~2Eb`): the
    /// inverse of `pathSegment`; nil for a shortened one (its end is a digest) or a name that
    /// is no folder of an item.
    init?(pathSegment name: String) {
        guard let dash = name.firstIndex(of: "-"), let source = Source(idPrefix: String(name[..<dash])) else { return nil }
        var bytes: [UInt8] = []
        var rest = Array(name[name.index(after: dash)...].utf8)[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "~") else {
                bytes.append(byte)
                continue
            }
            guard rest.count >= 2, let high = Self.hexValue(rest.removeFirst()), let low = Self.hexValue(rest.removeFirst()) else { return nil }
            bytes.append(high << 4 | low)
        }
        guard let value = String(validating: bytes, as: UTF8.self), Self.isValid(value: value) else { return nil }
        self.init(source: source, value: value)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The item an address on a source's site shows.
    static func fromAddress(_ text: String) -> ItemID? {
        guard let components = URLComponents(string: text), let host = components.host?.lowercased() else { return nil }
        let parts = components.path.split(separator: "/").map(String.init)
        func query(_ name: String) -> String? { components.queryItems?.first { $0.name == name }?.value }
        func id(_ source: Source, _ value: String?) -> ItemID? {
            guard let value, isValid(value: value) else { return nil }
            return ItemID(source: source, value: value)
        }
        if host == "giphy.com" || host.hasSuffix(".giphy.com") {
            // /gifs/cat-funny-FiGiRei2ICzzG, /gifs/FiGiRei2ICzzG, /embed/ID, /media/ID/giphy.gif, i.giphy.com/ID.gif
            if let index = parts.firstIndex(where: { ["gifs", "embed", "media", "stickers"].contains($0) }), index + 1 < parts.count {
                return id(.giphy, parts[index + 1].split(separator: "-").last.map(String.init))
            }
            if host == "i.giphy.com", let file = parts.last { return id(.giphy, file.split(separator: ".").first.map(String.init)) }
            return nil
        }
        if host == "themoviedb.org" || host.hasSuffix(".themoviedb.org") {
            // /movie/550-fight-club
            guard let index = parts.firstIndex(of: "movie"), index + 1 < parts.count else { return nil }
            let number = parts[index + 1].prefix { $0.isASCII && $0.isNumber }
            return number.isEmpty ? nil : id(.tmdb, String(number))
        }
        if host.hasPrefix("books.google.") || host == "www.googleapis.com" || host == "books.googleapis.com"
            || (host.hasSuffix("google.com") && parts.first == "books")
        {
            // ?id=…, /books/edition/_/ID, /books/v1/volumes/ID
            if let value = query("id") { return id(.googleBooks, value) }
            guard let index = parts.firstIndex(where: { $0 == "edition" || $0 == "volumes" }), index + 1 < parts.count else { return nil }
            return id(.googleBooks, parts.last)
        }
        if host == "apps.apple.com" || host == "itunes.apple.com" {
            // /us/app/name/id872469884
            guard let last = parts.last(where: { $0.hasPrefix("id") }) else { return nil }
            let number = last.dropFirst(2)
            return !number.isEmpty && number.allSatisfy({ $0.isASCII && $0.isNumber }) ? id(.appStore, String(number)) : nil
        }
        return nil
    }
}
