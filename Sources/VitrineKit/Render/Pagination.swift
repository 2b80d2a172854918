/// Splits a list into pages and builds the windowed page links: first, last and the
/// current page ± 2, with gaps between; a page's link count does not grow with the total.
struct Pagination {
    let total: Int
    let perPage: Int

    var pageCount: Int { max(1, (total + perPage - 1) / perPage) }

    /// The index range of page `number` (1-based).
    func range(ofPage number: Int) -> Range<Int> {
        let start = (number - 1) * perPage
        return start..<min(total, start + perPage)
    }

    /// Page numbers to show, with `nil` for a gap: `[1, nil, 4, 5, 6, 7, 8, nil, 20]`.
    func window(around current: Int, radius: Int = 2) -> [Int?] {
        let count = pageCount
        var numbers: [Int] = [1]
        numbers += Array(max(2, current - radius)...max(2, min(count - 1, current + radius))).filter { $0 < count }
        if count > 1 { numbers.append(count) }
        var result: [Int?] = []
        var previous = 0
        for number in numbers where number > previous {
            if number > previous + 1 { result.append(nil) }
            result.append(number)
            previous = number
        }
        return result
    }

    /// The view model for page `current` of a gallery whose pages live at `path(n)`.
    func view(current: Int, from here: SitePath, strings: ThemeStrings = .english, path: (Int) -> SitePath) -> PaginationView? {
        guard pageCount > 1 else { return nil }
        let links = window(around: current).map { number -> PageLinkView in
            guard let number else { return PageLinkView(number: 0, href: "", isCurrent: false, isGap: true, label: "") }
            return PageLinkView(
                number: number, href: here.link(to: path(number)), isCurrent: number == current, isGap: false,
                label: ThemeStrings.fill(strings.pageNumber, ["number": String(number)])
            )
        }
        let next = current < pageCount ? here.link(to: path(current + 1)) : nil
        return PaginationView(
            links: links,
            prevHref: current > 1 ? here.link(to: path(current - 1)) : nil,
            nextHref: next,
            moreHref: next,
            current: current,
            total: pageCount,
            label: ThemeStrings.fill(strings.pageOf, ["number": String(current), "count": String(pageCount)])
        )
    }
}
