import ArgumentParser
import Foundation
import VitrineKit

/// Network flags shared by commands that may fetch.
struct NetworkOptions: ParsableArguments {
    @Flag(help: "Never touch the network; fail if a gallery has no snapshot.")
    var offline = false

    @Flag(help: "Run every search again, even where a snapshot exists.")
    var refresh = false

    @Flag(help: "Fail if any search fails (instead of keeping its snapshot), or if a link of the new site is broken.")
    var strict = false

    @Flag(help: "Fetch again just the TMDB and Google Books copies older than their API's terms allow (TMDB 180 days, Google its cache header).")
    var refreshStale = false

    @OptionGroup var requests: RequestOptions

    func validate() throws {
        if offline && refresh { throw ValidationError("--offline and --refresh cannot be used together") }
        if offline && refreshStale { throw ValidationError("--offline and --refresh-stale cannot be used together") }
    }

    /// Endpoints and keys from the environment; the library never reads it itself. A value
    /// that cannot be one is a usage error: one line, exit 64, the key never shown.
    func fetchOptions(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> FetchOptions {
        try reportingErrors { () throws(VitrineError) in try checkedFetchOptions(environment) }
    }

    private func checkedFetchOptions(_ environment: [String: String]) throws(VitrineError) -> FetchOptions {
        let endpoints = try APIEndpoints.reading(environment)
        var options = FetchOptions(
            mode: offline ? .offline : (refresh ? .refresh : .snapshotsFirst),
            strict: strict,
            endpoints: endpoints,
            // Offline, no key is sent: a stale one in the environment stops nothing.
            credentials: offline ? APICredentials() : try credentials(environment),
            cacheDirectory: requests.cacheDir.map { URL(fileURLWithPath: $0, isDirectory: true) },
            cacheMaxAge: RequestOptions.duration(requests.cacheMaxAge) ?? .seconds(3600),
            timeouts: HTTPTimeouts(connect: .seconds(min(10, requests.timeout)), total: .seconds(requests.timeout))
        )
        options.refreshStale = refreshStale
        return options
    }

    /// The API keys; an implausible one is a usage error that never shows the key.
    private func credentials(_ environment: [String: String]) throws(VitrineError) -> APICredentials {
        try APICredentials.checked(Dictionary(uniqueKeysWithValues: APICredentials.variables.map { ($0, environment[$0]) }))
    }
}

/// How requests are made and cached: shared by the commands that fetch (`NetworkOptions`)
/// and `vitrine search`, which always fetches.
struct RequestOptions: ParsableArguments {
    @Option(help: "Folder of the on-disk HTTP cache (default: SITE/.vitrine-cache/http).", completion: .directory)
    var cacheDir: String?

    @Option(help: "How long cached API responses stay fresh: 90s, 30m, 6h, 1d.")
    var cacheMaxAge: String = "1h"

    @Option(help: "Seconds to wait for a whole API response before retrying.")
    var timeout: Int = 30

    func validate() throws {
        guard Self.duration(cacheMaxAge) != nil else {
            throw ValidationError("--cache-max-age must look like 90s, 30m, 6h or 1d, at most 365d, got '\(TextPolicy.terminal(cacheMaxAge))'")
        }
        guard (1...600).contains(timeout) else { throw ValidationError("--timeout must be between 1 and 600 seconds") }
    }

    /// The longest `--cache-max-age`: a year. Longer is a typo, and days past it would
    /// overflow the clock's arithmetic.
    static let longestCacheAge: Int64 = 365 * 86_400

    /// `90s`, `30m`, `6h`, `1d`, or plain seconds; nil when malformed, negative or past a year.
    static func duration(_ text: String) -> Duration? {
        let units: [Character: Int64] = ["s": 1, "m": 60, "h": 3600, "d": 86400]
        var (digits, factor) = (Substring(text), Int64(1))
        if let unit = text.last, let unitFactor = units[unit] { (digits, factor) = (text.dropLast(), unitFactor) }
        guard let value = Int64(digits), value >= 0 else { return nil }
        let (seconds, overflow) = value.multipliedReportingOverflow(by: factor)
        guard !overflow, seconds <= longestCacheAge else { return nil }
        return .seconds(seconds)
    }
}
