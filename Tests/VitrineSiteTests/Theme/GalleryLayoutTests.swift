import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// Issue 37 item 1: a gallery's `layout` (grid | list) and a grid's `cells` (square | poster).
@Suite("Gallery layouts")
struct GalleryLayoutTests {
    let file = "Site/site.yml"

    @Test func layoutAndCellsAreReadAndDefaultToTheSquareGrid() throws {
        let config = try SiteConfig.parse(
            """
            title: T
            galleries:
              - name: gifs
                source: giphy
              - name: movies
                source: tmdb
                columns: 2
                cells: poster
              - name: books
                source: google-books
                query: swift
                layout: list
            """, file: file)
        #expect(config.galleries.map(\.layout) == [.grid, .grid, .list])
        #expect(config.galleries.map(\.cells) == [.square, .poster, .square])
        #expect(config.galleries[1].columns == 2)
    }

    @Test(arguments: [
        (
            "title: T\ngalleries:\n  - name: a\n    source: giphy\n    layout: table\n",
            "Site/site.yml:5:13: 'layout' must be grid or list in galleries[0], got 'table'"
        ),
        (
            "title: T\ngalleries:\n  - name: a\n    source: giphy\n    cells: round\n",
            "Site/site.yml:5:12: 'cells' must be square or poster in galleries[0], got 'round'"
        ),
        (
            "title: T\ngalleries:\n  - name: a\n    source: giphy\n    layout: list\n    cells: poster\n",
            "Site/site.yml:6:12: 'cells' only applies to grid galleries (in galleries[0]); a list shows a thumbnail per row"
        ),
        (
            "title: T\ngalleries:\n  - name: a\n    source: giphy\n    cells: [poster]\n",
            "Site/site.yml:5:12: 'galleries[0].cells' must be a string, got a list"
        ),
    ])
    func badValuesAreNamedWithFileLineAndColumn(yaml: String, message: String) {
        #expect(throws: VitrineError(message)) { try SiteConfig.parse(yaml, file: file) }
    }

    @Test func theGalleryPageCarriesItsLayoutAndTheDefaultStaysAsItWas() async throws {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        let yml = site.appendingPathComponent("site.yml")
        var text = try String(contentsOf: yml, encoding: .utf8)
        text = text.replacingOccurrences(of: "    list: popular\n", with: "    list: popular\n    columns: 2\n    cells: poster\n")
        text = text.replacingOccurrences(of: "    source: google-books\n", with: "    source: google-books\n    layout: list\n")
        try text.write(to: yml, atomically: true, encoding: .utf8)
        let output = try TestSupport.temporaryDirectory().appendingPathComponent("public")
        try await TestSupport.build(site, output: output)
        let tree = try TestSupport.tree(output)
        #expect(TestSupport.text(tree, "popular/index.html").contains(#"<ul class="grid" data-grid data-cells="poster" style="--columns: 2">"#))
        #expect(TestSupport.text(tree, "books/index.html").contains(#"<ul class="grid" data-grid data-layout="list" style="--columns: 3">"#))
        #expect(TestSupport.text(tree, "gifs/index.html").contains(#"<ul class="grid" data-grid style="--columns: 3">"#))
        // A list row keeps the hooks, and a book's title, authors and date.
        let books = TestSupport.text(tree, "books/index.html")
        #expect(books.contains("data-cell ") && books.contains("data-cell-media") && books.contains("cell__published"))
        // Its thumbnails are asked for at the list's size, not a third of the page.
        #expect(books.contains(#"sizes="4.5rem""#) && books.contains(#"data-sizes="4.5rem""#))
    }

    @Test func newSitesUseTheSeedsForms() async throws {
        let folder = try TestSupport.temporaryDirectory()
        for (source, expected, absent) in [
            ("tmdb", "    columns: 2\n    cells: poster", "layout:"),
            ("google-books", "    layout: list", "cells:"),
            ("giphy", "  - name: cats", "cells:"),
        ] {
            let new = try await TestSupport.spawn(["new", source, "--source", source], in: folder)
            #expect(new.status == 0, "\(new.stderr)")
            let yml = try String(contentsOf: folder.appendingPathComponent("\(source)/site.yml"), encoding: .utf8)
            #expect(yml.contains(expected), "\(source)")
            #expect(!yml.contains(absent), "\(source)")
        }
    }

    @Test func theExampleSiteShowsMoviesAsPostersAndBooksAsAList() throws {
        let config = try SiteConfig.parse(
            try String(contentsOf: TestSupport.exampleSite.appendingPathComponent("site.yml"), encoding: .utf8), file: file)
        for gallery in config.galleries {
            switch gallery.source {
            case .tmdb: #expect(gallery.cells == .poster && gallery.columns == 2 && gallery.layout == .grid, "\(gallery.name)")
            case .googleBooks: #expect(gallery.layout == .list, "\(gallery.name)")
            default: #expect(gallery.layout == .grid && gallery.cells == .square && gallery.columns == nil, "\(gallery.name)")
            }
        }
    }
}
