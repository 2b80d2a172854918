import ArgumentParser
import Foundation
import VitrineKit

/// The owner's own fields, as `favorites add` and `favorites edit` take them.
struct OwnerFieldOptions: ParsableArguments {
    @Option(help: "A note in Markdown, shown on the item's page (\"\" removes it).")
    var note: String?

    @Option(help: "Your rating, 0 to 5 in halves (4, 4.5), shown as stars.")
    var rating: Double?

    @Option(help: "The day you watched or read it: YYYY-MM-DD.")
    var date: String?

    @Option(name: .customLong("tag"), help: "A tag (repeatable): favorites galleries select by tag (`source: favorites`, `tags: [read]`).")
    var tags: [String] = []

    var edit: FavoriteEdit {
        FavoriteEdit(note: note.map { .some($0) }, rating: rating.map { .some($0) }, date: date.map { .some($0) }, addTags: tags)
    }
}

/// Prints a favorite's fields after a change, one indented line each.
func printOwnerFields(_ fields: [String]) {
    for line in fields { print("  \(TextPolicy.terminal(line))") }
}

extension Vitrine.Favorites {
    struct Edit: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "edit",
            abstract: "Change a favorite's note, rating, date or tags.",
            discussion: """
                Only the fields given change; the rest of favorites.json (unknown keys, the order, \
                the file's mode and links) is kept. Example: vitrine favorites edit books:zyTCAlFPjgYC \
                --rating 4.5 --tag read --untag want-to-read
                """
        )

        @Argument(help: "The item's id, its page's folder or its address on the source's site.")
        var id: String

        @OptionGroup(title: "The owner's fields") var fields: OwnerFieldOptions

        @Flag(help: "Remove the rating.")
        var noRating = false

        @Flag(help: "Remove the date.")
        var noDate = false

        @Option(name: .customLong("untag"), help: "A tag to take off (repeatable; tags ignore case).")
        var untags: [String] = []

        @OptionGroup var options: SiteOptions

        func validate() throws {
            if noRating && fields.rating != nil { throw ValidationError("--rating and --no-rating cannot be used together") }
            if noDate && fields.date != nil { throw ValidationError("--date and --no-date cannot be used together") }
            if fields.edit.isEmpty && !noRating && !noDate && untags.isEmpty {
                throw ValidationError("nothing to change: give --note, --rating, --no-rating, --date, --no-date, --tag or --untag")
            }
        }

        func run() async throws {
            options.bootstrapLogging()
            var edit = fields.edit
            if noRating { edit.rating = .some(nil) }
            if noDate { edit.date = .some(nil) }
            edit.removeTags = untags
            try await runReportingErrors { () throws(VitrineError) in
                let outcome = try FavoritesService(site: options.location).edit(id, edit)
                let title = outcome.title.map { " “\(TextPolicy.terminal($0))”" } ?? ""
                print(outcome.changed ? "changed \(outcome.id)\(title)" : "\(outcome.id)\(title) already has these fields; nothing changed")
                printOwnerFields(outcome.fields)
            }
        }
    }

    struct Move: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "move",
            abstract: "Move a favorite in favorites.json: the order of galleries with `order: manual`.",
            discussion: "Give exactly one of --before, --after, --top, --bottom."
        )

        @Argument(help: "The item's id, its page's folder or its address on the source's site.")
        var id: String

        @Option(help: "Put it just before this favorite.")
        var before: String?

        @Option(help: "Put it just after this favorite.")
        var after: String?

        @Flag(help: "Put it first.")
        var top = false

        @Flag(help: "Put it last.")
        var bottom = false

        @OptionGroup var options: SiteOptions

        var place: FavoritePlace? {
            let places: [FavoritePlace?] = [before.map { .before($0) }, after.map { .after($0) }, top ? .top : nil, bottom ? .bottom : nil]
            let given = places.compactMap { $0 }
            return given.count == 1 ? given[0] : nil
        }

        func validate() throws {
            guard place != nil else { throw ValidationError("give exactly one of --before ID, --after ID, --top, --bottom") }
        }

        func run() async throws {
            options.bootstrapLogging()
            guard let place else { return }
            try await runReportingErrors { () throws(VitrineError) in
                let (position, count) = try FavoritesService(site: options.location).move(id, to: place)
                print("moved \(try FavoritesService.id(id)) to \(position) of \(count)")
            }
        }
    }
}
