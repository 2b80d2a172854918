import Testing
import VitrineTemplate

/// What vitrine relies on beyond the spec: error positions, bounded inclusion, escaping,
/// swift-mustache's transforms and truthiness, strict renders.
@Suite("Template engine")
struct EngineTests {
    static func render(_ template: String, _ value: TemplateValue, partials: [String: String] = [:]) throws -> String {
        var sources = partials
        sources["main"] = template
        return String(decoding: try TemplateLibrary(sources).render("main", value), as: UTF8.self)
    }

    static func object(_ entries: (String, TemplateValue)...) -> TemplateValue {
        .object(TemplateObject(entries.map { (key: $0.0, value: $0.1) }))
    }

    @Test(
        "parse errors name the template, line and column",
        arguments: [
            ("<li>\n  {{#image}}<img src=\"{{src}}\">\n</li>\n", 4, 1, "section is never closed"),
            ("<ul>\n  {{#cells}}\n  <li>{{title}}</li>\n{{/cell}}\n", 4, 4, "section closed with the wrong name"),
            ("a\n  b {{title\n", 2, 5, "unfinished tag"),
            ("{{/x}}", 1, 1, "closing tag 'x' without an opening one"),
            ("é {{=<% %>}}", 1, 3, "invalid set-delimiter tag"),
            ("{{<layout}}{{title}}{{/layout}}", 1, 12, "illegal tag inside a parent tag (only blocks may be given)"),
        ]
    )
    func parseErrors(text: String, line: Int, column: Int, message: String) {
        #expect(throws: TemplateError.syntax(template: "main", line: line, column: column, message: message)) {
            try TemplateLibrary(["main": text])
        }
    }

    @Test(
        "inclusion cycles are found when the library is built",
        arguments: [
            (["a": "x {{>a}}"], ["a", "a"]),
            (["a": "{{>b}}", "b": "  {{> a}}\n"], ["a", "b", "a"]),
            (["layout": "{{<layout}}{{$content}}x{{/content}}{{/layout}}"], ["layout", "layout"]),
            (["item": "{{<layout}}{{/layout}}", "layout": "<main>{{>item}}</main>"], ["item", "layout", "item"]),
        ]
    )
    func staticCycles(sources: [String: String], cycle: [String]) {
        #expect(throws: TemplateError.cycle(cycle)) { try TemplateLibrary(sources) }
    }

    @Test("inclusion that data keeps alive stops at the depth limit, naming the cycle")
    func runtimeCycle() throws {
        let library = try TemplateLibrary(["a": "{{#page}}{{>b}}{{/page}}", "b": "{{#page}}{{>a}}{{/page}}"])
        let value = Self.object(("page", .bool(true)))
        #expect(throws: TemplateError.cycle(["a", "b", "a"])) { try library.render("a", value) }
        let dynamic = try TemplateLibrary(["a": "{{>*name}}"])
        #expect(throws: TemplateError.cycle(["a", "a"])) { try dynamic.render("a", Self.object(("name", .string("a")))) }
        #expect(TemplateError.cycle(["a", "b", "a"]).description == "templates include each other without end: a → b → a")
    }

    @Test("recursion that data ends renders")
    func finiteRecursion() throws {
        let leaf = Self.object(("name", .string("leaf")), ("children", .list([])))
        let root = Self.object(("name", .string("root")), ("children", .list([leaf])))
        let text = try Self.render("{{>node}}", root, partials: ["node": "{{name}}({{#children}}{{>node}}{{/children}})"])
        #expect(text == "root(leaf())")
    }

    /// The compiled program keeps a parent tag's block bodies next to the tag: what follows
    /// the tag renders once, after the parent, and each body only where its block is.
    @Test("parents and blocks: bodies render in their blocks only, the outermost parent wins")
    func parentsAndBlocks() throws {
        let parents = [
            "p": "[{{$x}}dx{{/x}}|{{$y}}dy{{/y}}|{{$z}}dz{{/z}}]",
            "grand": "<{{$b}}g{{/b}}{{#s}}!{{/s}}>", "mid": "{{<grand}}{{$b}}m{{/b}}{{/grand}}",
        ]
        let value = Self.object(("s", .bool(true)), ("t", .string("T")))
        let text = try Self.render("A{{<p}}{{$y}}{{t}}{{/y}}{{$x}}X{{/x}}{{/p}}B{{#s}}S{{/s}}{{<mid}}{{$b}}c{{/b}}{{/mid}}{{>mid}}C", value, partials: parents)
        #expect(text == "A[X|T|dz]BS<c!><m!>C")
    }

    @Test("escaping: & < > \" ' and nothing else, byte by byte")
    func escaping() throws {
        let value = Self.object(("s", .string("a&b<c>d\"e'f é ☃ {{x}}")))
        #expect(try Self.render("{{s}}|{{{s}}}|{{&s}}", value) == "a&amp;b&lt;c&gt;d&quot;e&#39;f é ☃ {{x}}|a&b<c>d\"e'f é ☃ {{x}}|a&b<c>d\"e'f é ☃ {{x}}")
        #expect(try Self.render("{{%CONTENT_TYPE:TEXT}}{{s}}", Self.object(("s", .string("<")))) == "<")
    }

    @Test("swift-mustache's truthiness and transforms")
    func swiftMustacheCompatibility() throws {
        let value = Self.object(
            ("empty", .string("")), ("zero", .int(0)), ("list", .list([.string("b"), .string("a")])), ("none", .list([])),
            ("html", .null)
        )
        #expect(try Self.render("{{#empty}}E{{/empty}}{{#zero}}Z{{/zero}}{{#html}}H{{/html}}{{^html}}h{{/html}}", value) == "EZh")
        #expect(try Self.render("{{#empty(none)}}none{{/empty(none)}}{{^empty(list)}}some{{/empty(list)}}", value) == "nonesome")
        #expect(try Self.render("{{#list}}{{index()}}{{.}}{{^last()}},{{/last()}}{{/list}}", value) == "0b,1a")
        #expect(try Self.render("{{count(list)}} {{#sorted(list)}}{{.}}{{/sorted(list)}} {{uppercased(first(list))}}", value) == "2 ab B")
    }

    @Test("a strict render names what the model does not have, not what is nil")
    func strictRender() throws {
        let library = try TemplateLibrary(["main": "{{title}}{{#image}}{{src}}{{alt}}{{/image}}{{#missing}}{{/missing}}{{page.nope}}{{rating}}"])
        let value = TemplateValue.object(
            TemplateObject(
                [("title", .string("T")), ("image", Self.object(("src", .string("s")))), ("page", Self.object())],
                nilKeys: ["rating"]
            )
        )
        let (bytes, missing) = try library.renderStrict("main", value)
        #expect(String(decoding: bytes, as: UTF8.self) == "Ts")
        #expect(missing == ["alt", "missing", "page.nope"])
    }
}
