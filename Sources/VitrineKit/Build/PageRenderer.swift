import Foundation
import Logging

/// Renders planned pages in parallel into the staging folder. Each page's bytes depend only
/// on the inputs, never on scheduling, so the tree is byte-identical for any `--jobs`.
///
/// With a previous manifest, a page whose key is unchanged is skipped (neither rendered
/// nor written), and a page rendered every time is written only when its bytes changed;
/// the staging folder then holds only what changed.
struct PageRenderer: Sendable {
    let factory: PageFactory
    let theme: Theme
    let staging: URL
    let keys: PageKeys
    /// The previous build's manifest (path → digest); `.none` for a full build.
    let previous: BuildManifest.Previous
    /// The output being updated in place, for byte comparisons; nil for a full build.
    let output: URL?
    let logger: Logger
    /// Live progress on a terminal; nil elsewhere.
    var progress: (any ProgressReporter)?
    /// Render every page and write nothing (`--render-to-memory`), to time rendering alone.
    var toMemory = false
    /// The entries of the filter indexes in the output (`FilterEntries`), copied where
    /// their items did not change.
    var filterEntries: FilterEntries?

    struct Written: Sendable {
        var files = 0
        var bytes = 0
        /// Pages and assets left as they were.
        var unchanged = 0
        /// Every output file with its digest, in plan order.
        var manifest: [(path: String, digest: StableHasher.Digest)] = []
        /// Files written into staging (relative paths).
        var changed: [String] = []
        /// Each filter index's entries, as the files in the new site have them.
        var filterEntries: [String: FilterEntries.File] = [:]

        mutating func add(_ other: Written) {
            files += other.files
            bytes += other.bytes
            unchanged += other.unchanged
            manifest += other.manifest
            changed += other.changed
            filterEntries.merge(other.filterEntries) { _, new in new }
        }
    }

