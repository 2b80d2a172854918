extension PageFactory {
    /// The credits the sources on a page ask for, in a fixed order: GIPHY's "Powered By
    /// GIPHY" (its API terms, wherever its content is shown) and TMDB's notice and credit
    /// (its API terms). Google Books and the App Store ask for a link back to the item,
    /// which every detail page has.
    func attributions(for sources: Set<Source>) -> [Attribution] {
        var result: [Attribution] = []
        if sources.contains(.giphy) {
            result.append(
                Attribution(
                    source: "giphy", isGIPHY: true, isTMDB: false, text: strings.poweredByGiphy, credit: nil, href: "https://giphy.com/"
                ))
        }
        if sources.contains(.tmdb) {
            result.append(
                Attribution(
                    source: "tmdb", isGIPHY: false, isTMDB: true, text: strings.tmdbNotice, credit: strings.tmdbCredit,
                    href: "https://www.themoviedb.org/"
                ))
        }
        return result
    }
}
