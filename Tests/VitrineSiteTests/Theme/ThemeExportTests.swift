import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// Issue 37 item 6: a theme people can make their own — `vitrine theme export` hands a binary
/// user the theme's files, and `templates/assets/custom.css` is linked after the theme's
/// stylesheet on every page.
@Suite("theme export and custom.css")
struct ThemeExportTests {
    /// A copy of the fixture site inside a temporary folder (the working directory of the runs).
    static func site() async throws -> (folder: URL, site: URL) {
        let site = try TestSupport.copySite(TestSupport.fixtureSite)
        return (site.deletingLastPathComponent(), site)
    }

    static func build(_ site: URL, into output: URL) async throws {
        let run = try await TestSupport.spawn(["build", site.path, "--output", output.path, "--quiet"], in: site.deletingLastPathComponent())
        #expect(run.status == 0, "\(run.stderr)")
    }

    @Test func exportThenBuildGivesAByteIdenticalSite() async throws {
        let (folder, site) = try await Self.site()
        try await Self.build(site, into: folder.appendingPathComponent("before"))
        let run = try await TestSupport.spawn(["theme", "export", site.path], in: folder)
        #expect(run.status == 0, "\(run.stderr)")
        let templates = site.appendingPathComponent("templates")
        for file in ["layout.mustache", "cell-media.mustache", "item.mustache", "assets/vitrine.css", "assets/vitrine.js"] {
            #expect(FileManager.default.fileExists(atPath: templates.appendingPathComponent(file).path), "\(file) not exported")
        }
        #expect(!FileManager.default.fileExists(atPath: templates.appendingPathComponent("assets/custom.css").path))
        try await Self.build(site, into: folder.appendingPathComponent("after"))
        let before = try TestSupport.tree(folder.appendingPathComponent("before"))
        let after = try TestSupport.tree(folder.appendingPathComponent("after"))
        #expect(before.keys.sorted() == after.keys.sorted())
        #expect(before.filter { after[$0.key] != $0.value }.keys.sorted() == [])
    }

    @Test func aFileThatIsThereIsNeverReplaced() async throws {
        let (folder, site) = try await Self.site()
        let templates = site.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates.appendingPathComponent("assets"), withIntermediateDirectories: true)
        let mine = Data("/* mine */\n".utf8)
        try mine.write(to: templates.appendingPathComponent("assets/vitrine.css"))
        try mine.write(to: templates.appendingPathComponent("cell.mustache"))
        let run = try await TestSupport.spawn(["theme", "export", site.path, "cell", "vitrine.css", "item-title"], in: folder)
        #expect(run.status == 1)
        let label = site.path
        #expect(run.stderr.contains("\(label)/templates/cell.mustache: already there; not replaced\n"))
        #expect(run.stderr.contains("\(label)/templates/assets/vitrine.css: already there; not replaced\n"))
        #expect(try Data(contentsOf: templates.appendingPathComponent("cell.mustache")) == mine)
        #expect(try Data(contentsOf: templates.appendingPathComponent("assets/vitrine.css")) == mine)
        #expect(FileManager.default.fileExists(atPath: templates.appendingPathComponent("item-title.mustache").path))
    }

    @Test func anUnknownNameIsAUsageErrorAndWritesNothing() async throws {
        let (folder, site) = try await Self.site()
        let run = try await TestSupport.spawn(["theme", "export", site.path, "cell", "nope.mustache"], in: folder)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("error: theme export: the theme has no file 'nope.mustache'; its files: 404.mustache, "))
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("templates/cell.mustache").path))
    }

    @Test func customCSSIsLinkedAfterTheThemesStylesheetOnEveryPage() async throws {
        let (folder, site) = try await Self.site()
        let output = folder.appendingPathComponent("public")
        try await Self.build(site, into: output)
        #expect(!TestSupport.text(try TestSupport.tree(output), "index.html").contains("custom.css"))
        let custom = site.appendingPathComponent("templates/assets/custom.css")
        try FileManager.default.createDirectory(at: custom.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(":root { --accent: #0a7d55; }\n".utf8).write(to: custom)
        try await Self.build(site, into: output)  // the same output: the pages change with custom.css
        let tree = try TestSupport.tree(output)
        #expect(tree["assets/custom.css"] == Data(":root { --accent: #0a7d55; }\n".utf8))
        let pages = tree.keys.filter { $0.hasSuffix(".html") && $0 != "404.html" }
        #expect(pages.count > 10)
        for path in pages {
            let html = TestSupport.text(tree, path)
            let root = String(repeating: "../", count: path.split(separator: "/").count - 1)
            let theme = html.range(of: #"<link rel="stylesheet" href="\#(root)assets/vitrine.css">"#)
            let mine = html.range(of: #"<link rel="stylesheet" href="\#(root)assets/custom.css">"#)
            #expect(theme != nil && mine != nil && theme!.lowerBound < mine!.lowerBound, "\(path)")
        }
        #expect(TestSupport.text(tree, "404.html").contains(#"<link rel="stylesheet" href="/fixture/assets/custom.css">"#))
    }
}
