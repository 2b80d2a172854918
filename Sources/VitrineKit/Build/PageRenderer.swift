import Foundation
import Logging

/// Renders planned pages in parallel into the staging folder. Each page's bytes depend only
/// on the inputs, never on scheduling, so the tree is byte-identical for any `--jobs`.
struct PageRenderer: Sendable {
    let factory: PageFactory
    let theme: Theme
    let staging: URL
    let logger: Logger

    struct Written: Sendable {
        var files = 0
        var bytes = 0

        mutating func add(_ other: Written) {
            files += other.files
            bytes += other.bytes
        }
    }

    func render(_ plan: PagePlan, jobs: Int) async throws(VitrineError) -> Written {
        let pages = plan.pages
        let sitemap = factory.sitemap(plan.sitemapPaths)
        let chunkSize = max(16, pages.count / (jobs * 8))
        let chunks = stride(from: 0, to: pages.count, by: chunkSize).map { $0..<min(pages.count, $0 + chunkSize) }
        let clock = ContinuousClock()
        let start = clock.now
        do {
            return try await withThrowingTaskGroup(of: Written.self) { group in
                var total = Written()
                var next = 0
                func startNext() {
                    guard next < chunks.count else { return }
                    let range = chunks[next]
                    next += 1
                    group.addTask {
                        var written = Written()
                        for index in range {
                            let (path, job) = pages[index]
                            let bytes = Data(render(job, sitemap: sitemap).utf8)
                            try write(bytes, to: path.description)
                            written.files += 1
                            written.bytes += bytes.count
                        }
                        return written
                    }
                }
                for _ in 0..<min(jobs, chunks.count) { startNext() }
                while let written = try await group.next() {
                    total.add(written)
                    startNext()
                }
                let seconds = (clock.now - start) / .seconds(1)
                logger.info("render pages: \(total.files) files in \(String(format: "%.2f", seconds)) s (\(Int(Double(total.files) / max(seconds, 0.001))) pages/s)")
                return total
            }
        } catch let error as VitrineError {
            throw error
        } catch {
            throw VitrineError("render pages: \(error)")
        }
    }

    private func render(_ job: PagePlan.Job, sitemap: SitemapModel) -> String {
        switch job {
        case .home: theme.render("home", factory.home())
        case .gallery(let index, let page): theme.render("gallery", factory.galleryPage(index, page: page))
        case .favorites(let page): theme.render("gallery", factory.favoritesPage(page))
        case .item(let index): theme.render("item", factory.itemPage(index))
        case .content(let index): theme.render("page", factory.contentPage(factory.site.pages[index]))
        case .notFound: theme.render("404", factory.notFound())
        case .sitemap: theme.render("sitemap.xml", sitemap)
        case .feed: theme.render("feed.xml", factory.feed())
        }
    }

    func write(_ data: Data, to relative: String) throws(VitrineError) {
        let url = staging.appendingPathComponent(relative)
        do {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: url)
        } catch {
            throw VitrineError("write \(relative): \(error.localizedDescription)")
        }
    }

    /// Copies the theme's assets (site overrides win) into `assets/`.
    func copyAssets() throws(VitrineError) -> Written {
        var written = Written()
        for (path, source) in theme.assets {
            let data: Data
            do {
                data = try Data(contentsOf: source)
            } catch {
                throw VitrineError(file: source.path, "cannot read asset: \(error.localizedDescription)")
            }
            try write(data, to: path)
            written.files += 1
            written.bytes += data.count
        }
        return written
    }
}
