import Foundation
import Synchronization

/// What a run of requests is for (`fetch 'cats' (giphy)`), and how it was answered: set
/// around a search or a lookup as a task local, so the fetch client's retry lines name
/// the gallery, and the gallery's line says when the HTTP cache answered instead of the API.
final class FetchScope: Sendable {
    /// The current scope; nil outside any (a retry line then names the server).
    @TaskLocal static var current: FetchScope?

    /// `fetch 'cats' (giphy)`: what the lines of this scope start with.
    let name: String

    /// Answers that came over the network, answers from the HTTP cache and the oldest of those.
    struct Answers: Sendable, Equatable {
        var network = 0
        var cached = 0
        var oldestCached: Duration = .zero
        /// The shortest time an answer's cache header allowed keeping it (`FetchStamp`).
        var permittedAge: Int?
        /// Some answer had no cache header: how long the copy may be kept is unknown.
        var withoutCacheHeader = false

        mutating func record(headers: [String: String]) {
            guard let age = FetchStamp.permittedAge(headers) else {
                withoutCacheHeader = true
                return
            }
            permittedAge = min(permittedAge ?? age, age)
        }
    }

    private let answers = Mutex(Answers())

    init(_ name: String) {
        self.name = name
    }

    var recorded: Answers { answers.withLock { $0 } }

    /// Runs `body` in this scope (`TaskLocal.withValue` would lose the error's type).
    func run<T: Sendable>(_ body: () async throws(VitrineError) -> T) async throws(VitrineError) -> T {
        let result = await Self.$current.withValue(self) { () async -> Result<T, VitrineError> in
            do throws(VitrineError) {
                return .success(try await body())
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    func recordNetwork(headers: [String: String] = [:]) {
        answers.withLock {
            $0.network += 1
            $0.record(headers: headers)
        }
    }

    func recordCached(age: Duration, headers: [String: String] = [:]) {
        answers.withLock { answers in
            answers.cached += 1
            answers.oldestCached = max(answers.oldestCached, age)
            answers.record(headers: headers)
        }
    }

    /// `fetch: 'cats' 24 items from GIPHY`, saying where the HTTP cache answered instead
    /// (its answers are not checked against the API, a key that went bad included).
    static func line(gallery: String, items: Int, source: String, answers: Answers) -> String {
        let found = "fetch: '\(gallery)' \(Format.count(items, "item", "items"))"
        guard answers.cached > 0 else { return "\(found) from \(source)" }
        let age = "\(Self.age(answers.oldestCached)) old"
        if answers.network == 0 {
            return "\(found) from the HTTP cache, \(age) (\(source) was not asked again; --cache-max-age 0 asks it)"
        }
        return "\(found) from \(source), \(answers.cached) of \(answers.cached + answers.network) answers from the HTTP cache (up to \(age))"
    }

    /// `40 s`, `12 min`, `3 h`, `2 d`: whole units, rounded down.
    static func age(_ duration: Duration) -> String {
        let seconds = max(0, duration.components.seconds)
        switch seconds {
        case ..<60: return "\(seconds) s"
        case ..<3600: return "\(seconds / 60) min"
        case ..<86_400: return "\(seconds / 3600) h"
        default: return "\(seconds / 86_400) d"
        }
    }
}
