import Foundation
import Synchronization

/// Remembers a digest of every input file's bytes as the read phase reads them, so page
/// keys describe exactly what the pages were rendered from — even if a file changes on
/// disk while the build runs (an editor save, a star clicked in `serve`).
///
/// A large file (a catalog) is hashed on another thread while the build goes on parsing it;
/// `waitForDigests()` waits for every digest. A file recorded twice keeps the digest of the
/// bytes recorded last, whichever hash finishes first.
final class InputRecorder: Sendable {
    private let store = Mutex<(recorded: Int, digests: [String: (order: Int, digest: StableHasher.Digest)])>((0, [:]))
    private let pending = BackgroundGroup()

    /// Files from this size on are hashed on another thread.
    static let hashedAside = 1 << 20

    /// Records the file at `relative` as `data`; `digest`, when known, is the digest of
    /// `data` (`InputsDigest.current` hashed them already).
    func record(_ relative: String, _ data: Data, digest known: StableHasher.Digest? = nil) {
        let order = store.withLock {
            $0.recorded += 1
            return $0.recorded
        }
        let keep: @Sendable () -> Void = { [self] in
            let digest = known ?? StableHasher.digest(data)
            store.withLock { state in
                if let kept = state.digests[relative], kept.order > order { return }
                state.digests[relative] = (order, digest)
            }
        }
        if known == nil, data.count >= Self.hashedAside {
            pending.run(keep)
        } else {
            keep()
        }
    }

    /// Every recorded file's digest, once the hashes still running on other threads have
    /// finished: the caller blocks until then.
    func waitForDigests() -> [String: StableHasher.Digest] {
        pending.wait()
        return store.withLock { $0.digests.mapValues(\.digest) }
    }
}
