import Foundation
import Logging
import Synchronization

/// `vitrine build`: the stages `BuildStage` names, run in that order from one list
/// (`stages`) over one `BuildContext`.
///
/// load config → lock the output → load favorites → fetch → store favorites → read templates
/// and static files → compare inputs (stop here when every input has the bytes the output
/// was made from) → compile templates → read snapshots, catalogs and content → plan pages →
/// key pages → render changed pages into the staging folder (the spare tree when there is
/// one) → copy assets → keep unchanged files → write the manifest → check links → write the
/// report → keep files added to the output during the build → publish (one exchange). Each
/// stage runs once: the runner logs its name and stamps its errors with it
/// (`VitrineError.stage`); the output changes only at `publish`.
public struct SiteBuilder: Sendable {
    let logger: Logger
    /// Live progress of long stages, on a terminal; nil for plain log lines only.
    public let progress: (any ProgressReporter)?
    /// For a process that exits after one build (`vitrine build`): the site, its plan and
    /// the listings stay in memory until the exit instead of being freed one object at a
    /// time (docs/benchmark-notes.md, "Build stages"). The memory is the same as during the
    /// build; the kernel takes it back at once. (Compilers do the same: clang's
    /// `-disable-free`.) A long-lived process (`serve`) frees as usual.
    public var keepsMemoryUntilExit = false

    /// A builder that logs to `logger` and, on a terminal, reports long stages to `progress`.
    public init(logger: Logger = Logger(label: "vitrine"), progress: (any ProgressReporter)? = nil) {
        self.logger = logger
        self.progress = progress
    }

    /// The stages of every build, in `BuildStage`'s order, each with the rule that skips it.
    static let stages: [BuildStep] = [
        BuildStep(.loadConfig) { (context: inout BuildContext) throws(VitrineError) in try context.loadConfig() },
        BuildStep(.lockOutput) { (context: inout BuildContext) throws(VitrineError) in try context.lockOutput() },
        BuildStep(.loadFavorites) { (context: inout BuildContext) throws(VitrineError) in try context.loadFavorites() },
        BuildStep(.fetch) { (context: inout BuildContext) async throws(VitrineError) in try await context.fetch() },
        BuildStep(.storeFavorites) { $0.storeFavorites() },
        BuildStep(.loadTemplates) { (context: inout BuildContext) throws(VitrineError) in try context.loadTemplates() },
        BuildStep(.readStaticFiles) { (context: inout BuildContext) throws(VitrineError) in try context.readStaticFiles() },
        BuildStep(.compareInputs, mayFinish: { $0.compareInputs() }),
        BuildStep(.compileTemplates) { (context: inout BuildContext) throws(VitrineError) in try context.compileTemplates() },
        BuildStep(.readSite) { (context: inout BuildContext) throws(VitrineError) in try context.readSite() },
        BuildStep(.planPages) { (context: inout BuildContext) throws(VitrineError) in try context.planPages() },
        BuildStep(.keyPages) { (context: inout BuildContext) throws(VitrineError) in try context.keyPages() },
        BuildStep(.renderPages, mayFinish: { (context: inout BuildContext) async throws(VitrineError) in try await context.renderPages() }),
        BuildStep(.copyAssets) { (context: inout BuildContext) throws(VitrineError) in try context.copyAssets() },
        BuildStep(.keepUnchanged, when: \.publishes) { (context: inout BuildContext) async throws(VitrineError) in try await context.keepUnchanged() },
        BuildStep(.writeManifest, when: \.publishes) { (context: inout BuildContext) throws(VitrineError) in try context.writeManifest() },
        BuildStep(.checkLinks, when: \.checksLinks) { (context: inout BuildContext) throws(VitrineError) in try context.checkLinks() },
        BuildStep(.writeReport, when: \.writesReport) { (context: inout BuildContext) throws(VitrineError) in try context.writeReport() },
        BuildStep(.catchUp, when: \.publishes) { (context: inout BuildContext) throws(VitrineError) in try context.catchUp() },
        BuildStep(.publish, when: \.publishes) { (context: inout BuildContext) throws(VitrineError) in try context.publish() },
    ]

    /// Runs the stages in order and publishes the site in one exchange; an error names its
    /// stage, kind and file, and leaves the previous site as it was.
    public func build(_ options: BuildOptions) async throws(VitrineError) -> BuildSummary {
        var context = BuildContext(options: options, logger: logger, progress: progress)
        defer { context.close() }
        do throws(VitrineError) {
            for step in Self.stages where step.applies(context) {
                logger.debug("stage: \(step.stage.rawValue) (\(step.stage.purpose))")
                let outcome: BuildStep.Outcome
                do throws(VitrineError) {
                    outcome = try await step.body(&context)
                } catch {
                    throw error.at(step.stage)
                }
                if case .done(let summary) = outcome { return summary }
            }
        } catch {
            context.discardStaging()
            throw error
        }
        let summary = context.finish()
        if keepsMemoryUntilExit { Self.keptUntilExit.withLock { $0 += context.heldUntilExit } }
        return summary
    }

    private static let keptUntilExit = Mutex<[any Sendable]>([])
}
