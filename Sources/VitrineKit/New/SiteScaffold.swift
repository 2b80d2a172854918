import Foundation

/// `vitrine new DIR`: a working site that builds offline at once — site.yml with comments,
/// an empty favorites.json, content/index.md, a gallery snapshot in data/, and templates/
/// with a README on overriding.
public struct SiteScaffold: Sendable {
    /// Everything vitrine creates in a site folder: the output, the HTTP cache, the folder
    /// beside the output (its lock, records, spare tree and staging folders), the favorites'
    /// lock, and what a stopped write may leave until the next run removes it.
    static let gitignore = """
        public/
        .vitrine-cache/
        .public.vitrine/
        .favorites.json.lock
        .favorites.json.tmp-*
        data/.*.tmp-*
        data/.dat.nosync*

        """

    /// The new or empty folder the site is written into.
    public let directory: URL
    /// How the user named the folder, for messages and the printed next steps.
    public let label: String
    /// The source of the sample gallery.
    public let source: Source
    /// Where the site will be published (`--base-url`); nil leaves `baseURL` commented out.
    public let baseURL: String?

    /// `baseURL` must be an absolute http(s) URL (`SiteConfig.checkedBaseURL`); it is stored ending in `/`.
    public init(directory: URL, label: String, source: Source, baseURL: String? = nil) throws(VitrineError) {
        self.directory = directory
        self.label = label
        self.source = source
        self.baseURL = try baseURL.map { baseURL throws(VitrineError) in try SiteConfig.checkedBaseURL(baseURL, name: "--base-url") }
    }

    /// Said after `vitrine new` without `--base-url`: what waits for it.
    public var baseURLNotice: String? {
        baseURL == nil
            ? "no --base-url: sitemap.xml, feed.xml, structured data and the e-mail/X/Facebook share links need it; set baseURL in \(label)/site.yml when you know where the site will be published"
            : nil
    }

    /// The gallery the new site starts with: an API's sample (its descriptor's), or a catalog file.
    var gallery: (name: String, title: String, keys: String) {
        if let sample = source.descriptor?.sampleGallery { return (sample.name, sample.title, sample.keys) }
        return ("catalog", "My catalog", "    source: file\n    path: catalog.json     # your own items (format: vitrine-catalog/1)\n")
    }

    /// Writes the site; refuses a folder that exists and is not empty.
    public func create() throws(VitrineError) -> [String] {
        let fileManager = FileManager.default
        if fileManager.fileExists(atPath: directory.path) {
            let contents: [String]
            do {
                contents = try fileManager.contentsOfDirectory(atPath: directory.path)
            } catch {
                throw VitrineError("\(label) exists and is not a folder; choose another name", kind: .output)
            }
            guard contents.isEmpty else {
                throw VitrineError("\(label) is not empty; vitrine new only writes into a new or empty folder", kind: .output)
            }
        }
        let (name, title, keys) = gallery
        let files: [(String, Data)] = [
            ("site.yml", Data(siteYAML(name: name, title: title, keys: keys).utf8)),
            ("favorites.json", Data("{\"favorites\": []}\n".utf8)),
            ("content/index.md", Data(indexMarkdown(title: title).utf8)),
            source == .catalog ? ("catalog.json", try sampleCatalog()) : ("data/\(name).json", try sampleSnapshot(gallery: name)),
            ("templates/README.md", Data(templatesReadme.utf8)),
            (".gitignore", Data(Self.gitignore.utf8)),
        ]
        for (path, data) in files {
            let url = directory.appendingPathComponent(path)
            do {
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try data.write(to: url, options: .withoutOverwriting)
            } catch {
                throw VitrineError("\(label)/\(path): cannot write: \(error.localizedDescription)", kind: .output)
            }
        }
        return files.map(\.0)
    }

    /// The command that opens a file in the desktop's browser.
    #if os(macOS)
        static let opener = "open"
    #else
        static let opener = "xdg-open"
    #endif

    /// What to type next; each line works as written.
    public var nextSteps: [String] {
        let variable = source.keyVariable
        var steps = [
            "vitrine build \(label)                 # offline, from the sample snapshot in data/",
            "\(Self.opener) \(label)/public/index.html     # or: vitrine serve \(label)",
        ]
        if source == .catalog {
            steps.append("edit \(label)/catalog.json, then build again  # your own items")
        } else {
            steps.append(
                variable.map { "\($0)=… vitrine build \(label) --refresh   # live results" }
                    ?? "vitrine build \(label) --refresh        # live results (no key needed)")
        }
        steps.append("vitrine check \(label)                 # validate inputs and every link")
        return steps
    }

