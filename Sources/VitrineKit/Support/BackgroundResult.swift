import Foundation
import Synchronization

/// A value worked out on another thread while the caller goes on, for work that does not
/// need the caller's next steps (a manifest parsed while the site is read). `value` waits
/// for it; a result nobody asks for is dropped.
final class BackgroundResult<Value: Sendable>: Sendable {
    private let ready = DispatchSemaphore(value: 0)
    private let result = Mutex<Value?>(nil)

    /// Starts `work` on a global queue at once.
    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async { [self] in
            let value = work()
            result.withLock { $0 = value }
            ready.signal()
        }
    }

    /// The value, once `work` has returned.
    var value: Value {
        ready.wait()
        ready.signal()
        return result.withLock { $0! }
    }
}
