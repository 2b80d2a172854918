/// Where a page shows an image: decides `sizes` (the width the theme's CSS gives the box)
/// and the size assumed when the API gave none.
enum ImageSlot: Sendable, Equatable {
    /// A grid cell: `columns` square boxes across `main` (72rem at most, 2rem padding each
    /// side, 1rem gaps; below 72rem, 3vw padding and 1.6vw gaps, as `vitrine.css` has them).
    case cell(columns: Int)
    /// A grid of 2:3 poster cells (`cells: poster`): as `cell`, in a grid at most 36rem wide
    /// (`vitrine.css`), which it is from about 39rem.
    case posterCell(columns: Int)
    /// A list row's thumbnail (`layout: list`): 4.5rem wide.
    case thumbnail
    /// A detail page's poster, cover or catalog image: 20rem wide at most.
    case detail
    /// A detail page's GIF: a 160×160 box.
    case gifBox
    /// A detail page's app icon: 7.5rem square.
    case icon
    /// A movie page's hero (its backdrop): the width of `main`'s content, 68rem at most.
    case hero
    /// Anything else (home cards, screenshots): the one URL, no `sizes`.
    case plain

    /// Where a gallery's cells show their images: a thumbnail in a list, a cell in a grid.
    static func cells(of gallery: LoadedSite.Gallery) -> ImageSlot {
        if gallery.config.layout == .list { return .thumbnail }
        return gallery.config.cells == .poster ? .posterCell(columns: gallery.columns) : .cell(columns: gallery.columns)
    }

    /// The `sizes` attribute; nil for `.plain`.
    var sizes: String? {
        switch self {
        case .cell(let columns):
            let count = Double(max(columns, 1))
            let wide = (1088.0 - 16.0 * (count - 1)) / count
            let narrow = (94.0 - 1.6 * (count - 1)) / count
            return "(min-width: 72rem) \(Self.twoDecimals(wide))px, \(Self.twoDecimals(narrow))vw"
        case .posterCell(let columns):
            let count = Double(max(columns, 1))
            let capped = (576.0 - 16.0 * (count - 1)) / count
            let narrow = (94.0 - 1.6 * (count - 1)) / count
            return "(min-width: 39rem) \(Self.twoDecimals(capped))px, \(Self.twoDecimals(narrow))vw"
        case .thumbnail: return "4.5rem"
        case .detail: return "20rem"
        case .gifBox: return "160px"
        case .icon: return "7.5rem"
        case .hero: return "(min-width: 72rem) 68rem, 94vw"
        case .plain: return nil
        }
    }

    /// `352.0` → `352`, `30.266…` → `30.27`: locale-free, so output is byte-identical.
    static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        if fraction == 0 { return "\(hundredths / 100)" }
        return "\(hundredths / 100)." + (fraction < 10 ? "0\(fraction)" : (fraction % 10 == 0 ? "\(fraction / 10)" : "\(fraction)"))
    }

    /// `url 100w, url 200w` from checked renditions; nil when fewer than two remain. URLs
    /// with a comma are left out (`srcset` splits candidates on commas).
    static func srcset(_ renditions: [Rendition]?) -> String? {
        let candidates = (renditions ?? []).compactMap { rendition -> String? in
            guard rendition.width > 0, let url = SafeURL.check(rendition.url), !url.contains(",") else { return nil }
            return "\(url) \(rendition.width)w"
        }
        return candidates.count > 1 ? candidates.joined(separator: ", ") : nil
    }
}
