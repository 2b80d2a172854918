import Testing

@testable import VitrineKit

@Suite("site.yml")
struct SiteConfigTests {
    let file = "Site/site.yml"

    @Test func parsesTheSpecExample() throws {
        let config = try SiteConfig.parse(
            """
            title: My catalog
            baseURL: https://example.org/catalog   # no trailing slash
            language: ko
            perPage: 24
            columns: 3
            favorites:
              file: favorites.json
              limit: 20
              order: oldest-first
            galleries:
              - name: cats
                title: Cat GIFs
                source: giphy
                query: cats
                limit: 72
              - name: popular
                source: tmdb
                list: popular
              - name: swift-books
                source: google-books
                query: "intitle:swift"
              - name: apps
                source: app-store
                ids: [872469884]
                country: kr
            """, file: file)
        #expect(config.title == "My catalog")
        #expect(config.baseURL == "https://example.org/catalog/")
        #expect(config.language == "ko")
        #expect(config.favorites.order == .oldestFirst)
        #expect(config.galleries.map(\.name) == ["cats", "popular", "swift-books", "apps"])
        #expect(config.galleries[0].limit == 72)
        #expect(config.galleries[1].list == .popular)
        #expect(config.galleries[1].title == "popular")
        #expect(config.galleries[3].ids == ["872469884"])
        #expect(config.galleries[3].country == "kr")
    }

    @Test func defaults() throws {
        let config = try SiteConfig.parse("title: T\n", file: file)
        #expect(config.perPage == 24)
        #expect(config.columns == 3)
        #expect(config.language == "en")
        #expect(config.favorites == .default)
        #expect(config.galleries.isEmpty)
    }

