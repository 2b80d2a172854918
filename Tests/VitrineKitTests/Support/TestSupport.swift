import Foundation

@testable import VitrineKit

/// Shared helpers: temporary folders (never the working directory), fixture sites,
/// reading built trees, running the built binary.
enum TestSupport {
    /// The package root, from this file's location (Tests/VitrineKitTests/Support/…).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Fixtures in the source tree (golden files are re-recorded there).
    static let fixtures = packageRoot.appendingPathComponent("Tests/VitrineKitTests/Fixtures")

    /// True when golden files should be rewritten instead of compared: `VITRINE_RECORD=1 swift test`.
    static var recording: Bool { ProcessInfo.processInfo.environment["VITRINE_RECORD"] == "1" }

    /// A new empty folder under this test process's root in the system's temporary directory.
    static func temporaryDirectory(_ name: String = "vitrine-test") throws -> URL {
        let url = temporaryRoot.appendingPathComponent("\(name)-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// `vitrine-tests-PID`: every temporary folder of this process, removed when it exits
    /// (a test that fails before its own clean-up leaves nothing behind). Roots of test
    /// processes that were killed are removed by the next run.
    private static let temporaryRoot: URL = {
        let base = FileManager.default.temporaryDirectory
        let prefix = "vitrine-tests-"
        for name in (try? FileManager.default.contentsOfDirectory(atPath: base.path)) ?? [] where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: base.appendingPathComponent(name))
        }
        let root = base.appendingPathComponent("\(prefix)\(getpid())", isDirectory: true)
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        temporaryRootPath = root.path
        atexit {
            if let path = TestSupport.temporaryRootPath { try? FileManager.default.removeItem(atPath: path) }
        }
        return root
    }()

    /// `temporaryRoot`'s path, for the exit handler (which cannot capture it).
    nonisolated(unsafe) private static var temporaryRootPath: String?

    /// A private copy of a fixture site (or the example Site) to build or modify.
    static func copySite(_ source: URL) throws -> URL {
        let destination = try temporaryDirectory("vitrine-site").appendingPathComponent("site")
        try FileManager.default.copyItem(at: source, to: destination)
        let publicFolder = destination.appendingPathComponent("public")
        if FileManager.default.fileExists(atPath: publicFolder.path) { try FileManager.default.removeItem(at: publicFolder) }
        return destination
    }

    static var fixtureSite: URL { fixtures.appendingPathComponent("site") }

    /// The fixture site loaded (offline) and the page factory over it, for model-level tests.
    static func fixturePageFactory() throws -> PageFactory {
        let reader = SiteReader(options: BuildOptions(site: fixtureSite, siteLabel: "site"))
        let config = try reader.config()
        let strings = try Theme.load(overrides: nil, overridesLabel: "templates").strings(for: config.language)
        return PageFactory(site: try reader.read(config: config, favorites: try reader.favorites(config), logger: .init(label: "test")), strings: strings)
    }
    static var exampleSite: URL { packageRoot.appendingPathComponent("Site") }

    /// Builds a site in-process into `output`.
    @discardableResult
    static func build(_ site: URL, output: URL, jobs: Int = 2) async throws -> BuildSummary {
        try await SiteBuilder().build(BuildOptions(site: site, siteLabel: "site", output: output, jobs: jobs))
    }

    /// Every file under `root` (hidden ones included): relative path → bytes.
    static func tree(_ root: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let base = root.standardizedFileURL.resolvingSymlinksInPath().path
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        for case let url as URL in enumerator {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            let path = url.standardizedFileURL.resolvingSymlinksInPath().path
            result[String(path.dropFirst(base.count + 1))] = try Data(contentsOf: url)
        }
        return result
    }

    static func text(_ tree: [String: Data], _ path: String) -> String {
        tree[path].map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// Runs long synchronous work (a big load, a spawned binary) on a thread of its own, off
    /// Swift's cooperative pool (two threads on two cores): blocking the pool would starve the
    /// tests with deadlines that run alongside. `nice` lowers the thread's priority (Linux).
    static func offPool<T: Sendable>(nice: Int32 = 0, _ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                if nice != 0 { _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, nice) }
                continuation.resume(with: Result { try body() })
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    // MARK: The built binary

    /// `.build/<triple>/debug/vitrine`, next to the test bundle.
    static var binary: URL {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("vitrine")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return packageRoot.appendingPathComponent(".build/debug/vitrine")
    }

    struct Run {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// `run` on a thread of its own (`offPool`): what an async test calls, so a spawned binary
    /// never holds a thread of the pool that in-process stub servers answer on.
    static func spawn(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:], executable: URL? = nil
    ) async throws -> Run {
        try await offPool { try run(arguments, in: directory, environment: environment, executable: executable) }
    }

    /// Runs the binary (or `executable`) with arguments in `directory`, without a terminal,
    /// with `environment` added to the test's own.
    static func run(
        _ arguments: [String], in directory: URL, environment: [String: String] = [:], executable: URL? = nil
    ) throws -> Run {
        let process = Process()
        process.executableURL = executable ?? binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new } }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}

extension VitrineError {
    /// An error of a malformed input as the user reads it, to compare a thrown error with
    /// (`==` compares the line and the kind; `location` and `stage` are asserted on their own).
    init(_ message: String) {
        self.init(message, kind: .invalidInput)
    }
}
