/// The stages of `vitrine build`, declared in the order they run. `SiteBuilder.stages` lists
/// each once (`BuildStep`: the stage, the rule that skips it, its work over `BuildContext`);
/// one runner logs each stage's name and stamps its errors with it, so a caller (or a test)
/// learns *where* a build failed from `VitrineError.stage`, never from the text.
///
/// Each case names the types (and so the files) that own the stage's work.
public enum BuildStage: String, Sendable, CaseIterable {
    /// site.yml, with `--base-url` applied (`SiteReader.config`).
    case loadConfig = "load config"
    /// The output folder checked and locked for the whole build, leftovers of stopped builds
    /// removed, `--report`'s destination checked, the previous manifest read (`OutputPublisher`,
    /// `BuildReport.Destination`, `Rebuild`).
    case lockOutput = "lock output"
    /// favorites.json (`SiteReader.favorites`).
    case loadFavorites = "load favorites"
    /// Searches run and snapshots written, id-only favorites looked up (`FetchStage`).
    case fetch
    /// Favorites looked up by id stored in favorites.json (`FavoritesService.storeItems`).
    case storeFavorites = "store favorites"
    /// The theme's and the site's templates and translations read and fingerprinted, not
    /// parsed (`Theme.Files`).
    case loadTemplates = "load templates"
    /// `SITE/static/` listed (`StaticFolder`).
    case readStaticFiles = "read static files"
    /// Every input compared with the bytes the output was made from; the build stops here
    /// when none changed (`InputsDigest`, `Rebuild.unchangedSummary`).
    case compareInputs = "compare inputs"
    /// Every template parsed and compiled once, the translations merged (`Theme(compiling:)`).
    case compileTemplates = "compile templates"
    /// Snapshots, catalogs and content read and assembled (`SiteReader.read`, `LoadedSite.assemble`).
    case readSite = "read site"
    /// Every page and its path (`PagePlan`); clashes with static files found.
    case planPages = "plan pages"
    /// What each page is made from, hashed (`PageKeys`).
    case keyPages = "key pages"
    /// The staging folder made (`Rebuild.makeStaging`: the spare tree, or a new one), then
    /// changed pages rendered into it (`PageRenderer`, `PageFactory`, `Theme`); with
    /// `--render-to-memory`, every page rendered into memory, and the build ends here.
    case renderPages = "render pages"
    /// Theme assets and static files copied (`PageRenderer.copy`), the manifest of the staged
    /// site made, and whether it differs from the output decided (`Rebuild.isUnchanged`): when
    /// it does not, the stages up to `publish` are skipped but `writeReport`.
    case copyAssets = "copy assets"
    /// Unchanged files and files vitrine did not write carried over (`OutputPublisher+CarryOver`);
    /// planned files the output lacked (deleted by hand) rendered again, within this stage
    /// (`PageRenderer`).
    case keepUnchanged = "keep unchanged files"
    /// The output marker and the build manifest written (`OutputPublisher.writeMarker`, `BuildManifest`).
    case writeManifest = "write manifest"
    /// `--strict`: every internal link of the staged site checked (`LinkCheck`).
    case checkLinks = "check links"
    /// `--report`: the JSON build report written, before the exchange, so that a report that
    /// cannot be written leaves the site as it was (`BuildReport.Destination`).
    case writeReport = "write report"
    /// The output listed once more, just before the exchange: what a person added to it or
    /// removed from it during the build is carried into the staged site (`OutputPublisher+CatchUp`).
    case catchUp = "keep files added during the build"
    /// The staged site exchanged with the output in one rename (`OutputPublisher.publish`).
    case publish

    /// What the stage does, in the words a person reads in `--verbose`.
    public var purpose: String {
        switch self {
        case .loadConfig: "site.yml"
        case .lockOutput: "one build of the output at a time"
        case .loadFavorites: "favorites.json"
        case .fetch: "searches, or their snapshots in data/"
        case .storeFavorites: "favorites looked up by id, saved in favorites.json"
        case .loadTemplates: "the theme, templates/ and i18n/"
        case .readStaticFiles: "static/"
        case .compareInputs: "did anything change since the last build?"
        case .compileTemplates: "every template checked and prepared"
        case .readSite: "snapshots, catalogs and content/"
        case .planPages: "every page and its address"
        case .keyPages: "which pages changed"
        case .renderPages: "the pages whose inputs changed"
        case .copyAssets: "the theme's CSS and scripts, static/"
        case .keepUnchanged: "unchanged pages and your own files carried over"
        case .writeManifest: "the record of this build, for the next"
        case .checkLinks: "--strict: every link of the new site"
        case .catchUp: "files you added to the output meanwhile"
        case .writeReport: "--report"
        case .publish: "the new site replaces the old in one step"
        }
    }
}
