import Foundation
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle
import UnixSignals

/// `vitrine serve`: builds the site into a private folder, serves it in-process with
/// Hummingbird, rebuilds on change and reloads open pages, and lets the star change
/// favorites. Runs until SIGINT/SIGTERM (when `handlesSignals`) or until its task is
/// cancelled; either way it shuts down gracefully.
public struct SiteServer: Sendable {
    /// What to build and where to listen.
    public let options: ServeOptions
    let logger: Logger

    /// A server for `options`; nothing runs until `run`.
    public init(options: ServeOptions, logger: Logger = Logger(label: "vitrine")) {
        self.options = options
        self.logger = logger
    }

    /// Serves until shut down. `onReady` gets the site's URL once the port is bound (port 0
    /// becomes the real one). The first build must succeed; later failed rebuilds keep the
    /// last good site and are shown in the pages.
    public func run(onReady: @escaping @Sendable (URL) -> Void) async throws(VitrineError) {
        let workspace = FileManager.default.temporaryDirectory
            .appendingPathComponent("vitrine-serve-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: workspace) }  // ours alone, made just below
        var build = options.build
        build.output = workspace.appendingPathComponent("site", isDirectory: true)
        build.outputLabel = "the served site"
        build.report = nil

        let config = try SiteReader(options: build).config()
        let builder = SiteBuilder(logger: logger)
        let first = try await builder.build(build)
        logger.info("\(first.line)")
        for warning in first.warnings { logger.warning("\(warning)") }
        for note in first.notes { logger.info("\(note)") }

        let hub = ReloadHub()
        let basePath = config.sitePath  // `--base-url` already applied by the reader
        let token = Self.randomToken()
        let site = build
        let logger = self.logger
        var hosts: Set<String> = ["127.0.0.1", "localhost", "::1"]
        hosts.insert(options.host.lowercased())
        let search = SearchEndpoint(options: build, token: token, hosts: hosts, basePath: basePath, logger: logger)
        let watcher = SiteWatcher(
            paths: Self.watchedPaths(site: build.site, favoritesFile: config.favorites.file, theme: build.themeDirectory)
                + config.galleries.filter { $0.source == .catalog }.map { build.site.appendingPathComponent($0.inputPath) },
            pollInterval: options.pollInterval, debounce: options.debounce,
            rebuild: {
                do throws(VitrineError) {
                    let summary = try await builder.build(site)
                    search.invalidate()
                    logger.info("\(summary.line)")
                    await hub.rebuilt()
                    return summary.inputsWritten
                } catch {
                    logger.error("\(error.message)")
                    search.invalidate()
                    await hub.failed(error.message)
                    return []
                }
            },
            logger: logger
        )
        let router = makeRouter(output: build.output!, basePath: basePath, token: token, hub: hub, site: build, hosts: hosts, search: search)

        do throws(VitrineError) {
            try await serve(router: router, watcher: watcher, hub: hub, basePath: basePath, onReady: onReady)
        } catch {
            await search.close()
            throw error
        }
        await search.close()
    }

    /// Runs the Hummingbird application for `router` beside the watcher and the reload hub
    /// until a signal or the task's cancellation shuts them down gracefully.
    private func serve(
        router: Router<BasicRequestContext>, watcher: SiteWatcher, hub: ReloadHub, basePath: String, onReady: @escaping @Sendable (URL) -> Void
    ) async throws(VitrineError) {
        var serverLogger = logger
        serverLogger.logLevel = .warning
        let host = options.host
        let app = Application(
            router: router,
            // A connection that sends no complete request head (or nothing) within the
            // timeout is closed, so slow or silent clients cannot hold connections open.
            server: .http1(configuration: .init(idleTimeout: .nanoseconds(options.headerTimeout.nanoseconds))),
            configuration: .init(address: .hostname(host, port: options.port), serverName: nil),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let name = host.contains(":") ? "[\(host)]" : host
                onReady(URL(string: "http://\(name):\(port)\(basePath)")!)
            },
            logger: serverLogger
        )
        let group = ServiceGroup(
            services: [watcher, app, hub],  // shut down in reverse: event streams end first
            gracefulShutdownSignals: options.handlesSignals ? [.sigterm, .sigint] : [],
            cancellationSignals: [],
            logger: serverLogger
        )
        // Cancelling this task shuts down gracefully too (open pages are told, connections
        // closed, the port freed) rather than tearing the server down mid-request.
        let running = Task { try await group.run() }
        do {
            try await withTaskCancellationHandler {
                try await running.value
            } onCancel: {
                Task { await group.triggerGracefulShutdown() }
            }
        } catch {
            throw Self.describe(error, host: host, port: options.port)
        }
    }

