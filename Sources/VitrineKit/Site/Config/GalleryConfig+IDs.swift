import Yams

/// `ids:` on a gallery: chosen items, in the order given — looked up by id (every API
/// source), or picked from a catalog file (`LoadedSite.assemble`).
extension GalleryConfig {
    /// The gallery's `ids`, each checked against its source's id form, with an error at the
    /// id itself (`file:line:col`). An id may also be written as vitrine names it
    /// (`tmdb:550`), as its page's folder (`giphy-FiGiRei2ICzzG`) or as its address on the
    /// source's site (`https://www.themoviedb.org/movie/550-fight-club`): the id is kept.
    static func parseIDs(_ mapping: YAMLMapping, source: Source) throws(VitrineError) -> [String] {
        guard let node = mapping.value("ids") else { return [] }
        let elements: [Node]
        switch node {
        case .scalar: elements = [node]
        case .sequence(let sequence): elements = Array(sequence)
        default: throw mapping.error(at: "ids", "'\(mapping.qualified("ids"))' must be a list, got a mapping")
        }
        var ids: [String] = []
        for element in elements {
            guard case .scalar(let scalar) = element else {
                throw YAMLMapping.error(file: mapping.file, at: element, "'\(mapping.qualified("ids"))' must be a list of strings or numbers")
            }
            let written = TextPolicy.plain(scalar.string).trimmingCharacters(in: .whitespaces)
            let id = try chosenID(written, source: source, in: mapping.path) { message throws(VitrineError) in
                throw YAMLMapping.error(file: mapping.file, at: element, message)
            }
            if ids.contains(id) {
                throw YAMLMapping.error(file: mapping.file, at: element, "id '\(id)' is listed twice in \(mapping.path).ids")
            }
            ids.append(id)
        }
        return ids
    }

    /// One id of `source` as written, or `fail` with why it is not one.
    private static func chosenID(
        _ written: String, source: Source, in path: String, fail: (String) throws(VitrineError) -> Never
    ) throws(VitrineError) -> String {
        var value = written
        let lower = written.lowercased()
        if lower.hasPrefix("http://") || lower.hasPrefix("https://") || written.contains(":") || written.hasPrefix(source.idPrefix + "-") {
            let typed: ItemID
            do {
                typed = try ItemID(typed: written)
            } catch {
                try fail("\(error.message) (in \(path))")
            }
            guard typed.source == source else {
                try fail("'\(written)' in \(path) is \(typed.source.label) item \(typed), not one of \(source.label)")
            }
            value = typed.value
        }
        guard isValidID(value, of: source) else {
            if let hint = ItemID.nearMiss(written) { try fail("'\(written)' in \(path) is no \(source.label) id: \(hint)") }
            try fail("\(source.label) ids are \(source.idForm?.description ?? "1–200 printable characters"); '\(written)' in \(path) is not")
        }
        return value
    }

    /// Whether `value` has the form of `source`'s ids; a catalog's ids are its own: any
    /// 1–200 printable characters.
    static func isValidID(_ value: String, of source: Source) -> Bool {
        source.idForm.map { value.range(of: $0.pattern, options: .regularExpression) != nil } ?? ItemID.isValid(value: value)
    }
}
