import Foundation
import Testing

@testable import VitrineKit

#if canImport(Glibc)
    import Glibc
#endif

/// An unchanged rebuild takes a file's digest from the record only while the file's stamp
/// (device, inode, size, modification and status-change times) is the recorded one: any
/// write — even one that keeps the size and sets the modification time back — is read again.
@Suite("input stamps")
struct InputStampsTests {
    static let fake = StableHasher.Digest(high: 1, low: 2)

    static func digest(_ bytes: String) -> StableHasher.Digest {
        Data(bytes.utf8).withUnsafeBytes { StableHasher.digest($0) }
    }

    /// Sets the file's modification time back to `time`, as `touch -d` or a careless copy would.
    static func setModified(_ path: String, to time: timespec) {
        var times = [time, time]  // access and modification
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
    }

    @Test func aRecordedDigestIsUsedOnlyWhileTheStampIsTheSame() async throws {
        let root = try TestSupport.temporaryDirectory("vitrine-stamps")
        let path = root.appendingPathComponent("catalog.json").path
        try Data("aaaa".utf8).write(to: URL(fileURLWithPath: path))
        var status = stat()
        #expect(stat(path, &status) == 0)
        let modified = status.st_mtim
        try await Task.sleep(for: .milliseconds(30))

        var stamps = InputStamps()
        #expect(stamps.digest(ofFileAt: path, settle: .zero) == .digest(Self.digest("aaaa")))
        #expect(stamps.entries[path]?.digest == Self.digest("aaaa"), "recorded")
        // A record that says otherwise is believed while the stamp matches: the file is not read.
        stamps.entries[path]?.digest = Self.fake
        #expect(stamps.digest(ofFileAt: path, settle: .zero) == .digest(Self.fake))

        // The same size, the modification time set back: the status-change time still moves.
        try await Task.sleep(for: .milliseconds(30))
        try Data("bbbb".utf8).write(to: URL(fileURLWithPath: path))
        Self.setModified(path, to: modified)
        #expect(stat(path, &status) == 0)
        #expect(status.st_size == 4 && status.st_mtim.tv_sec == modified.tv_sec && status.st_mtim.tv_nsec == modified.tv_nsec)
        #expect(stamps.digest(ofFileAt: path, settle: .zero) == .digest(Self.digest("bbbb")), "read again")

        // Replaced by another file (a new inode), and removed.
        try await Task.sleep(for: .milliseconds(30))
        stamps.entries[path]?.digest = Self.fake
        let other = root.appendingPathComponent("other").path
        try Data("cccc".utf8).write(to: URL(fileURLWithPath: other))
        #expect(rename(other, path) == 0)
        #expect(stamps.digest(ofFileAt: path, settle: .zero) == .digest(Self.digest("cccc")))
        #expect(unlink(path) == 0)
        #expect(stamps.digest(ofFileAt: path, settle: .zero) == .missing)
        #expect(stamps.entries[path] == nil)
    }

    @Test func aFileChangedJustBeforeItWasReadIsNotRecorded() throws {
        let root = try TestSupport.temporaryDirectory("vitrine-stamps")
        let path = root.appendingPathComponent("catalog.json").path
        try Data("fresh".utf8).write(to: URL(fileURLWithPath: path))
        var stamps = InputStamps()
        #expect(stamps.digest(ofFileAt: path) == .digest(Self.digest("fresh")))
        #expect(stamps.entries.isEmpty, "changed less than two seconds ago: a change after it could carry the same times")
    }

    @Test func aRecordRoundTripsAndADamagedOrFutureOneIsNotUsed() async throws {
        let root = try TestSupport.temporaryDirectory("vitrine-stamps")
        let path = root.appendingPathComponent("site.yml").path
        try Data("title: x\n".utf8).write(to: URL(fileURLWithPath: path))
        try await Task.sleep(for: .milliseconds(30))
        var stamps = InputStamps()
        _ = stamps.digest(ofFileAt: path, settle: .zero)
        let location = InputStamps.location(site: root)
        #expect(stamps.write(to: location))
        #expect(InputStamps(contentsOf: location) == stamps)
        #expect(InputStamps(contentsOf: location).entries.count == 1)

        var bytes = try Data(contentsOf: location)
        for index in [0, InputStamps.header.count + 3, bytes.count - 1] {
            var damaged = bytes
            damaged[index] ^= 0x20
            #expect(InputStamps(damaged).entries.isEmpty, "byte \(index) changed")
        }
        #expect(InputStamps(bytes.prefix(bytes.count - 5)).entries.isEmpty, "cut short")

        // Recorded at a time the clock has since gone back before: read again.
        stamps.entries[path]?.hashed = Int64.max
        stamps.entries[path]?.digest = Self.fake
        bytes = Data(stamps.data)
        var future = InputStamps(bytes)
        #expect(future.entries[path]?.digest == Self.fake)
        #expect(future.digest(ofFileAt: path, settle: .zero) == .digest(Self.digest("title: x\n")))
    }
}
