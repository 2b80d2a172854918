import Foundation

/// Adds a search to site.yml as a gallery by editing the file's text: one entry appended at
/// the end of `galleries:` (its items' indentation copied), every other byte — comments,
/// order, quoting, line ends — kept. The result is parsed before it is written (atomically);
/// a file it cannot edit safely (a flow-style list) is left alone with a message.
struct GalleryAppender {
    let site: URL
    /// `site.yml` as the user names it.
    let label: String

    var file: URL { site.appendingPathComponent("site.yml") }

    /// Appends `search` as a new gallery and returns its name. Under the file's lock, read and
    /// written in one go, so two keeps at once both land and neither loses the other; written
    /// through a symbolic link, keeping the file's mode (`AtomicFile`).
    func append(_ search: SearchRequest) throws(VitrineError) -> String {
        let target = try AtomicFile.destination(of: file, label: label)
        let lock = try FileLock(target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).lock"), label: label)
        defer { withExtendedLifetime(lock) {} }
        guard let data = FileManager.default.contents(atPath: target.path), let text = String(data: data, encoding: .utf8) else {
            throw VitrineError(file: label, "cannot read")
        }
        let config = try SiteConfig.parse(text, file: label)
        let name = uniqueName(for: search, taken: Set(config.galleries.map(\.name) + config.favoriteGalleries.map(\.name)))
        let edited = try Self.appending(Self.entry(for: search, name: name), to: text, file: label)
        let parsed: SiteConfig
        do throws(VitrineError) {
            parsed = try SiteConfig.parse(edited, file: label)
        } catch {
            throw VitrineError(file: label, "the gallery could not be added safely (\(error.message)); site.yml was not changed")
        }
        guard parsed.galleries.count == config.galleries.count + 1, parsed.galleries.last?.name == name else {
            throw VitrineError(file: label, "the gallery could not be added safely; site.yml was not changed")
        }
        try AtomicFile.write(Data(edited.utf8), to: file, label: label)
        return name
    }

    /// A slug of the search (`cats`, `top-rated`, `search`) not used by a gallery, a reserved
    /// folder, an existing snapshot, a content page or a static folder (a gallery there would
    /// take the page's place): `cats-2` when `cats` is taken.
    func uniqueName(for search: SearchRequest, taken: Set<String>) -> String {
        var base: String
        switch search.source {
        case .tmdb where search.list != .search: base = search.list == .topRated ? "top-rated" : "popular"
        case .appStore: base = "apps"
        default: base = search.query.map(Self.slug) ?? "trending"
        }
        if base.isEmpty { base = "search" }
        var candidate = base
        var number = 1
        while taken.contains(candidate) || !SiteConfig.isValidName(candidate)
            || ["data/\(candidate).json", "content/\(candidate).md", "static/\(candidate)"].contains(where: {
                FileManager.default.fileExists(atPath: site.appendingPathComponent($0).path)
            })
        {
            number += 1
            candidate = "\(base)-\(number)"
        }
        return candidate
    }

