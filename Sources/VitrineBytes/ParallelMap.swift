import Foundation

extension Array where Element: Sendable {
    /// `map(transform)` on up to `jobs` threads, each making one contiguous run of the
    /// result: the same array, in the same order, whatever `jobs` is. Below `threshold`
    /// elements the work is not worth a thread and runs on the caller's.
    ///
    /// The one parallel loop of a build: `jobs` is the build's `--jobs`, so `--jobs 1`
    /// runs every element on the calling thread.
    public func parallelMap<T>(jobs: Int, threshold: Int = 2000, _ transform: (Element) -> T) -> [T] {
        let jobs = count >= threshold ? Swift.max(1, Swift.min(jobs, count)) : 1
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
