import Foundation

/// When a stored copy of an API's answer (a snapshot, a favorite's item) was fetched, and
/// how long the answer's own cache header allowed keeping it: what the APIs' terms measure
/// a copy by (TMDB: at most 6 months; Google: no longer than the cache header says).
struct FetchStamp: Sendable, Equatable {
    /// RFC 3339, UTC, to the second: `2026-11-20T09:12:00Z`.
    var fetchedAt: String
    /// Seconds the response's `Cache-Control: max-age` (or `Expires`) allowed; nil when it
    /// gave none (or answers disagreed on having one).
    var cacheMaxAge: Int?

    /// How long a response's headers allow keeping it: `Cache-Control: max-age=N`, else
    /// `Expires` less `Date`; nil when they state no period. An answer marked not to be kept
    /// by HTTP caches (`max-age=0`, `no-cache`, `no-store`, an `Expires` already past, as
    /// Google's APIs send with many answers) states no period either: counted as stale from
    /// its first second, every snapshot of the source would be, on every build.
    static func permittedAge(_ headers: [String: String]) -> Int? {
        if let control = headers["cache-control"]?.lowercased() {
            for directive in control.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                if directive == "no-store" || directive == "no-cache" { return nil }
                if directive.hasPrefix("max-age="), let seconds = Int(directive.dropFirst("max-age=".count)) { return seconds > 0 ? seconds : nil }
            }
        }
        if let expires = headers["expires"].flatMap(httpDate) {
            let date = headers["date"].flatMap(httpDate) ?? Date()
            let seconds = Int(expires.timeIntervalSince(date))
            return seconds > 0 ? seconds : nil
        }
        return nil
    }

    /// `Wed, 21 Oct 2015 07:28:00 GMT`; nil for anything else (`Expires: 0` means expired).
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text) ?? (text.trimmingCharacters(in: .whitespaces) == "0" ? Date(timeIntervalSince1970: 0) : nil)
    }
}

/// How long a source's terms let a stored copy be kept (`Source.copyTerms`).
enum CopyTerms: Equatable, Sendable {
    /// No limit.
    case unlimited
    /// At most this many days after it was fetched.
    case days(Int)
    /// No longer than the answer's cache header allowed.
    case cacheHeader
}

/// The one rule for whether a stored copy is within its API's terms.
enum StoredCopyAge {
    /// TMDB's terms cap caching at 6 months.
    static let tmdbDays = 180

    enum Verdict: Equatable {
        /// Within the terms (or the source's terms set no age).
        case fresh
        /// Past them: fetched at `fetchedAt`; `allowed` is the longest the terms allow.
        case stale(fetchedAt: String, allowed: Duration)
        /// A Google Books copy whose answer had no cache header: how long it may be kept is unknown.
        case unknownAge
        /// The copy predates vitrine recording fetch times.
        case unrecorded
    }

    /// The one rule, by the source's `CopyTerms`: TMDB copies at most 180 days; Google Books
    /// copies no longer than their answer's cache header allowed; GIPHY, App Store and catalogs
    /// set no age.
    static func verdict(source: Source, stamp: FetchStamp?, now: Date) -> Verdict {
        let terms = source.copyTerms
        if terms == .unlimited { return .fresh }
        guard let stamp, let fetched = RFC3339.date(from: stamp.fetchedAt) else { return .unrecorded }
        let allowed: Duration
        switch terms {
        case .unlimited: return .fresh
        case .days(let days): allowed = .seconds(days * 86_400)
        case .cacheHeader:
            guard let maxAge = stamp.cacheMaxAge else { return .unknownAge }
            allowed = .seconds(maxAge)
        }
        return now.timeIntervalSince(fetched) > Double(allowed.components.seconds) ? .stale(fetchedAt: stamp.fetchedAt, allowed: allowed) : .fresh
    }

    /// Whether `build --refresh-stale` fetches the copy again: past its terms, or of a source
    /// with terms and no record of when it was fetched.
    static func needsRefresh(source: Source, stamp: FetchStamp?, now: Date) -> Bool {
        switch verdict(source: source, stamp: stamp, now: now) {
        case .stale, .unrecorded: true
        case .fresh, .unknownAge: false
        }
    }

    /// `180 days`, `1 day`, `3 hours`, `40 seconds`.
    static func describe(_ duration: Duration) -> String {
        let seconds = Int(duration.components.seconds)
        if seconds >= 86_400, seconds % 86_400 == 0 { return Format.count(seconds / 86_400, "day", "days") }
        if seconds >= 3600, seconds % 3600 == 0 { return Format.count(seconds / 3600, "hour", "hours") }
        return Format.count(seconds, "second", "seconds")
    }
}

/// The stored copies of a site past their API's terms (`StoredCopyAge`), as `build` and
/// `check` report them: one warning per stale copy, one line for every Google Books copy
/// whose age limit is unknown; `--strict` fails on a stale one.
struct StaleCopies {
    /// One line per stale copy.
    private(set) var lines: [String] = []
    /// What each stale copy is, for `--strict`'s one line: `site/data/movies.json`, `'tmdb:550'`.
    private(set) var names: [String] = []
    private(set) var unknownAge: [String] = []

    /// A gallery's snapshot (by its file's label) or a favorite's stored item.
    mutating func add(_ name: String, what: String, source: Source, stamp: FetchStamp?, now: Date) {
        switch StoredCopyAge.verdict(source: source, stamp: stamp, now: now) {
        case .fresh, .unrecorded:
            return
        case .unknownAge:
            unknownAge.append(name)
        case .stale(let fetchedAt, let allowed):
            names.append(name)
            lines.append(
                "\(what): \(source.label) data fetched \(fetchedAt) is older than the \(StoredCopyAge.describe(allowed)) \(source.copyTerms == .cacheHeader ? "its cache header allowed" : "\(source.label)'s terms allow") keeping it; vitrine build --refresh-stale fetches it again"
            )
        }
    }

    var warnings: [String] {
        guard !unknownAge.isEmpty else { return lines }
        let list = unknownAge.count > 3 ? unknownAge.prefix(3).joined(separator: ", ") + ", …" : unknownAge.joined(separator: ", ")
        return lines + [
            "\(Format.count(unknownAge.count, "Google Books copy", "Google Books copies")) (\(list)) came without a period in their cache header, so how long Google allows keeping \(unknownAge.count == 1 ? "it" : "them") is unknown; refresh now and then (vitrine build --refresh)"
        ]
    }

    /// `--strict`: every stale copy named in one error; nil when none is stale.
    var strictError: VitrineError? {
        guard !names.isEmpty else { return nil }
        return VitrineError(
            "\(Format.count(names.count, "stored copy is", "stored copies are")) older than \(names.count == 1 ? "its API's" : "their APIs'") terms allow (--strict): \(names.joined(separator: ", ")); vitrine build --refresh-stale fetches them again",
            kind: .invalidInput)
    }
}
