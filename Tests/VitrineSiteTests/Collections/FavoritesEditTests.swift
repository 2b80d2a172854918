import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// Issue 35 item 4 (favorites part): `favorites add` takes the owner's fields, `favorites
/// edit` changes them, `favorites move` sets the manual order; every write keeps the rest of
/// the file as it was, and a person can go from `vitrine new` to a published reading list.
@Suite("favorites add, edit and move", .serialized)
struct FavoritesEditTests {
    func service(_ site: URL) -> FavoritesService {
        var service = FavoritesService(options: BuildOptions(site: site, siteLabel: "site", fetch: FetchOptions(mode: .offline)))
        service.now = { Date(timeIntervalSince1970: 1_795_300_000) }
        return service
    }

    func owner(_ site: URL, _ id: String) throws -> OwnerFields? {
        try FavoritesStore(url: site.appendingPathComponent("favorites.json"), label: "f", jobs: 2).read().favorites.first { $0.id.description == id }?.owner
    }

    func order(_ site: URL) throws -> [String] {
        try FavoritesStore(url: site.appendingPathComponent("favorites.json"), label: "f", jobs: 2).read().favorites.map(\.id.description)
    }

    @Test func addTakesTheFieldsAndEditChangesOnlyThoseGiven() async throws {
        let site = try FavoritesServiceTests.site()
        let added = try await service(site).add("giphy:g1", FavoriteEdit(note: "*yes*", rating: 4.5, date: "2026-11-01", addTags: ["read", "Read", "cats"]))
        #expect(added == .added(title: "Cat 1", count: 1, limit: 20))
        #expect(try owner(site, "giphy:g1") == OwnerFields(note: "*yes*", rating: 4.5, date: "2026-11-01", tags: ["read", "cats"]))

        let edited = try service(site).edit("giphy-g1", FavoriteEdit(rating: .some(nil), addTags: ["2026"], removeTags: ["READ"]))
        #expect(edited.changed && edited.title == "Cat 1")
        #expect(edited.fields == ["date: 2026-11-01", "tags: cats, 2026", "note: 5 characters"])
        #expect(try owner(site, "giphy:g1") == OwnerFields(note: "*yes*", date: "2026-11-01", tags: ["cats", "2026"]))
        #expect(try service(site).edit("giphy:g1", FavoriteEdit(note: .some(nil))).fields == ["date: 2026-11-01", "tags: cats, 2026"])
        #expect(try service(site).edit("giphy:g1", FavoriteEdit(addTags: ["CATS"])).changed == false, "a tag already there, in another case")
    }

