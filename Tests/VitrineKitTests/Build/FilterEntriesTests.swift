import Foundation
import Testing

@testable import VitrineKit

/// The record of the filter indexes is an optimisation: read whole or not at all.
@Suite("filter entries record")
struct FilterEntriesTests {
    @Test("the record round-trips, and a flipped byte, a cut record or another header reads as none")
    func recordIsReadWholeOrNotAtAll() throws {
        func digest(_ text: String) -> StableHasher.Digest {
            var hasher = StableHasher()
            hasher.combine(text)
            return hasher.finalize()
        }
        let entries = FilterEntries(files: [
            "a/filter-index.js": FilterEntries.File(digest: digest("a"), keys: (0..<300).map { digest("key \($0)") }, lengths: (0..<300).map { $0 * 7 }),
            "b/filter-index.js": FilterEntries.File(digest: digest("b"), keys: [], lengths: []),
        ])
        let bytes = entries.data
        #expect(FilterEntries(Data(bytes)) == entries)
        for index in [0, FilterEntries.header.count + 3, bytes.count / 2, bytes.count - 1] {
            var flipped = bytes
            flipped[index] ^= 0x20
            #expect(FilterEntries(Data(flipped)) == nil, "byte \(index) flipped")
        }
        #expect(FilterEntries(Data(bytes.dropLast(1))) == nil)
        #expect(FilterEntries(Data(bytes.prefix(FilterEntries.header.count + 15))) == nil)
        #expect(FilterEntries(Data()) == nil)
    }
}
