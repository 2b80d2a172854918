import Foundation
import Logging

extension BuildContext {
    /// `keepUnchanged`: unchanged files and files vitrine did not write carried over from the
    /// output. Planned files the output should have had but did not (deleted by hand) are
    /// rendered again here, as part of this stage.
    mutating func keepUnchanged() async throws(VitrineError) {
        let staging = staging!
        kept = try publisher.carryOver(into: staging, previous: rebuild.previous, manifest: manifest, written: Set(written.changed), listed: rebuild.listings)
        rebuild.traceListings(outputName: options.outputName, logger: logger)
        guard !kept.missing.isEmpty else { return }
        // Said once, by this stage: the renderer's own line is for `renderPages`.
        var quieter = logger
        quieter.logLevel = max(logger.logLevel, .notice)
        let again = PageRenderer(factory: renderer.factory, theme: theme, staging: staging.url, keys: keys, previous: .none, output: nil, logger: quieter)
        let missing = Set(kept.missing)
        var redone = try await again.render(plan, only: missing, jobs: options.jobs)
        redone.add(try again.copy(theme.assets + staticFiles, only: missing))
        written.files += redone.files
        written.bytes += redone.bytes
        written.filterEntries.merge(redone.filterEntries) { _, new in new }
        logger.info("keep unchanged files: \(Format.count(redone.files, "file", "files")) the output lacked written again")
    }
}
