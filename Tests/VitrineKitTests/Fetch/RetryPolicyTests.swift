import Foundation
import Testing

@testable import VitrineKit

@Suite("retry policy")
struct RetryPolicyTests {
    let policy = RetryPolicy(maxAttempts: 3, baseDelay: .milliseconds(500), maxDelay: .seconds(30))

    @Test(arguments: [
        ("7", Duration.seconds(7)),
        ("0", Duration.zero),
        ("120", Duration.seconds(30)),
        ("inf", Duration.seconds(30)),
        ("1e30", Duration.seconds(30)),
        ("Sat, 21 Nov 2026 20:00:10 GMT", Duration.seconds(10)),
    ])
    func retryAfterIsHonouredAndCapped(header: String, expected: Duration) {
        let now = Date(timeIntervalSince1970: 1_795_291_200)  // 2026-11-21T20:00:00Z
        #expect(policy.delay(afterAttempt: 1, retryAfter: header, now: now, jitter: 0.5) == expected)
    }

    @Test func garbageRetryAfterFallsBackToBackoff() {
        #expect(policy.delay(afterAttempt: 1, retryAfter: "soon", jitter: 0) == .milliseconds(250))
        #expect(policy.delay(afterAttempt: 2, retryAfter: "nan", jitter: 1) == .seconds(1))
        #expect(policy.delay(afterAttempt: 30, retryAfter: nil, jitter: 1) == .seconds(30))
    }
}
