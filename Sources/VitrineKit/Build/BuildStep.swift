/// One stage of `vitrine build` as `SiteBuilder` declares it (in the manner of Publish's
/// publishing steps): which `BuildStage` it is, the rule that says whether it applies to a
/// build, and its work over the `BuildContext`.
struct BuildStep: Sendable {
    /// What a stage tells the runner.
    enum Outcome {
        /// Go on with the next stage.
        case next
        /// The build is done, early: an unchanged rebuild, or `--render-to-memory`.
        case done(BuildSummary)
    }

    typealias Body = @Sendable (inout BuildContext) async throws(VitrineError) -> Outcome

    let stage: BuildStage
    /// False when the stage does not apply to this build (`checkLinks` without `--strict`,
    /// `publish` when nothing changed): it is skipped, and not logged.
    let applies: @Sendable (BuildContext) -> Bool
    let body: Body

    /// A stage that always goes on to the next.
    init(
        _ stage: BuildStage, when applies: @escaping @Sendable (BuildContext) -> Bool = { _ in true },
        _ body: @escaping @Sendable (inout BuildContext) async throws(VitrineError) -> Void
    ) {
        self.stage = stage
        self.applies = applies
        self.body = { (context: inout BuildContext) async throws(VitrineError) -> Outcome in
            try await body(&context)
            return .next
        }
    }

    /// A stage that may end the build (`Outcome.done`).
    init(_ stage: BuildStage, mayFinish body: @escaping Body) {
        self.stage = stage
        self.applies = { _ in true }
        self.body = body
    }
}
