import Foundation

/// When and how long to wait before trying a request again: on 429, 5xx and connection
/// failures, with exponential backoff and jitter, honouring `Retry-After`.
struct RetryPolicy: Sendable {
    /// Attempts in all, the first included.
    var maxAttempts: Int
    var baseDelay: Duration
    var maxDelay: Duration

    init(maxAttempts: Int = 3, baseDelay: Duration = .milliseconds(500), maxDelay: Duration = .seconds(30)) {
        self.maxAttempts = max(1, maxAttempts)
        self.baseDelay = baseDelay
        self.maxDelay = maxDelay
    }

    static func isRetryable(status: Int) -> Bool {
        status == 429 || (500...599).contains(status)
    }

    /// The wait before attempt `attempt + 1` (attempt counts from 1). A `Retry-After` header
    /// wins over backoff (capped at `maxDelay`); backoff is `base × 2^(attempt-1)` with
    /// full jitter in its upper half.
    func delay(afterAttempt attempt: Int, retryAfter: String?, now: Date = Date(), jitter: Double = Double.random(in: 0...1)) -> Duration {
        if let retryAfter, let seconds = Self.retryAfterSeconds(retryAfter, now: now) {
            // Capped before converting: a header like `inf` or `1e30` must not overflow.
            return .milliseconds(Int64(min(seconds, maxDelay.inSeconds) * 1000))
        }
        let exponential = baseDelay * (1 << min(attempt - 1, 20))
        let capped = min(exponential, maxDelay)
        return capped / 2 + (capped / 2) * jitter
    }

    /// When a `Retry-After` asks for more than `maxDelay`, the time it names; nil for a
    /// shorter wait, no header or one that cannot be read.
    func retryAfterBeyondCap(_ retryAfter: String?, now: Date = Date()) -> Date? {
        guard let retryAfter, let seconds = Self.retryAfterSeconds(retryAfter, now: now), seconds > maxDelay.inSeconds else { return nil }
        // `inf` and `1e30` name no date a person could wait for: a day past the cap is as good.
        return now.addingTimeInterval(min(seconds, 100 * 365 * 86400))
    }

    /// `Retry-After: 120` or `Retry-After: Wed, 21 Oct 2026 07:28:00 GMT`.
    static func retryAfterSeconds(_ value: String, now: Date) -> Double? {
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        if let seconds = Double(trimmed), seconds.isFinite || seconds == .infinity, seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: trimmed) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}