    @Test func badValuesAreUsageErrorsAndChangeNothing() async throws {
        let site = try FavoritesServiceTests.site(favorites: ["giphy:g1"])
        let before = try Data(contentsOf: site.appendingPathComponent("favorites.json"))
        let cases: [(FavoriteEdit, String)] = [
            (FavoriteEdit(rating: 4.2), "--rating: the rating is from 0 to 5 in halves (4, 4.5), got 4.2"),
            (FavoriteEdit(date: "1 Nov 2026"), "--date: '1 Nov 2026' is not a date like 2026-11-01 (YYYY-MM-DD)"),
            (FavoriteEdit(addTags: ["a\nb"]), "--tag: a tag cannot hold control characters"),
            (FavoriteEdit(removeTags: [""]), "--untag: a tag cannot be empty"),
            (FavoriteEdit(addTags: (0...20).map { "t\($0)" }), "an entry has at most 20 tags; this change would give it 21"),
        ]
        for (edit, message) in cases {
            #expect(throws: VitrineError(message, kind: .usage)) { try service(site).edit("giphy:g1", edit) }
            do {
                _ = try service(site).edit("giphy:g1", edit)
            } catch {
                #expect(error.kind == .usage, "exit 64: \(message)")
            }
            await #expect(throws: VitrineError(message, kind: .usage)) { try await service(site).add("giphy:g2", edit) }
        }
        #expect(throws: VitrineError("'giphy:g9' is not in site/favorites.json: add it with vitrine favorites add giphy:g9", kind: .refused)) {
            try service(site).edit("giphy:g9", FavoriteEdit(rating: 3))
        }
        #expect(try Data(contentsOf: site.appendingPathComponent("favorites.json")) == before)
    }

    @Test func moveSetsTheManualOrder() throws {
        let site = try FavoritesServiceTests.site(favorites: ["giphy:g1", "giphy:g2", "giphy:g3", "giphy:g4"])
        #expect(try service(site).move("giphy:g4", to: .top) == (1, 4))
        #expect(try order(site) == ["giphy:g4", "giphy:g1", "giphy:g2", "giphy:g3"])
        #expect(try service(site).move("giphy:g4", to: .after("giphy:g2")) == (3, 4))
        #expect(try order(site) == ["giphy:g1", "giphy:g2", "giphy:g4", "giphy:g3"])
        #expect(try service(site).move("giphy:g1", to: .before("giphy:g3")) == (3, 4))
        #expect(try order(site) == ["giphy:g2", "giphy:g4", "giphy:g1", "giphy:g3"])
        #expect(try service(site).move("giphy:g2", to: .bottom) == (4, 4))
        #expect(try order(site) == ["giphy:g4", "giphy:g1", "giphy:g3", "giphy:g2"])
        #expect(throws: VitrineError("'giphy:g9' is not in site/favorites.json", kind: .refused)) { try service(site).move("giphy:g1", to: .before("giphy:g9")) }
        #expect(throws: VitrineError("cannot move 'giphy:g1' next to itself", kind: .usage)) { try service(site).move("giphy:g1", to: .after("giphy:g1")) }
        #expect(try order(site) == ["giphy:g4", "giphy:g1", "giphy:g3", "giphy:g2"])
    }

    /// A favorites.json with the owner's fields and unknown keys at every level.
    static let annotated = #"""
        {
          "comment" : "my shelf",
          "favorites" : [
            {
              "addedAt" : "2026-11-20T09:12:00Z",
              "date" : "2026-11-01",
              "id" : "giphy:g1",
              "note" : "A *fine* cat \u0026 more",
              "rating" : 4.5,
              "shelf" : { "row" : 2 },
              "tags" : [
                "read",
                "Loved"
              ]
            },
            {
              "addedAt" : "2026-11-21T10:00:00Z",
              "id" : "giphy:g2",
              "item" : {
                "id" : "giphy:g2",
                "mine" : 123456789012345678901234567890,
                "title" : "Cat 2"
              }
            }
          ],
          "version" : 3
        }

        """#

    @Test func addEditAndMoveKeepTheFileByteForByte() async throws {
        let site = try FavoritesServiceTests.site()
        let file = site.appendingPathComponent("favorites.json")
        let link = site.appendingPathComponent("favorites-link.json")
        try Data(Self.annotated.utf8).write(to: file)
        // Rewritten once in vitrine's layout (sorted keys, its indentation); from then on,
        // every change that is undone gives the same bytes.
        _ = try service(site).edit("giphy:g2", FavoriteEdit(rating: 1))
        _ = try service(site).edit("giphy:g2", FavoriteEdit(rating: .some(nil)))
        let canonical = try Data(contentsOf: file)
        let text = String(decoding: canonical, as: UTF8.self)
        #expect(text.contains(#""rating" : 4.5"#) && text.contains(#""row" : 2"#) && text.contains("123456789012345678901234567890"))
        #expect(text.contains(#""comment" : "my shelf""#) && text.contains(#""version" : 3"#))

        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        try FileManager.default.moveItem(at: file, to: link)
        try FileManager.default.createSymbolicLink(at: file, withDestinationURL: link)

        _ = try await service(site).add("giphy:g3", FavoriteEdit(rating: 2, addTags: ["x"]))
        _ = try service(site).remove("giphy:g3")
        #expect(try Data(contentsOf: file) == canonical, "add and remove")
        _ = try service(site).edit("giphy:g1", FavoriteEdit(note: "other", rating: 3, date: "2026-01-01", addTags: ["new"], removeTags: ["loved"]))
        #expect(try Data(contentsOf: file) != canonical)
        _ = try service(site).edit("giphy:g1", FavoriteEdit(note: "A *fine* cat & more", rating: 4.5, date: "2026-11-01", addTags: ["Loved"], removeTags: ["new"]))
        #expect(try owner(site, "giphy:g1") == OwnerFields(note: "A *fine* cat & more", rating: 4.5, date: "2026-11-01", tags: ["read", "Loved"]))
        _ = try service(site).move("giphy:g1", to: .bottom)
        _ = try service(site).move("giphy:g1", to: .top)
        _ = try service(site).edit("giphy:g1", FavoriteEdit(rating: 4.5))  // the same value: nothing written
        #expect(try order(site) == ["giphy:g1", "giphy:g2"])
        #expect(try Data(contentsOf: file) == canonical, "edit and move, undone")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: file.path) == link.path, "written through the link")
        #expect(try FileManager.default.attributesOfItem(atPath: link.path)[.posixPermissions] as? Int == 0o640)
    }

    // MARK: The command line, as a person would use it

    /// A Google Books stub: a volume per id, titled from the table.
    static func booksServer() async throws -> StubServer {
        let titles = ["zyTCAlFPjgYC": "The Google Story", "bookB": "Another Book", "bookC": "Someday Book"]
        return try await StubServer.start { request in
            let id = String(request.path.split(separator: "/").last ?? "")
            guard request.path.hasPrefix("/books/v1/volumes/"), let title = titles[id] else {
                return .json(#"{"error":{"code":404,"message":"The volume ID could not be found."}}"#, status: 404)
            }
            return .json(#"{"kind":"books#volume","id":"\#(id)","volumeInfo":{"title":"\#(title)","authors":["A. Writer"]}}"#)
        }
    }

    @Test func fromANewSiteToAPublishedReadingList() async throws {
        let server = try await Self.booksServer()
        defer { Task { await server.stop() } }
        let folder = try TestSupport.temporaryDirectory()
        let environment = ["VITRINE_GOOGLE_BOOKS_URL": server.baseURL.absoluteString]
        func vitrine(_ arguments: [String]) async throws -> TestSupport.Run {
            try await TestSupport.spawn(arguments, in: folder, environment: environment)
        }
        #expect(try await vitrine(["new", "my-site", "--source", "google-books"]).status == 0)

        let add = try await vitrine([
            "favorites", "add", "https://books.google.com/books?id=zyTCAlFPjgYC", "my-site", "--tag", "read", "--rating", "4.5",
            "--note", "Read it *twice*. <script>alert(1)</script> Q&A", "--date", "2026-11-01",
        ])
        #expect(add.status == 0, "\(add.stderr)")
        #expect(add.stdout.contains("added books:zyTCAlFPjgYC “The Google Story”"))
        #expect(add.stdout.contains("  rating: 4.5\n  date: 2026-11-01\n  tags: read\n"))
        #expect(try await vitrine(["favorites", "add", "books:bookB", "my-site", "--tag", "read", "--rating", "3"]).status == 0)
        #expect(try await vitrine(["favorites", "add", "books-bookC", "my-site", "--tag", "want-to-read"]).status == 0)
        let move = try await vitrine(["favorites", "move", "books:bookB", "my-site", "--top"])
        #expect(move.stdout == "moved books:bookB to 1 of 3\n", "\(move.stderr)")
        let edit = try await vitrine(["favorites", "edit", "books:bookC", "my-site", "--untag", "want-to-read", "--tag", "wishlist"])
        #expect(edit.status == 0 && edit.stdout.hasPrefix("changed books:bookC “Someday Book”"), "\(edit.stderr)")

        // Usage errors: exit 64, one line, nothing changed.
        let favorites = folder.appendingPathComponent("my-site/favorites.json")
        let before = try Data(contentsOf: favorites)
        for arguments in [
            ["favorites", "add", "books:bookB", "my-site", "--rating", "7"],
            ["favorites", "edit", "books:bookB", "my-site", "--date", "2026-13-01"],
            ["favorites", "edit", "books:bookB", "my-site"],
            ["favorites", "edit", "books:bookB", "my-site", "--rating", "4", "--no-rating"],
            ["favorites", "move", "books:bookB", "my-site"],
            ["favorites", "move", "books:bookB", "my-site", "--top", "--bottom"],
        ] {
            let run = try await vitrine(arguments)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.split(separator: "\n").count <= 3 && run.stderr.contains("rror"), "\(arguments): \(run.stderr)")
        }
        #expect(try Data(contentsOf: favorites) == before)
        for command in ["add", "edit", "move"] {
            let help = try await vitrine(["favorites", command, "--help"])
            #expect(help.status == 0 && help.stdout.contains(command == "move" ? "--before" : "--rating"), "\(command) --help")
        }

        // Three lists from the one file.
        let config = folder.appendingPathComponent("my-site/site.yml")
        let lists = """
              - name: read
                title: Read
                source: favorites
                tags: [read]
                order: manual
              - name: best
                title: Best read
                source: favorites
                tags: [read]
                order: rating
              - name: wishlist
                title: Want to read
                source: favorites
                tags: [wishlist]

            """
        try Data((try String(contentsOf: config, encoding: .utf8) + lists).utf8).write(to: config)
        let build = try await vitrine(["build", "my-site", "--offline", "--quiet"])
        #expect(build.status == 0, "\(build.stderr)")

        let output = folder.appendingPathComponent("my-site/public")
        func page(_ path: String) throws -> String { try String(contentsOf: output.appendingPathComponent(path), encoding: .utf8) }
        func ids(_ html: String) -> [String] {
            html.components(separatedBy: "data-cell data-kind=\"book\" data-id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        #expect(ids(try page("read/index.html")) == ["books:bookB", "books:zyTCAlFPjgYC"], "manual: bookB was moved to the top")
        #expect(ids(try page("best/index.html")) == ["books:zyTCAlFPjgYC", "books:bookB"], "rating: 4.5 before 3")
        #expect(ids(try page("wishlist/index.html")) == ["books:bookC"])
        let read = try page("read/index.html")
        #expect(read.contains(#"<span aria-hidden="true">★★★★½</span><span class="visually-hidden">Rated 4.5 of 5 by me</span>"#))
        #expect(read.contains(#"<span class="tag">read</span>"#))

        let item = try page("items/books-zyTCAlFPjgYC/index.html")
        #expect(item.contains("Read it <em>twice</em>."), "the note, as HTML")
        #expect(item.contains("Q&amp;A"), "escaped where it must be")
        #expect(!item.contains("<script>alert(1)"))
        #expect(item.contains(#"<time datetime="2026-11-01">"#) && item.contains("Rated 4.5 of 5 by me"))
    }
}
