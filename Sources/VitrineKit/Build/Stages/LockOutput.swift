import Foundation

extension BuildContext {
    /// `lockOutput`: every path the build writes is checked before the first request or page,
    /// and the output is locked for the whole build. Leftovers of stopped builds are removed,
    /// `--report`'s destination is checked, and the previous build's manifest is read for
    /// the decisions that depend on it (`Rebuild`).
    mutating func lockOutput() throws(VitrineError) {
        let publisher = try OutputPublisher(output: options.outputDirectory, site: options.site, label: options.outputName, jobs: options.jobs)
        reportDestination = try options.report.map { url throws(VitrineError) in try BuildReport.Destination(url) }
        let (logger, outputName) = (logger, options.outputName)
        lock = try publisher.lock(
            timeout: options.lockTimeout, announce: { logger.notice("\($0)") },
            moved: { logger.debug("\($0), kept beside \(outputName) by an earlier vitrine") })
        for leftover in publisher.removeLeftovers() { logger.debug("removed \(leftover), left by a build that was stopped") }
        self.publisher = publisher
        rebuild = Rebuild(publisher: publisher, options: options)
    }
}
