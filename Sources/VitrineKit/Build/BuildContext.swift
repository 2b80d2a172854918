import Foundation
import Logging

/// What the stages of one `vitrine build` hand on to the stages after them
/// (`SiteBuilder.stages`). Each field is set by the stage named on it and read only by the
/// stages after that one; the list runs them in order, once each.
struct BuildContext {
    let options: BuildOptions
    let logger: Logger
    /// Live progress of long stages, on a terminal; nil for plain log lines only.
    let progress: (any ProgressReporter)?
    /// When the build started, for the summary's time.
    let start = ContinuousClock.now
    /// The build's time, taken once before the report and the exchange, so that the report and
    /// the summary line say the same time (`stopClock`).
    var seconds: Double?
    /// The digest of every input file as it was read, for page keys.
    let inputs = InputRecorder()
    /// Reads each input once, for every stage that needs it.
    let reader: SiteReader

    /// `loadConfig`.
    var config: SiteConfig!
    /// `lockOutput`: the output folder, held by `lock` until the build returns.
    var publisher: OutputPublisher!
    var lock: FileLock?
    /// `lockOutput`: where `--report` goes, checked before any work.
    var reportDestination: BuildReport.Destination?
    /// `lockOutput`: every decision that depends on the previous build.
    var rebuild: Rebuild!
    /// `loadFavorites`.
    var favorites: FavoritesFile!
    /// `fetch`.
    var fetched: FetchStage.Outcome!
    /// `storeFavorites`: what was stored, or why nothing could be (a warning, not a failure).
    var storedItems: FavoritesService.StoredItems?
    var storedItemsWarning: String?
    /// `loadTemplates`.
    var themeFiles: Theme.Files!
    /// `readStaticFiles`.
    var staticFiles: [(path: String, file: URL)] = []
    /// `compareInputs`: the digest of every input, recorded in the manifest.
    var inputsDigest: InputsDigest!
    /// The digest of every input file read, by its path in the site (`keyPages`).
    var inputDigests: [String: StableHasher.Digest]!
    /// `compileTemplates`.
    var theme: Theme!
    /// `readSite`.
    var site: LoadedSite!
    /// `planPages`.
    var plan: PagePlan!
    /// `keyPages`.
    var keys: PageKeys!
    /// `renderPages`: the folder the new site is assembled in, until it is published or put
    /// aside (then nil).
    var staging: OutputPublisher.Staging?
    var renderer: PageRenderer!
    /// `renderPages`, `copyAssets`, `keepUnchanged`, `writeManifest`: what was written.
    var written = PageRenderer.Written()
    /// `copyAssets`: the manifest of the staged site.
    var manifest: BuildManifest!
    /// `copyAssets`: false when the staged site is the output as it is, which then stays.
    var publishes = false
    /// `keepUnchanged`: what was carried over from the output.
    var kept = OutputPublisher.CarryOver()
    /// `catchUp`: what could not be carried in at the last moment.
    var caughtUpWarnings: [String] = []
    /// `publish`.
    var published = false

    init(options: BuildOptions, logger: Logger, progress: (any ProgressReporter)?) {
        self.options = options
        self.logger = logger
        self.progress = progress
        reader = SiteReader(options: options, recorder: inputs)
    }

    /// `--strict`, and a staged site to check (`checkLinks`' rule).
    var checksLinks: Bool { publishes && options.checkLinks }
    /// `--report` (`writeReport`'s rule).
    var writesReport: Bool { reportDestination != nil }

    /// Puts the staging folder aside, when the build has one it did not publish.
    mutating func discardStaging() {
        guard let staging else { return }
        publisher.discard(staging)
        self.staging = nil
    }

    /// Ends the build, whichever way: the listings stop, and the output's lock, held until
    /// here, is released.
    func close() {
        rebuild?.cancelListings()
        withExtendedLifetime(lock) {}
    }
}
