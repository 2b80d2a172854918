import Foundation

extension FetchStamp {
    /// The stamp of answers that arrived now, or came from the HTTP cache up to `answers.oldestCached` old.
    init(answers: FetchScope.Answers, now: Date) {
        let oldest = answers.cached > 0 ? answers.oldestCached : .zero
        self.init(
            fetchedAt: RFC3339.string(from: now.addingTimeInterval(-Double(oldest.components.seconds))),
            cacheMaxAge: answers.withoutCacheHeader ? nil : answers.permittedAge)
    }
}
