import Foundation
import Synchronization

/// Runs `work` on another thread and returns at once: work that overlaps what the caller
/// goes on to do (listing a tree while a site is read). Whoever needs its result waits on a
/// `Latch` the work opens, or on a `BackgroundGroup`.
public func runInBackground(_ work: @escaping @Sendable () -> Void) {
    DispatchQueue.global().async(execute: work)
}

/// A one-time event: opened once, after which every `wait()` returns at once.
public final class Latch: Sendable {
    private let semaphore = DispatchSemaphore(value: 0)

    /// A closed latch.
    public init() {}

    /// Opens the latch: every waiter goes on, and every later wait returns at once.
    public func open() {
        semaphore.signal()
    }

    /// Blocks until the latch is open.
    public func wait() {
        semaphore.wait()
        semaphore.signal()
    }
}

/// Work started on other threads (`run`), waited for as a whole (`wait`).
public final class BackgroundGroup: Sendable {
    private let group = DispatchGroup()

    /// An empty group.
    public init() {}

    /// Starts `work` on another thread.
    public func run(_ work: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(group: group, execute: work)
    }

    /// Blocks until every piece of work started so far has finished.
    public func wait() {
        group.wait()
    }
}

/// `(first(), second())`, made on two threads at once when `jobs` allows more than one,
/// else one after the other on the caller's.
public func inParallel<A: Sendable, B: Sendable>(jobs: Int, _ first: () -> A, _ second: () -> B) -> (A, B) {
    guard jobs > 1 else { return (first(), second()) }
    let made = Mutex<(A?, B?)>((nil, nil))
    withoutActuallyEscaping(first) { first in
        withoutActuallyEscaping(second) { second in
            nonisolated(unsafe) let (first, second) = (first, second)
            DispatchQueue.concurrentPerform(iterations: 2) { index in
                if index == 0 {
                    let value = first()
                    made.withLock { $0.0 = value }
                } else {
                    let value = second()
                    made.withLock { $0.1 = value }
                }
            }
        }
    }
    return made.withLock { ($0.0!, $0.1!) }
}
