import ArgumentParser
import Foundation
import VitrineKit

extension Vitrine {
    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Build the site and serve it on 127.0.0.1, rebuilding and reloading on change.",
            discussion: """
                The site is built into a private temporary folder (SITE/public is not touched) and \
                served at baseURL's path. Changes to site.yml, favorites.json, content/, templates/, i18n/, \
                static/ and data/ rebuild it and reload open pages; a failed rebuild keeps the last good \
                site and shows the error in the page. In served pages the star on an item (and \
                on each cell) adds or removes the favorite, as `vitrine favorites` does. Ctrl-C stops.
                """,
            aliases: ["server"]
        )

        @OptionGroup var options: SiteOptions
        @OptionGroup(title: "Network") var network: NetworkOptions

        @Option(name: .shortAndLong, help: "Port to listen on (default: 8080, or the next free one; 0: any free port).")
        var port: Int?

        @Option(help: "Interface to listen on.")
        var host: String = "127.0.0.1"

        func validate() throws {
            if let port, !(0...65535).contains(port) { throw ValidationError("--port must be between 0 and 65535") }
            guard !host.isEmpty else { throw ValidationError("--host must not be empty") }
        }

        func run() async throws {
            options.bootstrapLogging()
            let build = BuildOptions(location: options.location, fetch: try network.fetchOptions())
            let port = try await freePort()
            var serve = ServeOptions(build: build, host: host, port: port, logRequests: options.verbose, handlesSignals: true)
            // From a checkout, the source tree's theme (edits reload live); installed, the embedded one.
            serve.build.themeDirectory = BuildStamp.isInstalled ? nil : Theme.checkoutDirectory
            let site = options.site
            try await runReportingErrors { () throws(VitrineError) in
                try await SiteServer(options: serve).run { url in
                    FileHandle.standardOutput.write(Data("serving \(site) at \(url.absoluteString)\nPress Ctrl-C to stop.\n".utf8))
                }
            }
        }

        /// The port to serve on, known free before the build: `--port` as given (a busy one
        /// is an error now, not after building), else 8080 or the next free one after it.
        func freePort() async throws -> Int {
            let (host, given) = (host, port)
            var port = given ?? Self.defaultPort
            try await runReportingErrors { () throws(VitrineError) in
                if given != nil {
                    try await PortProbe.check(host: host, port: port)
                } else {
                    port = try await PortProbe.firstFree(host: host, from: Self.defaultPort, trying: 20)
                }
            }
            if given == nil, port != Self.defaultPort {
                FileHandle.standardError.write(Data("port \(Self.defaultPort) is in use; serving on port \(port) instead\n".utf8))
            }
            return port
        }

        static let defaultPort = 8080
    }
}
