/// A gallery's changes: its "changes" page and its Atom feed, made from its change record alone.
extension PageFactory {
    /// Whether the gallery's changes feed is written: it has a change record, and the site a
    /// `baseURL` (a feed's links are absolute).
    func hasChangesFeed(_ gallery: LoadedSite.Gallery) -> Bool {
        config.baseURL != nil && gallery.changes != nil
    }

    func changesPage(_ index: Int) -> ChangesPage {
        let gallery = site.galleries[index]
        let name = gallery.config.name
        let here = SitePath.changes(name)
        let title = ThemeStrings.fill(strings.changesTitle, ["title": gallery.config.title])
        let refreshes = refreshViews(gallery) { here.link(to: .item($0)) }
        return ChangesPage(
            page: context(at: here, title: title, kind: "changes"),
            name: name,
            heading: title,
            backLabel: ThemeStrings.fill(strings.changesBack, ["title": gallery.config.title]),
            galleryHref: here.link(to: .gallery(name, page: 1)),
            feedHref: hasChangesFeed(gallery) ? here.link(to: .changesFeed(name)) : nil,
            refreshes: refreshes,
            hasNoChange: refreshes.allSatisfy { $0.added.isEmpty && $0.removed.isEmpty }
        )
    }

    /// The gallery's changes as an Atom feed (`feed.xml`'s template): one entry per refresh,
    /// newest first; ids are the changes page's URL and the refresh's anchor, so they stay
    /// the same from one build to the next.
    func changesFeed(_ index: Int) -> FeedModel {
        let gallery = site.galleries[index]
        let name = gallery.config.name
        let page = absoluteURL(.changes(name)) ?? "urn:vitrine:changes:\(name)"
        let entries = refreshViews(gallery) { absoluteURL(.item($0)) }.map { refresh in
            let link = page + "#" + refresh.anchor
            return FeedEntry(id: link, title: refresh.summary, updated: refresh.at, href: link, summary: nil, image: nil, changes: refresh)
        }
        return FeedModel(
            title: ThemeStrings.fill(strings.changesTitle, ["title": gallery.config.title]),
            id: page,
            updated: entries.first?.updated ?? "1970-01-01T00:00:00Z",
            selfHref: absoluteURL(.changesFeed(name)),
            alternateHref: absoluteURL(.changes(name)),
            entries: entries
        )
    }

    /// The record's refreshes, newest first; `link` gives the page of an item that has one.
    private func refreshViews(_ gallery: LoadedSite.Gallery, link: (ItemID) -> String?) -> [RefreshView] {
        let refreshes = gallery.changes?.refreshes ?? []
        func entries(_ list: [ChangeRecord.Entry]) -> [ChangeEntryView] {
            list.map { ChangeEntryView(title: $0.title.isEmpty ? $0.id.description : $0.title, pageHref: site.homeOf[$0.id] == nil ? nil : link($0.id), id: $0.id.description) }
        }
        var anchors: [String: Int] = [:]
        // Oldest first, so a refresh keeps its anchor when later ones come.
        let views = refreshes.map { refresh -> RefreshView in
            let stamp = String(refresh.at.unicodeScalars.filter { $0.properties.isAlphabetic || ("0"..."9").contains($0) })
            let repeated = anchors[stamp, default: 0]
            anchors[stamp] = repeated + 1
            let initial = refresh.initial == true
            return RefreshView(
                anchor: "refresh-\(stamp)" + (repeated == 0 ? "" : "-\(repeated + 1)"),
                at: refresh.at,
                when: when(refresh.at),
                summary: initial
                    ? ThemeStrings.fill(strings.changesFirst, ["items": strings.count(refresh.added.count, \.itemsOne, \.itemsMany)])
                    : ThemeStrings.fill(strings.changesSummary, ["added": String(refresh.added.count), "removed": String(refresh.removed.count)]),
                // The first snapshot's items are not listed: every item was new then.
                added: initial ? [] : entries(refresh.added),
                removed: entries(refresh.removed),
                addedLabel: strings.changesAdded,
                removedLabel: strings.changesRemoved
            )
        }
        return views.reversed()
    }

    /// "November 27, 2026, 10:00 UTC" from `2026-11-27T10:00:00Z` (the record's times are UTC).
    private func when(_ at: String) -> String {
        guard at.count >= 16 else { return at }
        let date = strings.date(String(at.prefix(10)))
        let time = String(at.dropFirst(11).prefix(5))
        return ThemeStrings.fill(strings.dateTime, ["date": date, "time": time])
    }
}
