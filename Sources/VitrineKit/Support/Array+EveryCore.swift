import Foundation

extension Array where Element: Sendable {
    /// `map(transform)`, made by every core (a run of elements each) when there are at least
    /// `threshold` elements: the result is the same array, in the same order. For work over
    /// every item of a large site that a one-item rebuild cannot skip (paths, digests).
    func mapOnEveryCore<T>(threshold: Int = 2000, _ transform: (Element) -> T) -> [T] {
        let jobs = count >= threshold ? Swift.min(8, ProcessInfo.processInfo.activeProcessorCount) : 1
        guard jobs > 1 else { return map(transform) }
        return withoutActuallyEscaping(transform) { transform in
            [T](unsafeUninitializedCapacity: count) { buffer, initialized in
                // Each job initialises only its own run of the buffer, and reads only.
                nonisolated(unsafe) let (buffer, transform) = (buffer, transform)
                DispatchQueue.concurrentPerform(iterations: jobs) { job in
                    for index in count * job / jobs..<count * (job + 1) / jobs {
                        (buffer.baseAddress! + index).initialize(to: transform(self[index]))
                    }
                }
                initialized = count
            }
        }
    }
}
