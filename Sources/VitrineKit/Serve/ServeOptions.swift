import Foundation

/// What `vitrine serve` was asked to do. Filled in by the executable.
public struct ServeOptions: Sendable {
    /// How to build the site; `output` and `report` are ignored: serve builds into a private
    /// folder of its own under the system's temporary directory and removes it on exit.
    public var build: BuildOptions
    /// The interface to listen on; loopback unless the user asks otherwise.
    public var host: String
    /// The port; 0 picks a free one (the URL handed to `onReady` names it).
    public var port: Int
    /// One log line per request.
    public var logRequests: Bool
    /// Listen for SIGINT and SIGTERM and shut down gracefully (the command does; tests cancel instead).
    public var handlesSignals: Bool
    /// How often the watched files are looked at, and how long they must stay still before a rebuild.
    var pollInterval: Duration
    var debounce: Duration
    /// How long a connection may stay without a complete request head, or idle between requests.
    var headerTimeout: Duration = .seconds(30)

    /// Options to serve `build`'s site on `host`:`port` (loopback unless told otherwise).
    public init(
        build: BuildOptions, host: String = "127.0.0.1", port: Int = 8080, logRequests: Bool = false,
        handlesSignals: Bool = false, pollInterval: Duration = .milliseconds(300), debounce: Duration = .milliseconds(150)
    ) {
        self.build = build
        self.host = host
        self.port = port
        self.logRequests = logRequests
        self.handlesSignals = handlesSignals
        self.pollInterval = pollInterval
        self.debounce = debounce
    }
}

extension Theme {
    /// The theme folder of the checkout this binary was built from, when it still exists
    /// (running from a checkout): `serve` renders with it and watches it.
    public static var checkoutDirectory: URL? {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Theme", isDirectory: true)
        return FileManager.default.fileExists(atPath: folder.appendingPathComponent("layout.mustache").path) ? folder : nil
    }
}
