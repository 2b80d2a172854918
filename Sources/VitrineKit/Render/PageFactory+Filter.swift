/// One item of a gallery's find-as-you-type index, as `vitrine-filter.js` reads it; short
/// keys, since a gallery of 500 movies has 500 of them.
struct FilterEntry: Encodable {
    /// Title.
    let t: String
    /// Authors (books), else absent.
    let a: String?
    /// `gif`, `movie`, `book`, `app`, `entry`.
    let k: String
    /// Link to the detail page, relative to the site root.
    let h: String
    /// Image: src, srcset (absent when one size), width, height; still for reduced motion (GIFs).
    let i: String?
    let s: String?
    let w: Int?
    let v: Int?
    let m: String?
    /// Caption extras: published date (books), rating display and its spoken label.
    let p: String?
    let r: String?
    let l: String?
}

extension PageFactory {
    /// `<gallery>/filter-index.js`: every item of the gallery (not only one page's), assigned
    /// to `window.vitrineFilterIndex[<gallery>]`. A script file rather than JSON, so a page
    /// opened from file:// can load it with a script tag. The data is JSON from an encoder
    /// with `<`, `>`, `&` escaped, so no title can end the script or start markup.
    func filterIndex(_ index: Int) -> String {
        let gallery = site.galleries[index]
        let root = SitePath.home
        let entries = gallery.items.map { item -> FilterEntry in
            let cell = cell(item, from: root, columns: gallery.columns)
            return FilterEntry(
                t: item.title, a: cell.authors, k: cell.kind, h: cell.href,
                i: cell.image?.src, s: cell.image?.srcset, w: cell.image?.width, v: cell.image?.height,
                m: item.kind == .gif ? cell.image?.still : nil,
                p: cell.published, r: cell.rating, l: cell.ratingLabel
            )
        }
        let name = JSONLD.scriptSafe(JSONLD.encodeString(gallery.config.name))
        let data = JSONLD.scriptSafe(JSONLD.encodeEntries(entries))
        return "(window.vitrineFilterIndex = window.vitrineFilterIndex || {})[\(name)] = \(data);\n"
    }
}
