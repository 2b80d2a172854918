extension PageFactory {
    /// The credits the sources on a page ask for (`APIDescriptor.attribution`), in the
    /// descriptors' order: GIPHY's "Powered By GIPHY" (its API terms, wherever its content
    /// is shown) and TMDB's notice and credit (its API terms). Google Books and the App Store
    /// ask for a link back to the item, which every detail page has.
    func attributions(for sources: Set<Source>) -> [Attribution] {
        APIDescriptor.all.compactMap { descriptor in
            guard sources.contains(descriptor.source), let credit = descriptor.attribution else { return nil }
            let line = credit.credit.map { $0(strings) }
            return Attribution(
                source: descriptor.source.rawValue, isGIPHY: line == nil, isTMDB: line != nil, text: credit.text(strings), credit: line, href: credit.href)
        }
    }
}