    @Test(arguments: [
        // Unknown keys, at the top and inside a gallery, with the key path.
        ("title: T\ntitel: x\n", "Site/site.yml:2:1: unknown key 'titel' (did you mean 'title'?)"),
        (
            "title: T\ngalleries:\n  - name: a\n    source: giphy\n  - name: b\n    source: giphy\n    qurey: x\n",
            "Site/site.yml:7:5: unknown key 'qurey' in galleries[1] (did you mean 'query'?)"
        ),
        ("title: T\nfavorites:\n  limt: 3\n", "Site/site.yml:3:3: unknown key 'limt' in favorites (did you mean 'limit'?)"),
        // Wrong types.
        ("title: T\nperPage: many\n", "Site/site.yml:2:10: 'perPage' must be an integer, got 'many'"),
        ("title: T\ncolumns: 0\n", "Site/site.yml:2:10: 'columns' must be between 1 and 12, got 0"),
        ("title: T\ngalleries: cats\n", "Site/site.yml:2:12: 'galleries' must be a list, got 'cats'"),
        ("title: [a]\n", "Site/site.yml:1:8: 'title' must be a string, got a list"),
        // Missing keys.
        ("language: en\n", "Site/site.yml:1:1: missing key 'title'"),
        ("title: T\ngalleries:\n  - name: a\n", "Site/site.yml:3:5: missing key 'source' in galleries[0]"),
        (
            "title: T\ngalleries:\n  - name: b\n    source: google-books\n",
            "Site/site.yml:4:13: missing key 'query' in galleries[0]: a google-books gallery needs a search"
        ),
        (
            "title: T\ngalleries:\n  - name: b\n    source: app-store\n",
            "Site/site.yml:4:13: missing key 'ids' in galleries[0]: an app-store gallery looks up apps by id"
        ),
        // Bad values.
        (
            "title: T\ngalleries:\n  - name: ../x\n    source: giphy\n",
            "Site/site.yml:3:11: invalid gallery name '../x' in galleries[0]: use lower-case letters, digits and '-', starting with a letter or digit"
        ),
        (
            "title: T\ngalleries:\n  - name: items\n    source: giphy\n",
            "Site/site.yml:3:11: invalid gallery name 'items' in galleries[0]: 'items' is reserved for vitrine's own folders"
        ),
        (
            "title: T\ngalleries:\n  - name: a\n    source: flickr\n",
            "Site/site.yml:4:13: unknown source 'flickr' in galleries[0] (known: giphy, tmdb, google-books, app-store, file)"
        ),
        (
            "title: T\ngalleries:\n  - name: a\n    source: giphy\n  - name: a\n    source: tmdb\n",
            "Site/site.yml:5:11: gallery name 'a' is used twice"
        ),
        ("title: T\nbaseURL: javascript:alert(1)\n", "Site/site.yml:2:10: 'baseURL' must be an absolute http or https URL, got 'javascript:alert(1)'"),
        ("title: T\nfavorites:\n  order: random\n", "Site/site.yml:3:10: 'favorites.order' must be newest-first or oldest-first, got 'random'"),
        ("title: T\nfavorites:\n  file: ../../etc/passwd\n", "Site/site.yml:3:9: 'favorites.file' must be a path inside the site folder, got '../../etc/passwd'"),
        (
            "title: T\ngalleries:\n  - name: a\n    source: app-store\n    ids: [12, abc]\n",
            "Site/site.yml:5:15: App Store ids are numbers; 'abc' in galleries[0] is not"
        ),
        // File galleries: a path inside the site, and nothing an API gallery takes.
        (
            "title: T\ngalleries:\n  - name: c\n    source: file\n",
            "Site/site.yml:4:13: missing key 'path' in galleries[0]: a file gallery reads its items from a catalog file in the site folder"
        ),
        (
            "title: T\ngalleries:\n  - name: c\n    source: file\n    path: ../catalog.json\n",
            "Site/site.yml:5:11: 'path' must be a file inside the site folder in galleries[0], got '../catalog.json'"
        ),
        (
            "title: T\ngalleries:\n  - name: c\n    source: file\n    path: /etc/catalog.json\n",
            "Site/site.yml:5:11: 'path' must be a file inside the site folder in galleries[0], got '/etc/catalog.json'"
        ),
        (
            "title: T\ngalleries:\n  - name: c\n    source: file\n    path: c.json\n    query: cats\n",
            "Site/site.yml:6:12: 'query' does not apply to file galleries (in galleries[0]); the items come from 'path'"
        ),
        (
            "title: T\ngalleries:\n  - name: c\n    source: file\n    path: c.json\n    list: popular\n",
            "Site/site.yml:6:11: 'list' only applies to tmdb galleries (in galleries[0])"
        ),
        (
            "title: T\ngalleries:\n  - name: c\n    source: giphy\n    path: c.json\n",
            "Site/site.yml:5:11: 'path' only applies to file galleries (in galleries[0])"
        ),
        // Broken YAML.
        ("title: T\ngalleries: [\n", "Site/site.yml:3:1: invalid YAML: did not find expected node content"),
    ])
    func errorsNameFileLineAndKey(yaml: String, message: String) {
        #expect(throws: VitrineError(message)) { try SiteConfig.parse(yaml, file: file) }
    }

    @Test func emptyFileIsAnError() {
        #expect(throws: VitrineError("Site/site.yml: the file is empty; it needs at least 'title'")) {
            try SiteConfig.parse("", file: file)
        }
    }

    @Test func fileGalleryTakesAPathAndTheWholeCatalog() throws {
        let config = try SiteConfig.parse("title: T\ngalleries:\n  - name: c\n    source: file\n    path: data/catalog.json\n", file: file)
        #expect(config.galleries[0].path == "data/catalog.json")
        #expect(config.galleries[0].requestSummary == "data/catalog.json")
        #expect(config.galleries[0].limit == 10_000_000)
    }

    @Test func tmdbQueryImpliesSearch() throws {
        let config = try SiteConfig.parse("title: T\ngalleries:\n  - name: m\n    source: tmdb\n    query: alien\n", file: file)
        #expect(config.galleries[0].list == .search)
        #expect(config.galleries[0].requestSummary == "alien")
    }
}
