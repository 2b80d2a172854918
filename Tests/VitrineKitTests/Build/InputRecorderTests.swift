import Foundation
import Testing

@testable import VitrineKit

@Suite("input recorder")
struct InputRecorderTests {
    /// Large files are hashed on another thread; a file recorded again (a snapshot fetched
    /// after it was read) keeps the digest of the bytes recorded last.
    @Test func everyDigestIsOfTheBytesRecordedLast() {
        let large = Data(repeating: 7, count: InputRecorder.hashedAside * 3)
        let otherLarge = Data(repeating: 8, count: InputRecorder.hashedAside * 2)
        let small = Data("small".utf8)
        func digest(_ data: Data) -> StableHasher.Digest { data.withUnsafeBytes { StableHasher.digest($0) } }
        for _ in 0..<20 {
            let recorder = InputRecorder()
            recorder.record("catalog.json", large)
            recorder.record("site.yml", small)
            recorder.record("catalog.json", small)  // small after large: the small one's is kept
            recorder.record("data/a.json", small)
            recorder.record("data/a.json", otherLarge)
            let digests = recorder.waitForDigests()
            #expect(digests == ["catalog.json": digest(small), "site.yml": digest(small), "data/a.json": digest(otherLarge)])
        }
    }
}
