import ArgumentParser
import Foundation
import VitrineKit

extension Vitrine {
    struct Favorites: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "favorites",
            abstract: "List, add, remove, edit and move favorites in SITE/favorites.json.",
            discussion: """
                Changes are made under a lock and written atomically, so concurrent commands \
                and crashes never lose an entry. Ids look like giphy:FiGiRei2ICzzG, tmdb:550, \
                books:zyTCAlFPjgYC, appstore:872469884.
                """,
            subcommands: [List.self, Add.self, Remove.self, Edit.self, Move.self]
        )
    }
}

extension Vitrine.Favorites {
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "Show the favorites in display order.", aliases: ["ls"])

        @OptionGroup var options: SiteOptions

        func run() async throws {
            options.bootstrapLogging()
            try await runReportingErrors { () throws(VitrineError) in
                let rows = try FavoritesService(site: options.location).list()
                guard !rows.isEmpty else {
                    print("No favorites yet. Add one with: vitrine favorites add giphy:ID \(options.site)")
                    return
                }
                // Titles come from API data: filtered so no escape sequence or line break reaches the terminal.
                let table =
                    [["#", "id", "kind", "title", "added"]]
                    + rows.map {
                        [String($0.position), $0.id, $0.kind, $0.title, $0.added].map(TextPolicy.terminal)
                    }
                let widths = (0..<5).map { column in table.map { $0[column].count }.max() ?? 0 }
                for row in table {
                    let cells = row.enumerated().map { column, text in
                        column == 4 ? text : text.padding(toLength: min(widths[column], column == 3 ? 40 : 200), withPad: " ", startingAt: 0)
                    }
                    print(cells.joined(separator: "  "))
                }
            }
        }
    }

    struct Add: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "add",
            abstract: "Add an item, with a stored copy of it, from a gallery snapshot or the source's API.",
            discussion: "Refuses past favorites.limit in site.yml and changes nothing then."
        )

        @Argument(help: "The item's id (giphy:FiGiRei2ICzzG, tmdb:550), its page's folder (tmdb-550) or its address on the source's site.")
        var id: String

        @OptionGroup(title: "The owner's fields") var fields: OwnerFieldOptions
        @OptionGroup var options: SiteOptions
        @OptionGroup(title: "Network") var network: NetworkOptions

        /// Crash tests: stop for this many seconds between writing the new file and renaming it.
        @Option(help: .hidden)
        var testPauseBeforeRename: Double?

        func run() async throws {
            options.bootstrapLogging()
            var service = FavoritesService(site: options.location, fetch: try network.fetchOptions())
            if let seconds = testPauseBeforeRename {
                service.pauseBeforeRename(seconds: seconds)
            }
            try await runReportingErrors { () throws(VitrineError) in
                let outcome = try await service.add(id, fields.edit)
                let id = try FavoritesService.id(self.id)
                switch outcome {
                case .added(let title, let count, let limit):
                    print("added \(id) “\(TextPolicy.terminal(title))” (\(count)/\(limit))")
                    printOwnerFields(FavoritesService.describe(fields.edit))
                case .alreadyThere(let count, let limit):
                    let hint = fields.edit.isEmpty ? "" : " (change its fields with vitrine favorites edit \(id))"
                    print("\(id) is already a favorite (\(count)/\(limit)); nothing changed\(hint)")
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "remove", abstract: "Remove an item from the favorites.", aliases: ["rm"])

        @Argument(help: "The item's id, its page's folder or its address on the source's site.")
        var id: String

        @OptionGroup var options: SiteOptions

        func run() async throws {
            options.bootstrapLogging()
            try await runReportingErrors { () throws(VitrineError) in
                let (title, count, limit) = try FavoritesService(site: options.location).remove(id)
                let id = try FavoritesService.id(self.id)
                print("removed \(id)\(title.map { " “\(TextPolicy.terminal($0))”" } ?? "") (\(count)/\(limit))")
            }
        }
    }
}
