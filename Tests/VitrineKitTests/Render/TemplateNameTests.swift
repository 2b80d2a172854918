import Foundation
import Testing
import VitrineTemplate

@testable import VitrineKit

/// Templates read the page models' stored properties through `TemplateValueEncoder`; a name
/// a template uses that no model has would render as empty. This renders every model of the
/// fixture site with its template in strict mode (nil fields kept as known keys) and fails on
/// any name found nowhere in the context.
@Suite("theme templates use only names the models have")
struct TemplateNameTests {
    @Test func everyTemplateAgainstEveryModelOfTheFixtureSite() async throws {
        let factory = try TestSupport.fixturePageFactory()
        let site = factory.site
        let theme = try Theme.load(overrides: nil, overridesLabel: "templates")
        let encoder = TemplateValueEncoder(keepsNilKeys: true)

        var renders: [(template: String, value: TemplateValue)] = [
            ("home", try encoder.encode(factory.home())),
            ("gallery", try encoder.encode(factory.favoritesPage(1))),
            ("404", try encoder.encode(factory.notFound())),
            ("feed.xml", try encoder.encode(factory.feed())),
            ("sitemap.xml", try encoder.encode(factory.sitemap([.home, .feed]))),
        ]
        for index in site.galleries.indices { renders.append(("gallery", try encoder.encode(factory.galleryPage(index, page: 1)))) }
        for index in site.items.indices { renders.append(("item", try encoder.encode(factory.itemPage(index)))) }
        for page in site.pages { renders.append(("page", try encoder.encode(factory.contentPage(page)))) }

        var rendered: Set<String> = []
        for (template, value) in renders {
            let (_, missing) = try theme.library.renderStrict(template, value)
            #expect(missing.isEmpty, "\(template).mustache uses names no model has: \(missing.sorted())")
            rendered.insert(template)
        }
        #expect(rendered == ["home", "gallery", "404", "feed.xml", "sitemap.xml", "item", "page"])
    }

    /// A render worker renders page after page into one buffer (`Theme.render(_:_:into:)`):
    /// a shorter page after a longer one must not keep the longer one's tail.
    @Test func aReusedBufferHoldsEachPageAlone() throws {
        let factory = try TestSupport.fixturePageFactory()
        let theme = try Theme.load(overrides: nil, overridesLabel: "templates")
        let pages = try factory.site.items.indices.map { index in
            (index, try theme.render("item", factory.itemPage(index)))
        }.sorted { $0.1.count > $1.1.count }
        #expect(pages.count > 2 && pages.first!.1.count > pages.last!.1.count)
        var buffer: [UInt8] = []
        for (index, fresh) in pages {
            try theme.render("item", factory.itemPage(index), into: &buffer)
            #expect(buffer == fresh)
        }
        try theme.render("404", factory.notFound(), into: &buffer)
        #expect(buffer == (try theme.render("404", factory.notFound())))
    }

    @Test func aMisspelledNameIsCaught() throws {
        let library = try TemplateLibrary(["page": "{{#page}}{{siteTitel}}{{/page}}{{heading}}"])
        let model = ContentPage(page: PageContext.sample, heading: "About", bodyHTML: RenderedHTML(html: ""))
        let (bytes, missing) = try library.renderStrict("page", try TemplateValueEncoder(keepsNilKeys: true).encode(model))
        #expect(String(decoding: bytes, as: UTF8.self) == "About")
        #expect(missing == ["siteTitel"])
    }
}

extension PageContext {
    fileprivate static let sample = PageContext(
        lang: "en", siteTitle: "Site", title: "About", documentTitle: "About · Site", description: nil,
        root: "../", homeHref: "../index.html", assets: "../assets/", canonical: nil, nav: [],
        openGraph: OpenGraph(type: "website", title: "About", description: nil, url: nil, image: nil, imageAlt: nil, twitterCard: "summary"),
        pageKind: "page", t: ThemeStrings.english.templateValue, scriptStrings: "{}", attributions: [], jsonLD: nil,
        customCSS: nil, inlineStyles: nil
    )
}
