import Foundation

/// What `vitrine build` (and `serve`, which builds) was asked to do: the site, and how to
/// fetch, render and publish it. Filled in by the executable; the library never reads the
/// command line or the environment itself. Commands that only read a site take a
/// `SiteLocation`.
public struct BuildOptions: Sendable {
    /// The site, and how the user named it.
    public var location: SiteLocation
    /// Where the site goes; `SITE/public` by default.
    public var output: URL?
    /// How the user named the output folder, for messages.
    public var outputLabel: String?
    /// Overrides `baseURL` from site.yml.
    public var baseURL: String?
    /// Parallel render tasks; at least 1.
    public var jobs: Int
    /// Network behaviour: snapshots, refresh, offline; endpoints, keys, cache.
    public var fetch: FetchOptions
    /// Where to write a JSON build report (`--report`), if anywhere.
    public var report: URL?
    /// Check every internal link, asset and anchor of the staged site before publishing it
    /// (`--strict`); a problem fails the build and the previous site stays.
    public var checkLinks = false
    /// The default theme's folder; the one in the resource bundle when nil (`vitrine serve`
    /// run from a checkout uses the source tree's, so theme edits show up live).
    public var themeDirectory: URL?
    /// How long to wait for another build of the same output (`--lock-timeout`); nil waits
    /// as long as it takes.
    public var lockTimeout: Duration?
    /// Render every page into memory and write nothing (`--render-to-memory`, as Hugo's
    /// `--renderToMemory`): the time of reading and rendering alone.
    public var renderToMemory = false
    /// Test seam: runs after the carry-over, before the output is checked once more for
    /// files that appeared during the build (`OutputPublisher.catchUp`).
    var afterCarryOver: (@Sendable () -> Void)?
    /// The time of a refresh, for change records (tests set it).
    var now: @Sendable () -> Date = { Date() }

    /// Options for the site at `site`; labels default to the paths, `jobs` to the cores.
    public init(
        site: URL, siteLabel: String? = nil, output: URL? = nil, outputLabel: String? = nil, baseURL: String? = nil,
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, fetch: FetchOptions = FetchOptions(mode: .offline), report: URL? = nil
    ) {
        self.init(
            location: SiteLocation(site, label: siteLabel), output: output, outputLabel: outputLabel, baseURL: baseURL, jobs: jobs, fetch: fetch,
            report: report)
    }

    /// Options for the site at `location`; `jobs` defaults to the cores.
    public init(
        location: SiteLocation, output: URL? = nil, outputLabel: String? = nil, baseURL: String? = nil,
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount, fetch: FetchOptions = FetchOptions(mode: .offline), report: URL? = nil
    ) {
        self.location = location
        self.fetch = fetch
        self.report = report
        self.output = output
        self.outputLabel = outputLabel ?? output?.path
        self.baseURL = baseURL
        self.jobs = max(1, jobs)
    }

    /// The output as the user would name it (`Site/public`, `--output`'s text).
    public var outputName: String {
        outputLabel ?? label("public")
    }

    var outputDirectory: URL {
        output ?? site.appendingPathComponent("public")
    }

    /// The site folder.
    public var site: URL {
        get { location.folder }
        set { location.folder = newValue }
    }

    /// How the user named the site folder, for messages.
    public var siteLabel: String {
        get { location.label }
        set { location.label = newValue }
    }

    /// Test seam: where the site reader reads inputs from (`SiteLocation.files`).
    var siteFolder: (any SiteFolder)? {
        get { location.files }
        set { location.files = newValue }
    }

    /// `Site/site.yml` as the user would type it.
    func label(_ relative: String) -> String {
        location.label(relative)
    }
}

extension BuildOptions {
    /// Refuses a `--base-url` that cannot be a site's address (`SiteConfig.checkedBaseURL`),
    /// for the command line to turn into a usage error before any work starts.
    public static func checkBaseURL(_ text: String) throws(VitrineError) {
        _ = try SiteConfig.checkedBaseURL(text, name: "--base-url")
    }
}
