import Foundation
import Synchronization

/// Remembers a digest of every input file's bytes as the read phase reads them, so page
/// keys describe exactly what the pages were rendered from — even if a file changes on
/// disk while the build runs (an editor save, a star clicked in `serve`).
final class InputRecorder: Sendable {
    private let store = Mutex<[String: StableHasher.Digest]>([:])

    func record(_ relative: String, _ data: Data) {
        var hasher = StableHasher()
        data.withUnsafeBytes { hasher.combine(bytes: $0) }
        let digest = hasher.finalize()
        store.withLock { $0[relative] = digest }
    }

    var digests: [String: StableHasher.Digest] { store.withLock { $0 } }
}