    /// A failure to listen, said as a person would: `port 8080 on 127.0.0.1 is already in use; …`.
    static func describe(_ error: any Error, host: String, port: Int) -> VitrineError {
        let place = "serve on \(host):\(port)"
        guard let io = error as? IOError else { return VitrineError("\(place): \(error)", kind: .usage) }
        switch io.errnoCode {
        case EADDRINUSE:
            return VitrineError("\(place): port \(port) is already in use (another vitrine serve?); choose another with --port, or --port 0 for any free port", kind: .busy)
        case EACCES:
            return VitrineError("\(place): not allowed to listen on port \(port); ports below 1024 need privileges, choose another with --port", kind: .usage)
        case EADDRNOTAVAIL:
            return VitrineError("\(place): '\(host)' is not an address of this machine; use --host 127.0.0.1", kind: .usage)
        default:
            return VitrineError("\(place): cannot listen (\(String(cString: strerror(io.errnoCode))))", kind: .usage)
        }
    }

    private func makeRouter(
        output: URL, basePath: String, token: String, hub: ReloadHub, site: BuildOptions, hosts: Set<String>, search: SearchEndpoint
    ) -> Router<BasicRequestContext> {
        let router = Router()
        var quiet = logger
        quiet.logLevel = .warning
        if options.logRequests { router.add(middleware: RequestLogMiddleware(logger: logger)) }
        // Bound to every address on purpose (`--host 0.0.0.0`): other machines' names are fine.
        if !["0.0.0.0", "::"].contains(options.host) { router.add(middleware: HostGuardMiddleware(hosts: hosts)) }
        router.add(middleware: PathGuardMiddleware())
        router.add(middleware: LiveScriptMiddleware(tag: LiveScript.tag(token: token, base: basePath)))
        router.add(middleware: NotFoundPageMiddleware(output: output))
        router.add(middleware: ServedFileGuardMiddleware(output: output, basePath: basePath))
        if basePath != "/" { router.add(middleware: BasePathRedirectMiddleware(basePath: basePath)) }
        router.add(
            middleware: FileMiddleware(
                output.path, urlBasePath: basePath == "/" ? nil : String(basePath.dropLast()),
                searchForIndexHtml: true, logger: quiet
            )
        )
        if basePath != "/" {
            router.get("/") { _, _ in Response.redirect(to: basePath, type: .found) }
        }
        router.get(RouterPath(LiveScript.path)) { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/javascript; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: LiveScript.script))
            )
        }
        router.get(RouterPath(LiveScript.eventsPath)) { _, _ in
            let events = await hub.subscribe()
            return Response(
                status: .ok,
                headers: [.contentType: "text/event-stream", .cacheControl: "no-store"],
                body: ResponseBody { writer in
                    try await writer.write(ByteBuffer(string: "retry: 1000\n: connected\n\n"))
                    for await event in events {
                        try await writer.write(ByteBuffer(string: event.wire))
                    }
                    try await writer.finish(nil)
                }
            )
        }
        let endpoint = FavoritesEndpoint(service: FavoritesService(options: site, logger: logger), token: token, hosts: hosts, logger: logger)
        router.post(RouterPath(LiveScript.favoritesPath)) { request, _ in
            await endpoint.handle(request)
        }
        router.get(RouterPath(LiveScript.favoritesPath)) { request, _ in
            endpoint.state(request)
        }
        search.addRoutes(to: router)
        return router
    }

    static func watchedPaths(site: URL, favoritesFile: String, theme: URL?) -> [URL] {
        var paths = ["site.yml", favoritesFile, "content", "templates", "i18n", "data", StaticFolder.name].map { site.appendingPathComponent($0) }
        if let theme { paths.append(theme) }
        return paths
    }

    /// 32 random bytes as hex, from the system's generator.
    static func randomToken() -> String {
        var generator = SystemRandomNumberGenerator()
        return (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
    }
}
