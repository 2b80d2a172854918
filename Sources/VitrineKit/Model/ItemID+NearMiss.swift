import Foundation

extension ItemID {
    /// Other names people give a source's prefix (`movie:550`, `google-books:x`, `app:1`):
    /// each maps to the prefix vitrine names it by.
    private static let prefixAliases: [(alias: String, source: Source)] = [
        ("tmdb", .tmdb), ("themoviedb", .tmdb), ("movies", .tmdb), ("movie", .tmdb), ("film", .tmdb),
        ("books", .googleBooks), ("google-books", .googleBooks), ("googlebooks", .googleBooks), ("google_books", .googleBooks),
        ("book", .googleBooks), ("giphy", .giphy), ("gifs", .giphy), ("gif", .giphy),
        ("appstore", .appStore), ("app-store", .appStore), ("app_store", .appStore), ("apps", .appStore), ("app", .appStore),
        ("file", .catalog),
    ]

    /// Why `text` is no id, when it is a near miss of one: the id it most likely means
    /// (`tmdb550`, `movie:550` → "did you mean tmdb:550?"), or that IMDb ids cannot be
    /// mapped. Nil when nothing close is known.
    static func nearMiss(_ text: String) -> String? {
        let lower = text.lowercased()
        if lower.contains("imdb.com") || lower.hasPrefix("imdb:") || lower.range(of: "^tt[0-9]{5,}$", options: .regularExpression) != nil {
            return "vitrine cannot map IMDb ids; find the movie's TMDB id with vitrine search tmdb \"title\""
        }
        // Longest alias first, so `books…` is not read as `book` + `s…`.
        for (alias, source) in prefixAliases.sorted(by: { $0.alias.count > $1.alias.count }) where lower.hasPrefix(alias) {
            var rest = text.dropFirst(alias.count)
            if let first = rest.first, ":-_/ =".contains(first) { rest = rest.dropFirst() }
            let value = String(rest).trimmingCharacters(in: .whitespaces)
            guard !value.isEmpty, isValid(value: value), source.idForm.map({ value.range(of: $0.pattern, options: .regularExpression) != nil }) ?? true
            else { continue }
            let suggestion = ItemID(source: source, value: value)
            guard suggestion.description != text else { return nil }
            return "did you mean \(suggestion)?"
        }
        return nil
    }

    /// `error` with the near-miss hint for `text` appended, when there is one.
    static func withNearMiss(_ error: VitrineError, for text: String) -> VitrineError {
        guard let hint = nearMiss(text) else { return error }
        return VitrineError("invalid id '\(text)': \(hint)", kind: error.kind)
    }
}