    /// Renders the plan's pages (only those at `only`'s paths, when given).
    func render(_ plan: PagePlan, only: Set<String>? = nil, jobs: Int) async throws(VitrineError) -> Written {
        let pages = only.map { only in plan.pages.filter { only.contains($0.path.description) } } ?? plan.pages
        let chunkSize = max(16, min(512, pages.count / (jobs * 8)))
        let chunks = stride(from: 0, to: pages.count, by: chunkSize).map { $0..<min(pages.count, $0 + chunkSize) }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            // At most `jobs` chunks in flight; results are put back in plan order.
            return try await withThrowingTaskGroup(of: (Int, Written).self) { group in
                var results = [Written?](repeating: nil, count: chunks.count)
                var next = 0
                func startNext() {
                    guard next < chunks.count else { return }
                    let number = next
                    next += 1
                    group.addTask { (number, try renderChunk(pages[chunks[number]], planned: only == nil, of: plan, jobs: jobs)) }
                }
                for _ in 0..<min(jobs, chunks.count) { startNext() }
                var done = 0
                while let (number, written) = try await group.next() {
                    results[number] = written
                    done += chunks[number].count
                    progress?.update("render pages", done: done, total: pages.count)
                    startNext()
                }
                progress?.finish("render pages")
                var total = Written()
                for written in results { if let written { total.add(written) } }
                let seconds = (clock.now - start) / .seconds(1)
                let rate = Int(Double(pages.count) / max(seconds, 0.001))
                logger.info(
                    "render pages: \(Format.count(total.files, "file", "files")) \(toMemory ? "rendered into memory" : "written"), \(Format.grouped(total.unchanged)) unchanged, in \(String(format: "%.2f", seconds)) s (\(rate) files/s)"
                )
                return total
            }
        } catch let error as VitrineError {
            throw error
        } catch {
            throw VitrineError("render pages: \(error)", kind: .invalidInput)
        }
    }

    /// Renders a run of `plan`'s pages; `planned` when their indices are their places in it.
    /// A filter index's entry keys are made by `jobs` threads.
    private func renderChunk(
        _ pages: ArraySlice<(path: SitePath, job: PagePlan.Job)>, planned: Bool, of plan: PagePlan, jobs: Int
    ) throws(VitrineError) -> Written {
        var writer = FileWriter(root: staging)
        var written = Written()
        written.manifest.reserveCapacity(pages.count)
        // Every page the chunk renders goes into this one buffer (its capacity kept from page
        // to page), then is written from it; a filter index replaces it whole.
        var bytes: [UInt8] = []
        for index in pages.indices {
            let (path, job) = pages[index]
            if Task.isCancelled { throw VitrineError.interrupted }
            if toMemory {
                try render(job, of: plan, into: &bytes, jobs: jobs)
                written.files += 1
                written.bytes += bytes.count
                continue
            }
            let relative = path.description
            let key = keys.key(for: job, site: factory.site)
            let before = previous.digest(for: relative, page: planned ? index : nil)
            if let key, before == key {
                written.manifest.append((relative, key))
                written.unchanged += 1
                continue
            }
            var digest = key
            if case .filterIndex(let gallery) = job {
                let made = filterIndex(gallery, at: relative, before: before, jobs: jobs)
                written.filterEntries[relative] = made.file
                (bytes, digest) = (made.bytes, made.file.digest)
            } else {
                try render(job, of: plan, into: &bytes, jobs: jobs)
            }
            if key == nil {
                if digest == nil { digest = bytes.withUnsafeBytes { StableHasher.digest($0) } }
                if before == digest {
                    written.manifest.append((relative, digest!))
                    written.unchanged += 1
                    continue
                }
            } else if let output, before != nil,
                let existing = FileManager.default.contents(atPath: output.path + "/" + relative),
                bytes.elementsEqual(existing)
            {
                // A new key, the same bytes (a template edit elsewhere): leave the file alone.
                written.manifest.append((relative, digest!))
                written.unchanged += 1
                continue
            }
            try writer.write(bytes, to: relative)
            written.manifest.append((relative, digest!))
            written.changed.append(relative)
            written.files += 1
            written.bytes += bytes.count
        }
        return written
    }

    /// A gallery's filter index at `path`, with its entries' keys and lengths; the entries
    /// of the file in the output (whose digest the previous manifest has as `before`) are
    /// copied where their keys are the same.
    private func filterIndex(
        _ gallery: Int, at path: String, before: StableHasher.Digest?, jobs: Int
    ) -> (bytes: [UInt8], file: FilterEntries.File) {
        let global = keys.global
        let entryKeys = keys.galleryItems[gallery].parallelMap(jobs: jobs) { FilterEntries.key(global: global, item: $0) }
        var previous: FilterEntries.Previous?
        if let output, let recorded = filterEntries?.files[path], let old = FileBytes.read(atPath: output.path + "/" + path) {
            previous = FilterEntries.Previous(
                recorded, bytes: old, manifestDigest: before, prefix: factory.filterIndexPrefix(gallery), suffix: PageFactory.filterIndexSuffix,
                keys: entryKeys)
        }
        let (bytes, lengths) = factory.filterIndexBytes(gallery, keys: entryKeys, previous: previous, jobs: jobs)
        return (bytes, FilterEntries.File(digest: StableHasher.digest(bytes), keys: entryKeys, lengths: lengths))
    }

    /// Renders `job`'s page into `bytes` (replacing what it held).
    private func render(_ job: PagePlan.Job, of plan: PagePlan, into bytes: inout [UInt8], jobs: Int) throws(VitrineError) {
        switch job {
        case .home: try theme.render("home", factory.home(), into: &bytes)
        case .gallery(let index, let page): try theme.render("gallery", factory.galleryPage(index, page: page), into: &bytes)
        case .favorites(let page): try theme.render("gallery", factory.favoritesPage(page), into: &bytes)
        case .item(let index): try theme.render("item", factory.itemPage(index), into: &bytes)
        case .content(let index): try theme.render("page", factory.contentPage(factory.site.pages[index]), into: &bytes)
        case .notFound: try theme.render("404", factory.notFound(styles: theme.styles), into: &bytes)
        // Every page's path, made into the sitemap's model by the one job that renders it.
        case .sitemap: try theme.render("sitemap.xml", factory.sitemap(plan.sitemapPaths), into: &bytes)
        case .feed: try theme.render("feed.xml", factory.feed(), into: &bytes)
        case .filterIndex(let index): bytes = factory.filterIndexBytes(index, jobs: jobs)
        case .changes(let index): try theme.render("changes", factory.changesPage(index), into: &bytes)
        case .changesFeed(let index): try theme.render("feed.xml", factory.changesFeed(index), into: &bytes)
        case .galleryFeed(let index): try theme.render("feed.xml", factory.galleryFeed(index), into: &bytes)
        }
    }

    /// Copies files verbatim — the theme's assets (site overrides win) into `assets/`, the
    /// site's `static/` folder to the root — when their bytes changed (or, with `only`, the
    /// ones at those paths).
    func copy(_ files: [(path: String, file: URL)], only: Set<String>? = nil) throws(VitrineError) -> Written {
        var writer = FileWriter(root: staging)
        var written = Written()
        for (path, file) in files where only?.contains(path) ?? true {
            // A regular file only, never one of /proc or /sys (`FileBytes.input`), even if
            // a link took the file's place since the folder was listed.
            guard let data = try FileBytes.input(atPath: file.path, label: file.path) else {
                throw VitrineError(file: file.path, "cannot read: it was removed during the build")
            }
            let digest = data.withUnsafeBytes { StableHasher.digest($0) }
            written.manifest.append((path, digest))
            if only == nil, previous.digest(for: path) == digest {
                written.unchanged += 1
                continue
            }
            try writer.write(data, to: path)
            written.changed.append(path)
            written.files += 1
            written.bytes += data.count
        }
        return written
    }
}
