import Mustache

// Field lookups for templates without `Mirror` (which dominated render time: swift-mustache
// reflects over every stored property for every `{{name}}`). Each model answers its own
// stored properties by name; an optional answers its value or nil, exactly as the Mirror
// lookup did (nil lets Mustache look further up the context stack).
// `MustacheParentTests` checks every stored property against Mirror, so a field added to a
// model but not here fails a test instead of rendering empty.

extension SitemapModel: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "urls": urls
        default: nil
        }
    }
}

extension SitemapURL: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "loc": loc
        default: nil
        }
    }
}

extension FeedModel: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "title": title
        case "id": id
        case "updated": updated
        case "selfHref": selfHref
        case "alternateHref": alternateHref
        case "entries": entries
        default: nil
        }
    }
}

extension FeedEntry: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "id": id
        case "title": title
        case "updated": updated
        case "href": href
        case "summary": summary
        case "image": image
        default: nil
        }
    }
}

extension GalleryPage: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "page": page
        case "name": name
        case "heading": heading
        case "introHTML": introHTML
        case "resultCount": resultCount
        case "columns": columns
        case "cells": cells
        case "isEmpty": isEmpty
        case "emptyTitle": emptyTitle
        case "emptyMessage": emptyMessage
        case "pagination": pagination
        case "switcher": switcher
        case "hasSwitcher": hasSwitcher
        case "favoritesCount": favoritesCount
        default: nil
        }
    }
}

extension CellView: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "href": href
        case "title": title
        case "kind": kind
        case "isGIF": isGIF
        case "isMovie": isMovie
        case "isBook": isBook
        case "isApp": isApp
        case "image": image
        case "rating": rating
        case "ratingLabel": ratingLabel
        case "authors": authors
        case "published": published
        case "isFavorite": isFavorite
        case "id": id
        default: nil
        }
    }
}

extension PaginationView: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "links": links
        case "prevHref": prevHref
        case "nextHref": nextHref
        case "moreHref": moreHref
        case "current": current
        case "total": total
        case "label": label
        default: nil
        }
    }
}

extension PageLinkView: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "number": number
        case "href": href
        case "isCurrent": isCurrent
        case "isGap": isGap
        default: nil
        }
    }
}

extension HomePage: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "page": page
        case "introHTML": introHTML
        case "galleries": galleries
        case "favorites": favorites
        default: nil
        }
    }
}

extension GalleryCard: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "title": title
        case "href": href
        case "summary": summary
        case "sourceLabel": sourceLabel
        case "cover": cover
        case "isEmpty": isEmpty
        default: nil
        }
    }
}

extension FavoritesSummary: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "href": href
        case "count": count
        case "cells": cells
        case "isEmpty": isEmpty
        case "columns": columns
        default: nil
        }
    }
}

extension ContentPage: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "page": page
        case "heading": heading
        case "bodyHTML": bodyHTML
        default: nil
        }
    }
}

extension NotFoundPage: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "page": page
        default: nil
        }
    }
}

extension ImageView: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "src": src
        case "alt": alt
        case "width": width
        case "height": height
        case "hasSize": hasSize
        case "mp4": mp4
        case "webp": webp
        case "still": still
        default: nil
        }
    }
}

extension ItemPage: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "page": page
        case "id": id
        case "title": title
        case "kind": kind
        case "kindLabel": kindLabel
        case "gif": gif
        case "movie": movie
        case "book": book
        case "app": app
        case "entry": entry
        case "originHref": originHref
        case "originLabel": originLabel
        case "share": share
        case "shareURL": shareURL
        case "prev": prev
        case "next": next
        case "back": back
        case "isFavorite": isFavorite
        case "favoriteLabel": favoriteLabel
        default: nil
        }
    }
}

extension ItemLink: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "href": href
        case "title": title
        default: nil
        }
    }
}

extension ShareLink: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "network": network
        case "label": label
        case "href": href
        case "needsScript": needsScript
        default: nil
        }
    }
}

extension GIFView: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "image": image
        case "rating": rating
        case "username": username
        case "sourceHref": sourceHref
        case "sourceDomain": sourceDomain
        default: nil
        }
    }
}

extension MovieView: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "poster": poster
        case "rating": rating
        case "voteCount": voteCount
        case "releaseDate": releaseDate
        case "overview": overview
        case "originalTitle": originalTitle
        default: nil
        }
    }
}

extension BookView: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "cover": cover
        case "subtitle": subtitle
        case "authors": authors
        case "publisher": publisher
        case "publishedDate": publishedDate
        case "pageCount": pageCount
        case "categories": categories
        case "description": description
        case "rating": rating
        case "identifiers": identifiers
        case "language": language
        default: nil
        }
    }
}

extension AppView: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "icon": icon
        case "seller": seller
        case "rating": rating
        case "ratingCount": ratingCount
        case "category": category
        case "size": size
        case "version": version
        case "ageRating": ageRating
        case "price": price
        case "languages": languages
        case "screenshots": screenshots
        case "hasScreenshots": hasScreenshots
        case "description": description
        case "releaseNotes": releaseNotes
        case "minimumOSVersion": minimumOSVersion
        default: nil
        }
    }
}

extension EntryView: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "image": image
        case "rating": rating
        case "descriptionHTML": descriptionHTML
        default: nil
        }
    }
}

extension ScreenshotView: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "image": image
        case "href": href
        case "number": number
        case "label": label
        default: nil
        }
    }
}

extension PageContext: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "lang": lang
        case "siteTitle": siteTitle
        case "title": title
        case "documentTitle": documentTitle
        case "description": description
        case "root": root
        case "homeHref": homeHref
        case "assets": assets
        case "canonical": canonical
        case "nav": nav
        case "openGraph": openGraph
        case "pageKind": pageKind
        default: nil
        }
    }
}

extension NavLink: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "title": title
        case "href": href
        case "isCurrent": isCurrent
        default: nil
        }
    }
}

extension OpenGraph: MustacheParent {
    public func child(named key: String) -> Any? {
        switch key {
        case "type": type
        case "title": title
        case "description": description
        case "url": url
        case "image": image
        case "imageAlt": imageAlt
        case "twitterCard": twitterCard
        default: nil
        }
    }
}
