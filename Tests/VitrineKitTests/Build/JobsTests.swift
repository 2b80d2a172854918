import Foundation
import Synchronization
import Testing

@testable import VitrineKit

/// The build's `--jobs` reaches every parallel loop of the build and publishing: one
/// `parallelMap(jobs:)` for the work over every item, `inParallel(jobs:)` for two
/// independent halves. The result never depends on the number of jobs, and with one job the
/// work stays on the caller's thread.
@Suite("jobs")
struct JobsTests {
    /// The threads `body` ran its recorded steps on.
    final class Threads: Sendable {
        private let seen = Mutex<[pthread_t]>([])

        func note() {
            let me = pthread_self()
            seen.withLock { $0.append(me) }
        }

        /// Whether every step ran on `thread`.
        func allOn(_ thread: pthread_t) -> Bool {
            seen.withLock { $0.allSatisfy { pthread_equal($0, thread) != 0 } }
        }

        var count: Int { seen.withLock { $0.count } }
    }

    @Test("parallelMap keeps the order for any jobs and for sizes around the threshold", arguments: 1...8)
    func parallelMapKeepsOrder(jobs: Int) {
        for count in [0, 1, 2, 1_999, 2_000, 2_001, 4_321] {
            let numbers = Array(0..<count)
            #expect(numbers.parallelMap(jobs: jobs) { $0 &* 31 &+ 7 } == numbers.map { $0 &* 31 &+ 7 }, "\(count) elements")
        }
        // More jobs than elements, and runs of one element.
        for count in 1...17 {
            let words = (0..<count).map { "w\($0)" }
            #expect(words.parallelMap(jobs: jobs, threshold: 1) { $0 + "!" } == words.map { $0 + "!" }, "\(count) elements")
        }
    }

    @Test("with one job, parallelMap and inParallel run everything on the caller's thread")
    func oneJobStaysOnTheCallersThread() {
        let caller = pthread_self()
        let threads = Threads()
        let mapped = Array(0..<5_000).parallelMap(jobs: 1) { number -> Int in
            threads.note()
            return number + 1
        }
        #expect(mapped == Array(1...5_000))
        #expect(threads.count == 5_000 && threads.allOn(caller))

        let both = Threads()
        var order: [String] = []
        let (first, second) = inParallel(
            jobs: 1,
            {
                both.note()
                order.append("first")
                return 1
            },
            {
                both.note()
                order.append("second")
                return "two"
            })
        #expect(first == 1 && second == "two")
        #expect(order == ["first", "second"] && both.allOn(caller))
        #expect(inParallel(jobs: 4, { Array(0..<3) }, { "b" }) == ([0, 1, 2], "b"))
    }

    @Test("the output and the spare are listed one after the other with one job, as two jobs list them")
    func listingTwoTreesHonoursJobs() throws {
        let root = try TestSupport.temporaryDirectory("vitrine-jobs")
        defer { try? FileManager.default.removeItem(at: root) }
        for tree in ["output", "spare"] {
            for index in 0..<6 {
                let folder = root.appendingPathComponent("\(tree)/items/\(index)")
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try Data("\(tree) \(index)".utf8).write(to: folder.appendingPathComponent("index.html"))
            }
        }
        func list(jobs: Int, _ threads: Threads) throws -> (OutputPublisher.Listings.Listed, OutputPublisher.Listings.Listed?) {
            try OutputPublisher.list(
                folder: FileTree.openFolder(root.appendingPathComponent("output").path),
                and: FileTree.openFolder(root.appendingPathComponent("spare").path), jobs: jobs
            ) {
                threads.note()
                return false
            }
        }
        let caller = pthread_self()
        let one = Threads()
        let (output, spare) = try list(jobs: 1, one)
        #expect(one.count > 0 && one.allOn(caller), "both walks ran on the caller's thread")
        let (output2, spare2) = try list(jobs: 2, Threads())
        #expect(output.listing.files == output2.listing.files && output.listing.folders == output2.listing.folders)
        #expect(spare?.listing.files == spare2?.listing.files && spare?.listing.files.count == 6)
    }

    @Test("item pages, item digests and planned paths are the same for one job and for eight", arguments: [10, 2_000, 4_321])
    func itemWorkIsTheSameForAnyJobs(count: Int) {
        let items = PagePlanTests.items(count)
        #expect(PagePlan.itemPages(items, jobs: 1).map(\.path) == PagePlan.itemPages(items, jobs: 8).map(\.path))
        #expect(PageKeys.digests(items, jobs: 1) == PageKeys.digests(items, jobs: 8))
        let paths = items.map { SitePath.item($0.id).description }
        let (set, folders) = OutputPublisher.pathsAndFolders(paths, jobs: 1)
        let (set2, folders2) = OutputPublisher.pathsAndFolders(paths, jobs: 2)
        #expect(set == set2 && folders == folders2 && folders.contains("items"))
    }

    @Test("a rebuild after an edit gives the same tree with --jobs 1 as with --jobs 4")
    func anIncrementalRebuildIsTheSameForAnyJobs() async throws {
        var trees: [[String: Data]] = []
        for jobs in [1, 4] {
            let site = try TestSupport.copySite(TestSupport.fixtureSite)
            let output = site.appendingPathComponent("public")
            try await TestSupport.build(site, output: output, jobs: jobs)
            // A kept file of the user's, and an edit: the rebuild carries over and renders some.
            try Data("example.org\n".utf8).write(to: output.appendingPathComponent("CNAME"))
            let about = site.appendingPathComponent("content/about.md")
            try (String(contentsOf: about, encoding: .utf8) + "\nOne more line.\n").write(to: about, atomically: true, encoding: .utf8)
            try await TestSupport.build(site, output: output, jobs: jobs)
            trees.append(try TestSupport.tree(output))
        }
        #expect(trees[0]["CNAME"] != nil)
        #expect(trees[0] == trees[1])
    }
}
