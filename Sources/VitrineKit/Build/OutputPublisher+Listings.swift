import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension OutputPublisher {
    /// The output and the spare tree, listed on another thread while the build reads and
    /// renders, each with the record of its folders an earlier build kept (`FileTree.Folder`):
    /// only folders changed since are read.
    final class Listings: Sendable {
        /// One tree's listing, its record, and its root folder's inode number.
        struct Listed: Sendable {
            var listing: FileTree.Listing
            var record: FileTree.Record
            var root: UInt64
            /// Folders read; the others were taken from the record.
            var read: Int
        }

        /// Open once both trees are listed (or their listing failed).
        private let done = Latch()
        /// Open once the records are written, or will not be.
        private let recorded = Latch()
        private let result = Mutex<Result<(Listed, Listed?), VitrineError>?>(nil)
        private static let writing = Mutex<Void>(())
        /// Set by `cancel()`: the walk stops, and the records are not written. Held while
        /// they are written, so that once `cancel()` returns, nothing more is written.
        private let cancelled = Mutex(false)
        private let stopping = Atomic(false)

        /// Opens both folders now, so that renaming the spare into place as the staging
        /// folder cannot race with the listing, and lists them on another thread (the two
        /// trees at once when `jobs` allows). Then keeps both records for the next build
        /// (`records`, written beside the output by way of `temporary`): whatever this build
        /// goes on to change in either tree gives the folders concerned a new ctime, so the
        /// next build reads those again.
        /// `spare` is listed when `listSpare`; otherwise its record, if any, is kept as it was.
        /// `beforeRecording` runs on the listing's thread between a finished listing and the
        /// writing of its records (tests stop there).
        init(
            output: String, spare: String, listSpare: Bool, records: URL, temporary: URL, jobs: Int,
            beforeRecording: @escaping @Sendable () -> Void = {}
        ) throws(VitrineError) {
            let outputFolder = try FileTree.openFolder(output)
            var status = stat()
            let spareExists = lstat(spare, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
            let spareRoot = UInt64(status.st_ino)
            let spareFolder = listSpare && spareExists ? try? FileTree.openFolder(spare) : nil
            runInBackground { [self] in
                var known = FileTree.Records()
                let listed = Result { () throws(VitrineError) in
                    known = FileBytes.read(atPath: records.path, followingLinks: false).flatMap { FileTree.Records($0) } ?? FileTree.Records()
                    return try OutputPublisher.list(folder: outputFolder, and: spareFolder, records: known, jobs: jobs) { [self] in
                        stopping.load(ordering: .relaxed)
                    }
                }
                result.withLock { $0 = listed }
                done.open()
                if case .success(let (output, spare)) = listed {
                    beforeRecording()
                    var kept = FileTree.Records()
                    // The spare's record stays when the spare was not listed this time.
                    if spareExists, spare == nil, let record = known.trees[spareRoot] { kept.trees[spareRoot] = record }
                    kept.trees[output.root] = output.record
                    if let spare { kept.trees[spare.root] = spare.record }
                    write(kept, to: records, by: temporary)
                }
                recorded.open()
            }
        }

        /// Writes the records, unless `cancel()` came first. One writer of the temporary file
        /// at a time, should an earlier build in this process (`serve`) still be writing its.
        private func write(_ kept: FileTree.Records, to records: URL, by temporary: URL) {
            let bytes = kept.data
            cancelled.withLock { cancelled in
                guard !cancelled else { return }
                Self.writing.withLock { _ in
                    _ = AtomicFile.replaceQuickly(records, temporary: temporary) { write in write(bytes) }
                }
            }
        }

        /// Both listings as listed; the spare's nil when there was none.
        func get() throws(VitrineError) -> (output: Listed, spare: Listed?) {
            done.wait()
            return try result.withLock { $0! }.get()
        }

        /// The listings; the spare's only when the staging folder is the spare.
        func get(reused: Bool) throws(VitrineError) -> (FileTree.Listing, FileTree.Listing?) {
            let (output, spare) = try get()
            guard reused else { return (output.listing, nil) }
            guard let spare else { throw VitrineError("list the spare tree: it appeared during the build", kind: .output) }
            return (output.listing, spare.listing)
        }

        /// Waits until the records are written (before the process exits).
        func waitForRecords() {
            recorded.wait()
        }

        /// For a build that will not use the listings (nothing changed, or it failed):
        /// stops the walk and keeps the records from being written, without waiting for the
        /// walk. A write already under way is finished first, so once this returns, nothing
        /// is left beside the output (the temporary file) and nothing more will be.
        func cancel() {
            stopping.store(true, ordering: .relaxed)
            cancelled.withLock { $0 = true }
        }
    }

    /// Starts listing the output, when there is one, and its spare tree when the build will
    /// reuse it (`makeStaging(reuseSpare:)`).
    func startListing(spare reuseSpare: Bool) -> Listings? {
        var status = stat()
        guard lstat(output.path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return nil }
        return try? Listings(
            output: output.path, spare: spare.path, listSpare: reuseSpare, records: foldersRecord, temporary: foldersRecordTemporary, jobs: jobs)
    }

    /// Lists the folder open at `first` and, when given, the one at `second` (at once, when
    /// `jobs` allows), each with its record in `records`; closes both.
    static func list(
        folder first: Int32, and second: Int32?, records: FileTree.Records = FileTree.Records(), jobs: Int,
        stopped: @escaping @Sendable () -> Bool = { false }
    ) throws(VitrineError) -> (Listings.Listed, Listings.Listed?) {
        @Sendable func listed(_ fd: Int32) -> Result<Listings.Listed, VitrineError> {
            Result { () throws(VitrineError) in
                var status = stat()
                let root = fstat(fd, &status) == 0 ? UInt64(status.st_ino) : 0
                let (listing, record, read) = try FileTree.list(folder: fd, record: records.trees[root] ?? FileTree.Record(), stopped: stopped)
                return Listings.Listed(listing: listing, record: record, root: root, read: read)
            }
        }
        guard let second else { return (try listed(first).get(), nil) }
        let (one, other) = inParallel(jobs: jobs, { listed(first) }, { listed(second) })
        return (try one.get(), try other.get())
    }
}
