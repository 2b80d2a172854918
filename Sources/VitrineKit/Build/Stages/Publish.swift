import Foundation

/// The stages that hand the new site over: the report, the last carry-over, the exchange.
extension BuildContext {
    /// `writeReport` (`--report`): written before the exchange, so that a report that cannot
    /// be written leaves the site as it was; it takes its place once the build is done (`finish`).
    mutating func writeReport() throws(VitrineError) {
        stopClock()
        let report = BuildReport(summary: summary(), site: site, origins: fetched.origins, changes: fetched.changes)
        try reportDestination!.write(report.data)
    }

    /// `catchUp`: what a person added to the output during the build, carried in as late as
    /// can be: after the report (which may wait on a slow pipe), right before the exchange.
    mutating func catchUp() throws(VitrineError) {
        stopClock()
        options.afterCarryOver?()
        caughtUpWarnings = try publisher.catchUp(into: staging!, listed: kept.listed, manifest: manifest)
    }

    /// `publish`: the one step that changes the output; after it, the build is done.
    mutating func publish() throws(VitrineError) {
        if Task.isCancelled { throw VitrineError.interrupted }
        try publisher.publish(staging!)
        staging = nil
        published = true
        rebuild.waitForRecords()
    }
}
