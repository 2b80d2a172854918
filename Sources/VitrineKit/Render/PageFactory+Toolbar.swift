/// The gallery page's count line (issue 37): what the gallery shows of what its source
/// reported, and the source's name.
extension PageFactory {
    /// "24 of 3,148" when the source reported more results than the gallery holds; "24 results"
    /// (or "1 result") when it holds them all; "No results" when it holds none.
    func shownCount(shown: Int, reported: Int) -> String {
        guard shown > 0 else { return strings.noResults }
        guard reported > shown else { return strings.count(shown, \.resultsOne, \.resultsMany) }
        return ThemeStrings.fill(strings.shownOfTotal, ["shown": Format.grouped(shown), "total": Format.grouped(reported)])
    }

    /// "from GIPHY"; nil for a catalog file (the owner's own list has no source to name).
    func sourceNote(_ source: Source) -> String? {
        source == .catalog ? nil : ThemeStrings.fill(strings.fromSource, ["source": source.label])
    }
}
