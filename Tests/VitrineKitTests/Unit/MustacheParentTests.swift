import Foundation
import Mustache
import Testing
@testable import VitrineKit

/// The page models answer template lookups through `MustacheParent` instead of `Mirror`;
/// this checks that every stored property is answered, with the value Mirror would give.
@Suite("template models answer every field")
struct MustacheParentTests {
    static func check(_ value: any MustacheParent, sourceLocation: SourceLocation = #_sourceLocation) {
        let mirror = Mirror(reflecting: value)
        #expect(!mirror.children.isEmpty, sourceLocation: sourceLocation)
        for child in mirror.children {
            guard let label = child.label else { continue }
            let expected = unwrap(child.value).map { String(describing: $0) }
            let answered = value.child(named: label).map { String(describing: $0) }
            #expect(answered == expected, "\(type(of: value)).\(label)", sourceLocation: sourceLocation)
        }
        #expect(value.child(named: "noSuchField") == nil, sourceLocation: sourceLocation)
    }

    private static func unwrap(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first?.value
    }

    @Test func everyModelOfTheFixtureSite() async throws {
        let options = BuildOptions(site: TestSupport.fixtureSite, siteLabel: "site")
        let loader = SiteLoader(options: options, logger: .init(label: "test"))
        let config = try loader.loadConfig()
        let site = try loader.load(config: config, favorites: try loader.loadFavorites(config))
        let factory = PageFactory(site: site)
        var models: [any MustacheParent] = [factory.home(), factory.favoritesPage(1), factory.notFound(), factory.feed()]
        models.append(factory.sitemap([.home, .feed]))
        for index in site.galleries.indices { models.append(factory.galleryPage(index, page: 1)) }
        for index in site.items.indices { models.append(factory.itemPage(index)) }
        for page in site.pages { models.append(factory.contentPage(page)) }
        // Walk nested models too.
        var seen = Set<String>()
        func visit(_ value: Any) {
            if let parent = value as? any MustacheParent, !(value is [String: Any]) {
                seen.insert("\(type(of: value))")
                Self.check(parent)
            }
            for child in Mirror(reflecting: value).children { visit(child.value) }
        }
        for model in models { visit(model) }
        for name in ["PageContext", "NavLink", "OpenGraph", "ItemPage", "GalleryPage", "CellView", "ImageView", "PaginationView",
                     "PageLinkView", "ShareLink", "ItemLink", "GIFView", "MovieView", "BookView", "AppView", "ScreenshotView",
                     "HomePage", "GalleryCard", "FavoritesSummary", "ContentPage", "NotFoundPage", "SitemapModel", "SitemapURL",
                     "FeedModel", "FeedEntry"] {
            #expect(seen.contains(name), "no \(name) in the fixture site's models")
        }
    }
}
