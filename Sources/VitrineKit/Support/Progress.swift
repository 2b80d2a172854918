/// Live progress of long stages (searches, pages). The executable shows it as one redrawn
/// line on a terminal; elsewhere (CI, pipes, `NO_COLOR`, `--quiet`) there is no reporter
/// and the stages' plain log lines are all there is.
public protocol ProgressReporter: Sendable {
    /// `done` of `total` units of `stage` are finished; called often, implementations throttle.
    func update(_ stage: String, done: Int, total: Int)
    /// The stage is over: leave the terminal clean for the next line.
    func finish(_ stage: String)
}