    /// A `file` gallery's catalog, made from the GIPHY sample: ids, titles, images, a Markdown line each.
    private func sampleCatalog() throws(VitrineError) -> Data {
        struct Catalog: Encodable {
            struct Entry: Encodable {
                struct Image: Encodable {
                    var url: String
                    var width: Int?
                    var height: Int?
                }
                var id: String
                var title: String
                var image: Image?
                var description: String
                var source: String?
            }
            var format = CatalogFile.format
            var items: [Entry]
        }
        let sample = try JSONFile.decode(Snapshot.self, from: try sampleData(.giphy), file: "Scaffold/giphy.json")
        let entries = sample.items.enumerated().map { index, item in
            Catalog.Entry(
                id: "item\(index + 1)", title: item.title,
                image: item.image.map { Catalog.Entry.Image(url: $0.url, width: $0.width, height: $0.height) },
                description: "Item \(index + 1), written in *Markdown*: edit `catalog.json` to describe it.",
                source: item.link
            )
        }
        do {
            return try VitrineJSON.encode(Catalog(items: entries))
        } catch {
            throw VitrineError("vitrine new: cannot encode the sample catalog: \(error)", kind: .output)
        }
    }

    private func sampleData(_ source: Source) throws(VitrineError) -> Data {
        guard let data = BundledFiles.data("Scaffold/\(source.rawValue).json") else {
            throw VitrineError("vitrine new: the sample snapshot for \(source.rawValue) is missing from this installation", kind: .missingInput)
        }
        return data
    }

    private func sampleSnapshot(gallery name: String) throws(VitrineError) -> Data {
        var snapshot = try JSONFile.decode(Snapshot.self, from: try sampleData(source), file: "Scaffold/\(source.rawValue).json")
        snapshot.gallery = name
        do {
            return try VitrineJSON.encode(snapshot)
        } catch {
            throw VitrineError("vitrine new: cannot encode the sample snapshot: \(error)", kind: .output)
        }
    }

    private func siteYAML(name: String, title: String, keys: String) -> String {
        """
        # vitrine site configuration. Reference: every key, its default and meaning, in
        # vitrine's README ("site.yml reference"). Unknown keys are errors.
        title: My catalog
        \(baseURLLine)
        language: en          # <html lang>
        perPage: 24           # cells per gallery page
        columns: 3            # grid columns, at every width
        favorites:
          file: favorites.json
          limit: 20
          order: newest-first # or oldest-first
        galleries:
          - name: \(name)       # URL folder: \(name)/index.html
            title: \(title)
        \(keys.split(separator: "\n").map { "  " + $0.dropFirst(2) }.joined(separator: "\n"))

        """
    }

    /// Set when known; else commented out, with what depends on it.
    private var baseURLLine: String {
        guard let baseURL else {
            return "# baseURL: https://example.org/catalog/   # where it is published; needed for share links, sitemap, feed and structured data"
        }
        // A YAML double-quoted scalar: SafeURL's serialisation has no quote or backslash left unescaped.
        return "baseURL: \"\(baseURL.replacingOccurrences(of: "\\", with: "%5C").replacingOccurrences(of: "\"", with: "%22"))\"   # share links, sitemap, feed and structured data"
    }

    private func indexMarkdown(title: String) -> String {
        """
        ---
        title: My catalog
        description: A catalog built with vitrine.
        ---
        Welcome. This page's text comes from `content/index.md` (Markdown). Add
        `content/<gallery>.md` for a gallery's intro, or any other `content/<name>.md` for a
        page at `<name>/`.

        """
    }

    private var templatesReadme: String {
        """
        # Templates

        Empty on purpose: the site uses vitrine's default theme. To change one template,
        copy it here under the same name and edit it — for example `cell-book.mustache` (a
        book's grid cell; each kind has its own: `cell-gif`, `cell-movie`, `cell-app`,
        `cell-entry`), `item-book.mustache` (a book's detail page, likewise), `cell-title.mustache`
        (every cell's title), `layout.mustache` (the frame of every page) — or put
        `assets/vitrine.css` here to replace the stylesheet. The variables each
        template receives are listed in vitrine's README ("Templates").

        """
    }
}
