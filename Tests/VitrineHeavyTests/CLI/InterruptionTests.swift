import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// The built binary, stopped at random moments and run twice at once: the output is always
/// exactly one complete site, and nothing is left behind.
@Suite("interrupted and concurrent builds", .serialized)
struct InterruptionTests {
    static let itemCount = 2_000

    /// A site whose one `file` gallery reads catalog.json; `titles` tells A from B.
    static func site(_ label: String) throws -> URL {
        let site = try FileSourceTests.site(catalog: catalog(label), perPage: 24)
        return site
    }

    static func catalog(_ label: String) -> Data {
        FileSourceTests.catalog(itemCount, title: { "\(label) item \($0)" })
    }

    /// A fresh build of the site as it is now, in another folder: the reference tree.
    static func reference(_ site: URL, baseURL: String? = nil) async throws -> [String: Data] {
        let output = try TestSupport.temporaryDirectory("vitrine-reference").appendingPathComponent("public")
        try await SiteBuilder().build(BuildOptions(site: site, siteLabel: "site", output: output, baseURL: baseURL, jobs: 2))
        return try TestSupport.tree(output)
    }

    static func start(_ arguments: [String], in folder: URL) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = TestSupport.binary
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let err = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        return (process, err)
    }

    /// What a build left beside the output, other than the output, the one folder beside
    /// it (`.public.vitrine/`) with its lock file, the spare tree the next build reuses, the
    /// records of their folders and filter indexes, and the cache folder; inside the cache,
    /// any temporary file a write did not rename into place.
    static func leftovers(_ site: URL) throws -> [String] {
        let beside = try FileManager.default.contentsOfDirectory(atPath: site.path).filter {
            $0.contains("vitrine") && $0 != ".public.vitrine" && $0 != ".vitrine-cache"
        }
        let sidecar = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent(".public.vitrine").path)
            .filter { !["lock", "spare", "folders", "filter"].contains($0) }.map { ".public.vitrine/\($0)" }
        let cache = site.appendingPathComponent(".vitrine-cache")
        let inCache = (FileManager.default.subpaths(atPath: cache.path) ?? []).filter { $0.contains(".tmp-") }.map { ".vitrine-cache/\($0)" }
        return (beside + sidecar + inCache).sorted()
    }

    @Test func killedAtRandomMomentsTheOutputIsAlwaysOneWholeSite() async throws {
        let site = try Self.site("A")
        let folder = site.deletingLastPathComponent()
        let output = site.appendingPathComponent("public")
        let a = try await Self.reference(site)
        try Self.catalog("B").write(to: site.appendingPathComponent("catalog.json"))
        let b = try await Self.reference(site)
        #expect(a != b)

        // How long one rebuild toward the other catalog takes (the kind of build the loop
        // interrupts), to spread the signals over it.
        try Self.catalog("A").write(to: site.appendingPathComponent("catalog.json"))
        #expect(try TestSupport.run(["build", "site", "--quiet"], in: folder).status == 0)
        #expect(try TestSupport.tree(output) == a)
        try Self.catalog("B").write(to: site.appendingPathComponent("catalog.json"))
        let clock = ContinuousClock()
        let timed = clock.now
        #expect(try TestSupport.run(["build", "site", "--quiet"], in: folder).status == 0)
        let buildTime = (clock.now - timed) / .seconds(1)
        #expect(try TestSupport.tree(output) == b)

        var generator = SplitMix64(seed: 20_261_122)
        var current = "B"
        var outcomes: [String: Int] = [:]
        let signals: [Int32] = [SIGKILL, SIGINT, SIGTERM]
        for round in 0..<30 {
            // Each round rebuilds toward the other catalog and stops it somewhere between its
            // start and a while after it would have finished.
            let target = current == "A" ? "B" : "A"
            try Self.catalog(target).write(to: site.appendingPathComponent("catalog.json"))
            let signal = signals[round % 3]
            let delay = Double.random(in: 0...(buildTime * 1.3), using: &generator)
            let (process, err) = try Self.start(["build", "site"], in: folder)
            try await Task.sleep(for: .milliseconds(Int(delay * 1000)))
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

            let tree = try TestSupport.tree(output)
            let state = tree == a ? "A" : tree == b ? "B" : "mixed"
            #expect(state != "mixed", "round \(round): signal \(signal) after \(delay) s left neither A nor B")
            let finished = process.terminationReason == .exit && process.terminationStatus == 0
            if finished {
                #expect(state == target, "round \(round): a build that exited 0 published its site")
                let left = try Self.leftovers(site)
                #expect(left == [], "round \(round): a finished build leaves nothing behind: \(left)")
            } else if signal != SIGKILL, process.terminationReason == .exit {
                #expect(process.terminationStatus == 128 + signal, "round \(round): \(stderr)")
                #expect(stderr.hasSuffix("interrupted (\(signal == SIGINT ? "SIGINT" : "SIGTERM")): site/public was left as it was\n"), "round \(round): \(stderr)")
                #expect(state == current, "round \(round): an interrupted build publishes nothing")
                let left = try Self.leftovers(site)
                #expect(left == [], "round \(round): a clean stop removes its staging: \(left)")
            }
            let name = signal == SIGKILL ? "KILL" : signal == SIGINT ? "INT" : "TERM"
            outcomes["\(name) → \(state == current ? "old" : "new")", default: 0] += 1
            current = state

            if round % 10 == 9 {
                // A complete build after a run of interruptions: it succeeds, and removes
                // whatever killed builds left.
                let next = try TestSupport.run(["build", "site", "--quiet"], in: folder)
                #expect(next.status == 0, "round \(round): \(next.stderr)")
                #expect(try TestSupport.tree(output) == (target == "A" ? a : b), "round \(round)")
                #expect(try Self.leftovers(site) == [], "round \(round)")
                current = target
            }
        }
        print("kill loop: \(Self.itemCount) items, build \(String(format: "%.2f", buildTime)) s, outcomes \(outcomes.sorted { $0.key < $1.key })")
    }

    /// Two builds started together: each waits for the lock and says who holds it, then
    /// they run one after the other, and the output is exactly one of the two sites. The test
    /// holds the lock until both say they wait: left to themselves, a fast first build could
    /// finish before the second one started, and nothing would be tested.
    @Test func twoBuildsAtOnceGiveExactlyOneOfTheSites() async throws {
        let site = try Self.site("A")
        let folder = site.deletingLastPathComponent()
        let one = try await Self.reference(site, baseURL: "https://one.example/")
        let two = try await Self.reference(site, baseURL: "https://two.example/")
        try FileManager.default.createDirectory(at: site.appendingPathComponent(".public.vitrine"), withIntermediateDirectories: false)
        var lock: FileLock? = try FileLock(site.appendingPathComponent(".public.vitrine/lock"), label: "test")
        let logs = try (0..<2).map { try TestSupport.temporaryDirectory("vitrine-stderr").appendingPathComponent("stderr-\($0).txt") }
        var builds: [Process] = []
        for (index, baseURL) in ["https://one.example/", "https://two.example/"].enumerated() {
            FileManager.default.createFile(atPath: logs[index].path, contents: nil)
            let process = Process()
            process.executableURL = TestSupport.binary
            process.arguments = ["build", "site", "--base-url", baseURL]
            process.currentDirectoryURL = folder
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: logs[index])
            process.standardInput = FileHandle.nullDevice
            try process.run()
            builds.append(process)
        }
        let waiting = "waiting for another vitrine build of site/public (pid \(getpid()))"
        let deadline = ContinuousClock.now + .seconds(60)
        func stderr() -> [String] { logs.map { (try? String(contentsOf: $0, encoding: .utf8)) ?? "" } }
        while !stderr().allSatisfy({ $0.contains(waiting) }), ContinuousClock.now < deadline, builds.allSatisfy(\.isRunning) {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(stderr().allSatisfy { $0.contains(waiting) }, "both builds wait for the lock and name its holder: \(stderr())")
        #expect(builds.allSatisfy { $0.isRunning }, "neither build went on while the lock was held")
        lock = nil
        _ = lock
        for build in builds { build.waitUntilExit() }
        #expect(builds.allSatisfy { $0.terminationStatus == 0 }, "\(stderr())")
        let tree = try TestSupport.tree(site.appendingPathComponent("public"))
        #expect(tree == one || tree == two)
        #expect(try Self.leftovers(site) == [])
    }
}
