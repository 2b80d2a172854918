import ArgumentParser
import Foundation
import Logging
import VitrineKit

extension Vitrine {
    struct Search: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "search",
            abstract: "Search a source for items to add: ids, titles and the line that adds each.",
            discussion: """
                Prints one page of results (10 a page): the id, the title, the year / authors / \
                seller, and the exact `vitrine favorites add …` line. The ids also go under \
                'ids:' of a gallery in site.yml. Sources: giphy, tmdb, google-books (the App \
                Store has lookup by id only). Uses the site's keys from the environment \
                (GIPHY_API_KEY, TMDB_API_KEY or TMDB_ACCESS_TOKEN, GOOGLE_BOOKS_API_KEY), its \
                HTTP cache and its language, as a build does; never --offline.
                """
        )

        @Argument(help: "giphy, tmdb or google-books.")
        var source: String

        @Argument(help: "What to search for (quote several words).")
        var query: String

        @Option(help: "The page of results, from 1.")
        var page: Int = 1

        @Flag(help: "Print the page as JSON (keys: source, query, page, totalResults, results[id, title, detail, year, authors, seller, link, add]).")
        var json = false

        @Option(help: "The site folder whose cache and language to use (default: the current folder).", completion: .directory)
        var site: String?

        @Flag(name: .shortAndLong, help: "Print only warnings and errors.")
        var quiet = false

        @OptionGroup var requests: RequestOptions

        func validate() throws {
            guard (1...CatalogSearch.maxPage).contains(page) else { throw ValidationError("--page must be between 1 and \(CatalogSearch.maxPage), got \(page)") }
            guard !query.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw ValidationError("the query is empty") }
        }

        func run() async throws {
            LoggingSystem.bootstrap { label in
                var handler = StderrLogHandler(label: label)
                handler.logLevel = .warning
                return handler
            }
            // The build's network flags, as `vitrine search` allows them (never --offline).
            var network = NetworkOptions()
            (network.offline, network.refresh, network.strict, network.refreshStale) = (false, false, false, false)
            network.requests = requests
            let folder = site ?? "."
            let (location, fetch) = (SiteLocation(path: folder), try network.fetchOptions())
            try await runReportingErrors { () throws(VitrineError) in
                let result = try await CatalogSearch(site: location, fetch: fetch).run(source: source, query: query, page: page, siteArgument: site)
                if json {
                    print(try Self.json(result))
                } else {
                    print(Self.text(result, quiet: quiet), terminator: "")
                }
            }
        }

        static func json(_ page: CatalogSearch.Page) throws(VitrineError) -> String {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            do {
                return String(decoding: try encoder.encode(page), as: UTF8.self)
            } catch {
                throw VitrineError("cannot write JSON: \(error)", kind: .output)
            }
        }

        static func text(_ page: CatalogSearch.Page, quiet: Bool) -> String {
            guard !page.results.isEmpty else {
                return page.page == 1 ? "no results for '\(TextPolicy.terminal(page.query))' on \(page.source)\n" : "no results on page \(page.page)\n"
            }
            var out = ""
            for hit in page.results {
                let detail = hit.detail.map { "  (\(TextPolicy.terminal($0)))" } ?? ""
                out += "\(hit.id)  \(TextPolicy.terminal(hit.title))\(detail)\n"
                out += "    \(hit.add)\n"
            }
            if !quiet {
                let shown = (page.page - 1) * CatalogSearch.pageSize + page.results.count
                let more = shown < page.totalResults && page.results.count == CatalogSearch.pageSize ? "; --page \(page.page + 1) for more" : ""
                out += "page \(page.page): \(page.results.count) of about \(page.totalResults) results\(more)\n"
            }
            return out
        }
    }
}
