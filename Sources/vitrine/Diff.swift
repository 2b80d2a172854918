import ArgumentParser
import Foundation
import VitrineKit

extension Vitrine {
    struct Diff: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "diff",
            abstract: "Show what the last refresh of each gallery added and removed.",
            discussion: """
                Reads each gallery's change record (data/NAME.changes.json, kept by every refresh \
                that changed the gallery). With --from OTHER, compares OTHER's snapshots with SITE's \
                instead: two checkouts of the site, e.g. two git revisions.
                """
        )

        @OptionGroup var options: SiteOptions

        @Option(help: "Another copy of the site to compare the snapshots with (the older one).", completion: .directory)
        var from: String?

        @Flag(help: "Print JSON: {\"galleries\": [{\"name\", \"source\", \"at\", \"added\", \"removed\"}]}.")
        var json = false

        func run() async throws {
            options.bootstrapLogging()
            let site = options.location
            let from = self.from
            let json = self.json
            try await runReportingErrors { () throws(VitrineError) in
                let changes: SiteChanges
                if let from {
                    changes = try SiteChanges(from: SiteLocation(path: from), to: site)
                } else {
                    changes = try SiteChanges(site: site)
                }
                if json {
                    FileHandle.standardOutput.write(try changes.json)
                    FileHandle.standardOutput.write(Data("\n".utf8))
                } else {
                    FileHandle.standardOutput.write(Data(changes.text.utf8))
                }
            }
        }
    }
}
