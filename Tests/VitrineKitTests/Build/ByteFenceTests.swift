import Foundation
import Synchronization
import Testing

@testable import VitrineKit

/// The byte layer (VitrineBytes) throws only `SystemCallError`s, naming the call, the path
/// and the errno; VitrineKit labels them into the one line a user reads.
@Suite("byte fence")
struct ByteFenceTests {
    @Test("a folder that cannot be listed is a SystemCallError below the fence and one labelled line above it")
    func listingErrorsAreLabelled() throws {
        let root = try TestSupport.temporaryDirectory("vitrine-fence")
        defer { try? FileManager.default.removeItem(at: root) }
        let missing = root.appendingPathComponent("nothing").path
        #expect(throws: SystemCallError("open", path: missing, code: ENOENT)) { try FolderTree.list(missing) }
        #expect(throws: VitrineError("list the output: No such file or directory", kind: .output)) { try FileTree.list(missing) }

        // A walk told to stop is cancelled, which VitrineKit reads as an interruption.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("a/b"), withIntermediateDirectories: true)
        do {
            _ = try FolderTree.list(folder: FolderTree.openFolder(root.path)) { true }
            Issue.record("the walk did not stop")
        } catch {
            #expect(error.isCancellation && error == .cancelled)
        }
        #expect(throws: VitrineError.interrupted) { try FileTree.list(folder: FileTree.openFolder(root.path)) { true } }
    }

    @Test("removing a file where a folder is expected names the path in both layers")
    func removeErrorsAreLabelled() throws {
        let root = try TestSupport.temporaryDirectory("vitrine-fence")
        defer { try? FileManager.default.removeItem(at: root) }
        // A path through a file: not there to remove, so nothing to do.
        let file = root.appendingPathComponent("file")
        try Data("x".utf8).write(to: file)
        #expect(throws: SystemCallError("lstat", path: file.path + "/below", code: ENOTDIR)) { try FolderTree.remove(file.path + "/below") }
        #expect(throws: VitrineError("remove \(file.path)/below: Not a directory", kind: .output)) { try FileTree.remove(file.path + "/below") }
        try FileTree.remove(file.path)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("a latch lets every waiter through once open; a group waits for all its work")
    func waits() {
        let latch = Latch()
        let counter = Mutex(0)
        let group = BackgroundGroup()
        for _ in 0..<20 {
            group.run {
                latch.wait()
                counter.withLock { $0 += 1 }
            }
        }
        latch.open()
        group.wait()
        #expect(counter.withLock { $0 } == 20)
        latch.wait()
        latch.wait()  // open stays open
    }

    @Test("digests of Data, arrays and combined bytes agree, and spell 32 hex digits with their zeros")
    func digestsAgree() {
        for count in [0, 1, 31, 32, 33, 1_000] {
            let bytes = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 7) }
            var hasher = StableHasher()
            bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
            #expect(StableHasher.digest(bytes) == hasher.finalize())
            #expect(StableHasher.digest(Data(bytes)) == StableHasher.digest(bytes))
        }
        let small = StableHasher.Digest(high: 1, low: 0xAB)
        #expect(small.description == "0000000000000001" + "00000000000000ab")
        #expect(Array(small.description.utf8).withUnsafeBytes { StableHasher.Digest(hex: $0) } == small)
    }
}