    /// Lowercase ASCII letters and digits, runs of anything else one `-`, at most 40.
    static func slug(_ text: String) -> String {
        var result = ""
        for scalar in text.lowercased().unicodeScalars {
            if scalar.isASCII, CharacterSet.alphanumerics.contains(scalar) {
                result.unicodeScalars.append(scalar)
            } else if !result.isEmpty, !result.hasSuffix("-") {
                result += "-"
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return String(result.prefix(40)).trimmingCharacters(in: CharacterSet(charactersIn: "-"))
    }

    /// The entry's lines, keys in site.yml's usual order, strings double-quoted.
    static func entry(for search: SearchRequest, name: String) -> [String] {
        let title: String =
            switch search.source {
            case .tmdb where search.list == .topRated: "Top rated"
            case .tmdb where search.list != .search: "Popular"
            case .appStore: "Apps"
            default: search.query ?? "Trending"
            }
        var lines = ["name: \(name)", "title: \(quoted(title))", "source: \(search.source.rawValue)"]
        if search.source == .tmdb { lines.append("list: \((search.list ?? .popular).rawValue)") }
        if let query = search.query, search.source != .appStore, search.source != .tmdb || search.list == .search {
            lines.append("query: \(quoted(query))")
        }
        if search.source == .appStore { lines.append("ids: [\(search.ids.joined(separator: ", "))]") }
        if let country = search.country { lines.append("country: \(country)") }
        return lines
    }

    /// A YAML double-quoted scalar.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: result += String(format: "\\x%02X", scalar.value)
            // What a YAML reader would fold or refuse (C1 controls, NEL, the line and paragraph
            // separators), and what hides text (bidi controls, BOM, non-characters): escaped,
            // so the query read back is the query typed.
            case _
            where (0x80...0x9F).contains(scalar.value) || [0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF, 0x200E, 0x200F].contains(scalar.value)
                || (0x202A...0x202E).contains(scalar.value) || (0x2066...0x2069).contains(scalar.value):
                result += String(format: "\\u%04X", scalar.value)
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text` with `entry` added as the last item of its top-level `galleries:` (made when
    /// there is none), in the indentation of the items already there.
    static func appending(_ entry: [String], to text: String, file: String) throws(VitrineError) -> String {
        let newline = text.contains("\r\n") ? "\r\n" : "\n"
        var lines = text.components(separatedBy: newline)
        if lines.last == "" { lines.removeLast() }
        func isTopLevelKey(_ line: String) -> Bool {
            guard let first = line.first else { return false }
            return first != " " && first != "\t" && first != "#" && first != "-"
        }
        func content(_ line: String) -> String {
            // The line without a trailing comment (a `#` after a space, outside quotes is
            // enough for the keys looked at here).
            var result = line
            if let hash = line.range(of: " #") { result = String(line[..<hash.lowerBound]) }
            return result.trimmingCharacters(in: .whitespaces)
        }
        guard let key = lines.firstIndex(where: { isTopLevelKey($0) && content($0).hasPrefix("galleries:") }) else {
            // No galleries yet: a new block at the end.
            var result = lines
            if let last = result.last, last.trimmingCharacters(in: .whitespaces).isEmpty == false { result.append("") }
            result.append("galleries:")
            result.append(contentsOf: itemLines(entry, dash: "  - ", indent: "    "))
            return result.joined(separator: newline) + newline
        }
        let value = content(lines[key]).dropFirst("galleries:".count).trimmingCharacters(in: .whitespaces)
        if value == "[]" {
            lines[key] = lines[key].replacingOccurrences(of: "[]", with: "").replacingOccurrences(of: "galleries: ", with: "galleries:")
            while lines[key].hasSuffix(" ") { lines[key].removeLast() }
        } else if !value.isEmpty {
            throw VitrineError(
                file: file, "its galleries are written inline (`galleries: [...]`); add this gallery by hand: \(entry.joined(separator: ", "))",
                kind: .refused)
        }
        // The block: every line after the key until the next top-level key.
        var end = key + 1
        var lastContent = key
        var dash: String?
        while end < lines.count, !isTopLevelKey(lines[end]) {
            let trimmed = lines[end].trimmingCharacters(in: .whitespaces)
            if !trimmed.isEmpty, !(trimmed.hasPrefix("#") && !lines[end].hasPrefix(" ")) {
                if !trimmed.hasPrefix("#") { lastContent = end }
                if dash == nil, trimmed.hasPrefix("- ") || trimmed == "-" {
                    let spaces = lines[end].prefix { $0 == " " }
                    let after = lines[end].dropFirst(spaces.count + 1).prefix { $0 == " " }
                    dash = String(spaces) + "-" + String(after.isEmpty ? " " : after)
                }
            }
            end += 1
        }
        let prefix = dash ?? "  - "
        let indent = String(repeating: " ", count: prefix.count)
        lines.insert(contentsOf: itemLines(entry, dash: prefix, indent: indent), at: lastContent + 1)
        return lines.joined(separator: newline) + newline
    }

    private static func itemLines(_ entry: [String], dash: String, indent: String) -> [String] {
        entry.enumerated().map { ($0.offset == 0 ? dash : indent) + $0.element }
    }
}
