import Foundation
import Synchronization
import Testing

@testable import VitrineKit

/// Work started on another thread gives its value to whoever asks, once it is done, as
/// often as asked; the caller goes on meanwhile.
@Suite("background results")
struct BackgroundResultTests {
    @Test func theValueIsTheWorksOnceItIsDoneAndTheCallerGoesOnMeanwhile() {
        let gate = DispatchSemaphore(value: 0)
        let runs = Mutex(0)
        let result = BackgroundResult { () -> [String]? in
            gate.wait()
            runs.withLock { $0 += 1 }
            return ["index.html", "items/a/index.html"]
        }
        // The work waits for the gate: the caller got here without waiting for it.
        #expect(runs.withLock { $0 } == 0)
        gate.signal()
        #expect(result.value == ["index.html", "items/a/index.html"])
        #expect(result.value == ["index.html", "items/a/index.html"], "asked again: the same value")
        #expect(runs.withLock { $0 } == 1, "the work ran once")
        #expect(BackgroundResult { () -> Int? in nil }.value == nil)
    }
}
