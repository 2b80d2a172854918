import ArgumentParser
import Foundation
import VitrineKit

extension Vitrine {
    struct New: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Create a new site that builds offline at once.",
            discussion: "Writes site.yml (commented), favorites.json, content/index.md, a sample snapshot in data/ and templates/README.md. Refuses a folder that is not empty."
        )

        @Argument(help: "The folder to create.", completion: .directory)
        var directory: String

        @Option(help: "The first gallery's source: \(Source.allCases.map(\.rawValue).joined(separator: ", ")).")
        var source: String = "giphy"

        @Option(name: [.customShort("b"), .long], help: "Absolute URL the site will be published at (share links, sitemap, feed and structured data need it).")
        var baseURL: String?

        @Flag(name: .shortAndLong, help: "Print nothing but errors.")
        var quiet = false

        func validate() throws {
            guard Source(rawValue: source) != nil else {
                throw ValidationError("--source must be one of \(Source.allCases.map(\.rawValue).joined(separator: ", ")), got '\(source)'")
            }
        }

        func run() async throws {
            try await runReportingErrors { () throws(VitrineError) in
                let scaffold = try SiteScaffold(
                    directory: URL(fileURLWithPath: directory, isDirectory: true), label: directory,
                    source: Source(rawValue: source) ?? .giphy, baseURL: baseURL
                )
                let files = try scaffold.create()
                guard !quiet else { return }
                print("created \(directory)/ with \(files.joined(separator: ", "))")
                if let notice = scaffold.baseURLNotice { print(notice) }
                print("next:")
                for step in scaffold.nextSteps { print("  \(step)") }
            }
        }
    }
}
