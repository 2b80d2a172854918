import Foundation
import Testing

@testable import VitrineKit

@Suite("whole files read")
struct FileBytesTests {
    @Test func largeAndSmallFilesReadAsTheyAreAndAMissingOneIsNil() throws {
        let folder = try TestSupport.temporaryDirectory("vitrine-bytes")
        var generator = SystemRandomNumberGenerator()
        for size in [0, 10, FileBytes.mappedFrom - 1, FileBytes.mappedFrom, 3 * FileBytes.mappedFrom + 12_345] {
            var bytes = Data(count: size)
            bytes.withUnsafeMutableBytes { buffer in
                for index in stride(from: 0, to: size - 7, by: 8) { buffer.storeBytes(of: generator.next(), toByteOffset: index, as: UInt64.self) }
            }
            let url = folder.appendingPathComponent("file-\(size)")
            try bytes.write(to: url)
            let read = try #require(FileBytes.read(atPath: url.path))
            #expect(read == bytes, "\(size) bytes")
        }
        #expect(FileBytes.read(atPath: folder.appendingPathComponent("missing").path) == nil)
        #expect(errno == ENOENT)
        #expect(FileBytes.read(atPath: folder.path) == nil, "a folder has no bytes")
    }
}
