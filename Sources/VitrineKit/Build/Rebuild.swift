import Foundation
import Logging

/// Every incremental decision of one build, made once from the output's previous manifest
/// (`BuildManifest`): whether the inputs are those the output was made from (the build then
/// stops after `compareInputs`), which previous manifest the pages are compared with, whether
/// the spare tree is reused as the staging folder, the listings of both trees, the entries of
/// the filter indexes copied for unchanged items, and whether the staged site differs from the
/// output at all.
///
/// A build that cannot tell (no output, a manifest it cannot read, `--strict`) makes every
/// file anew; the decisions only ever skip work whose result would be the same bytes.
struct Rebuild {
    let publisher: OutputPublisher
    /// The previous manifest's bytes, parsed only as far as a decision needs; dropped once
    /// the build knows it goes on (`goOn`).
    private var previousBytes: Data?
    /// The previous manifest starts as one this version reads: the output was made by a vitrine build.
    let hasManifest: Bool
    /// The digest of the inputs the output was made from; nil without a manifest, or when the
    /// previous build recorded none (it had warnings, which every build says again).
    let recordedInputs: StableHasher.Digest?
    /// `--strict` checks the links of the whole staged site, so it renders everything, in an
    /// empty folder.
    private let rendersEverything: Bool
    /// `--render-to-memory` writes nothing: no listing, no staging.
    private let writesNothing: Bool
    /// The previous manifest, parsed once the build goes on; nil without one.
    private(set) var previous: BuildManifest?
    /// Both trees listed on another thread (`OutputPublisher.Listings`), from the moment the
    /// build knows it is not an unchanged rebuild: the first input whose stamp changed.
    private(set) var listings: OutputPublisher.Listings?
    private var listingStarted = false
    /// The output's filter entries as the previous build recorded them (`FilterEntries`),
    /// read when the staging folder is made; nil for a build that writes every file.
    private(set) var filterEntries: FilterEntries?

    /// Reads the first lines of the output's manifest; the rest waits for a decision that needs it.
    init(publisher: OutputPublisher, options: BuildOptions) {
        self.publisher = publisher
        let bytes = publisher.previousManifestBytes()
        let head = bytes.flatMap(BuildManifest.inputs(in:))
        previousBytes = bytes
        hasManifest = head != nil
        recordedInputs = head ?? nil
        rendersEverything = options.checkLinks
        writesNothing = options.renderToMemory
    }

    /// The previous manifest pages are compared with and files carried over from; nil when
    /// every file is made anew (no readable manifest, or `--strict`).
    var reuse: BuildManifest? { rendersEverything ? nil : previous }

    /// The previous build's summary when every input has the bytes the output was made from
    /// (nothing to parse or render); nil when the build goes on. `mayStop` is false for a
    /// build that must go on whatever the inputs (it fetched, warned, or checks links).
    /// An input that changed starts the listings at once; one large file read to learn that
    /// is handed to `reader`, so the read phase does not read it again.
    mutating func unchangedSummary(inputs: InputsDigest, site: URL, mayStop: Bool, reader: SiteReader) -> BuildManifest.Summary? {
        guard mayStop, let recordedInputs else { return nil }
        let current = inputs.current(site: site) { startListing() }
        guard current.digest == recordedInputs else {
            // A large file changed: the build parses the bytes just hashed.
            reader.offer(current.read)
            return nil
        }
        // A manifest that turns out damaged past its first lines: built as if there were none.
        return previousBytes.flatMap(BuildManifest.Summary.init)
    }

    /// The build goes on past `compareInputs`: the previous manifest is parsed and the
    /// listings start, if they have not.
    mutating func goOn() {
        previous = hasManifest ? previousBytes.flatMap(BuildManifest.parse) : nil
        previousBytes = nil
        startListing()
    }

    /// Lists both trees from now on, once. The spare is listed when the build may reuse it:
    /// an output with a readable manifest, and not `--strict`, which starts from an empty folder.
    private mutating func startListing() {
        guard !listingStarted, !writesNothing else { return }
        listingStarted = true
        listings = publisher.startListing(spare: !rendersEverything && hasManifest)
    }

    /// The staging folder: the spare tree when files are carried over, else an empty folder;
    /// and the filter entries the renderer copies for unchanged items.
    mutating func makeStaging() throws(VitrineError) -> OutputPublisher.Staging {
        let staging = try publisher.makeStaging(reuseSpare: reuse != nil)
        filterEntries = reuse == nil ? nil : publisher.readFilterEntries()
        return staging
    }

    /// What the renderer compares each page with: the previous manifest's digests, and the
    /// output for byte comparisons; nothing for a build that writes every file.
    func comparison(for plan: PagePlan) -> (previous: BuildManifest.Previous, output: URL?) {
        guard let reuse else { return (.none, nil) }
        return (BuildManifest.Previous(reuse, plan: plan), publisher.output)
    }

    /// True when the staged site is the output as it is: no file written, the same manifest.
    func isUnchanged(written: PageRenderer.Written, manifest: BuildManifest) -> Bool {
        guard let reuse else { return false }
        return written.changed.isEmpty && manifest == reuse
    }

    /// Keeps the record of the filter indexes for the next build, when it changed.
    func recordFilterEntries(_ files: [String: FilterEntries.File]) {
        let entries = FilterEntries(files: files)
        if entries != filterEntries { publisher.writeFilterEntries(entries) }
    }

    /// Says at trace level how much of each tree was read rather than taken from its record.
    func traceListings(outputName: String, logger: Logger) {
        guard let (output, spare) = try? listings?.get() else { return }
        for (name, listed) in [(outputName, output), ("its spare tree", spare)] {
            guard let listed else { continue }
            logger.trace("listed \(name): \(listed.read) of \(listed.record.count) folders read, the others unchanged since they were recorded")
        }
    }

    /// Waits until the listings' records are written, once the build used or put aside its staging folder.
    func waitForRecords() { listings?.waitForRecords() }

    /// For a build that stops before its carry-over (an error, a signal): the walk stops
    /// without being waited for; a records file being written is finished first, so a clean
    /// stop leaves nothing beside the output.
    func cancelListings() { listings?.cancel() }
}
