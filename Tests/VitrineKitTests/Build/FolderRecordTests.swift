import Foundation
import Testing

@testable import VitrineKit

/// A listing takes a folder's entries from the record of an earlier listing only while the
/// folder's inode and ctime are the recorded ones; any change to a folder's entries makes it
/// be read again, and a folder changed just before it was read is never vouched for.
@Suite("folder records")
struct FolderRecordTests {
    static func write(_ text: String, _ root: URL, _ path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// The tree as plain sets, to compare a listing taken from a record with a fresh one.
    static func contents(_ listing: FileTree.Listing) -> [String: Set<String>] {
        [
            "files": Set(zip(listing.files, listing.inodes).map { "\($0) \($1)" }), "symlinks": Set(listing.symlinks),
            "folders": Set(listing.folders), "others": Set(listing.others),
        ]
    }

    static func list(_ root: URL, record: FileTree.Record = FileTree.Record(), settle: Duration = .zero) throws -> (FileTree.Listing, FileTree.Record, Int) {
        try FileTree.list(folder: FileTree.openFolder(root.path), record: record, settle: settle)
    }

    /// A record's entries by path.
    static func folders(_ record: FileTree.Record) throws -> [String: FileTree.Folder] {
        Dictionary(uniqueKeysWithValues: try #require(record.folders).map { ($0.path, $0.folder) })
    }

    @Test func aFolderIsReadAgainExactlyWhenItsEntriesChanged() async throws {
        let root = try TestSupport.temporaryDirectory("vitrine-record")
        for path in ["index.html", "a/x/index.html", "a/y/index.html", "b/index.html", "b/deep/er/page.html"] {
            try Self.write(path, root, path)
        }
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("a/link").path, withDestinationPath: "x")
        // A folder without subfolders holding a file, a link, a pipe and a Hangul name: taken
        // from the record's bytes as they are when unchanged.
        try Self.write("c", root, "c/index.html")
        try Self.write("c", root, "c/한글 é.html")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("c/link").path, withDestinationPath: "index.html")
        #expect(mkfifo(root.appendingPathComponent("c/pipe").path, 0o600) == 0)
        // Older than the settle interval by the time the tree is listed.
        try await Task.sleep(for: .milliseconds(50))
        let (first, record, read) = try Self.list(root)
        #expect(read == 8, "the root, a, a/x, a/y, b, b/deep, b/deep/er, c")
        #expect(first.folders == ["a", "a/x", "a/y", "b", "b/deep", "b/deep/er", "c"], "pre-order, sorted")
        #expect(Set(first.symlinks) == ["a/link", "c/link"])
        #expect(first.others == ["c/pipe"] && first.files.contains("c/한글 é.html"))

        let (again, _, readAgain) = try Self.list(root, record: record)
        #expect(readAgain == 1, "only the root is read when nothing changed")
        #expect(Self.contents(again) == Self.contents(first))

        try await Task.sleep(for: .milliseconds(50))
        try Self.write("new", root, "a/x/new.html")  // a file added
        try FileManager.default.removeItem(at: root.appendingPathComponent("b/deep/er"))  // a folder removed
        // A folder replaced by another of the same name: its parent changes, and so does its inode.
        try FileManager.default.removeItem(at: root.appendingPathComponent("a/y"))
        try Self.write("replaced", root, "a/y/other.html")
        let (changed, newRecord, readChanged) = try Self.list(root, record: record)
        let fresh = try Self.list(root).0
        #expect(Self.contents(changed) == Self.contents(fresh), "what a listing without a record sees")
        #expect(changed.files.contains("a/x/new.html") && changed.files.contains("a/y/other.html"))
        #expect(!changed.folders.contains("b/deep/er"))
        #expect(readChanged == 5, "the root, a, a/x, a/y (new), b/deep (lost a folder); not b")
        #expect(try Self.folders(newRecord)["b/deep/er"] == nil, "what is gone is not recorded")
        #expect(newRecord.count == changed.folders.count + 1)

        // A file replaced by another of the same name changes its folder, and its inode.
        try await Task.sleep(for: .milliseconds(50))
        let page = root.appendingPathComponent("b/index.html")
        try FileManager.default.removeItem(at: page)
        try Data("other".utf8).write(to: page)
        let (replaced, _, readReplaced) = try Self.list(root, record: newRecord)
        #expect(readReplaced == 2, "the root and b")
        #expect(Self.contents(replaced) == Self.contents(try Self.list(root).0))
    }

    /// The record is gone through in the walk's order, so names that sort differently by
    /// characters and by bytes, or that extend one another (`a`, `a b`, `a-c`, `ab`), must
    /// still be met where the walk expects them: nothing is read again.
    @Test func namesThatSortTrickilyAreAllFoundInTheRecord() async throws {
        let root = try TestSupport.temporaryDirectory("vitrine-record")
        let names = ["a", "a b", "a-c", "ab", "a.b", "Z", "e", "é", "e\u{301}", "ée", "~x", "a/b", "a/b/c", "ab/a", "a-c/z", "é/x"]
        for name in names { try Self.write("x", root, name + "/index.html") }
        try await Task.sleep(for: .milliseconds(50))
        let (first, record, read) = try Self.list(root)
        #expect(read == first.folders.count + 1)
        let (again, _, readAgain) = try Self.list(root, record: record)
        #expect(readAgain == 1, "only the root")
        #expect(again.folders == first.folders)
        #expect(Self.contents(again) == Self.contents(first))
    }

    /// A record made at a time the clock has since gone back before could vouch for a
    /// folder changed now with a time it recorded: it is not used.
    @Test func aRecordFromTheFutureIsNotUsed() async throws {
        let root = try TestSupport.temporaryDirectory("vitrine-record")
        for name in ["a", "b", "c"] { try Self.write("x", root, name + "/index.html") }
        try await Task.sleep(for: .milliseconds(50))
        var (_, record, _) = try Self.list(root)
        #expect(try Self.list(root, record: record).2 == 1)
        record.listed = FileTree.Folder.now() + 3_600 * 1_000_000_000
        #expect(try Self.list(root, record: record).2 == 4, "every folder read")
    }

    @Test func foldersChangedJustBeforeTheyWereReadAreNotVouchedFor() throws {
        let root = try TestSupport.temporaryDirectory("vitrine-record")
        try Self.write("x", root, "a/index.html")
        let (_, record, _) = try Self.list(root, settle: .seconds(60))
        #expect(try Self.folders(record)["a"]?.changed == 0, "changed within the settle interval")
        let (_, _, read) = try Self.list(root, record: record, settle: .seconds(60))
        #expect(read == 2, "so it is read again, however unchanged")
    }

    @Test func recordsRoundTripAndAnythingDamagedCountsAsNoRecord() throws {
        var folder = FileTree.Folder(inode: 42, changed: 1_700_000_000_123_456_789)
        folder.files = ["index.html", "é.txt"]
        folder.inodes = [7, UInt64.max]
        folder.symlinks = ["link"]
        folder.folders = ["a", "b"]
        folder.others = ["fifo"]
        var tree = FileTree.Record()
        tree.append("", FileTree.Folder(inode: 3))
        tree.append("items/x", folder)
        let records = FileTree.Records(trees: [3: tree, 9: FileTree.Record()])
        let data = Data(records.data)
        #expect(FileTree.Records(data)?.trees == records.trees)
        #expect(try Self.folders(try #require(FileTree.Records(data)?.trees[3])) == ["": FileTree.Folder(inode: 3), "items/x": folder])
        #expect(FileTree.Records(data.dropLast()) == nil, "cut short")
        #expect(FileTree.Records(data + [0]) == nil, "trailing bytes")
        var huge = FileTree.Records(trees: [3: tree])
        huge.trees[3]?.count = Int.max
        #expect(FileTree.Records(Data(huge.data)) == nil, "more entries than the bytes can hold")
        #expect(FileTree.Records(Data("vitrine-folders/1\n".utf8) + data.dropFirst(FileTree.Records.header.count)) == nil, "another format")
        var slash = FileTree.Record()
        folder.files = ["../escape", "b"]
        slash.append("items/x", folder)
        #expect(slash.folders == nil, "a name with a slash is no folder entry")
        var cursor = FileTree.Cursor(slash)
        #expect(cursor.find("items/x") == nil, "and ends the record")
        #expect(cursor.isAtEnd)
    }

    @Test("a listing the build no longer needs stops at the next folder, and a cancelled one leaves nothing beside the output")
    func aStoppedListingStops() throws {
        let root = try TestSupport.temporaryDirectory("vitrine-record")
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appendingPathComponent("public")
        for index in 0..<50 { try Self.write("\(index)", output, "items/\(index)/index.html") }
        var asked = 0
        #expect(throws: VitrineError.interrupted) {
            try FileTree.list(folder: FileTree.openFolder(output.path)) {
                asked += 1
                return asked > 3
            }
        }
        #expect(asked == 4, "the walk stops at the first folder after it was told to")

        let records = root.appendingPathComponent(".public.vitrine-folders")
        let temporary = root.appendingPathComponent(".public.vitrine-folders-\(getpid())")
        let spare = root.appendingPathComponent(".public.vitrine-spare").path
        // Cancelled after its walk, just before its records are written: none are.
        let reached = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        let cancelled = try OutputPublisher.Listings(
            output: output.path, spare: spare, listSpare: false, records: records, temporary: temporary, jobs: 2
        ) {
            reached.signal()
            gate.wait()
        }
        reached.wait()
        cancelled.cancel()
        gate.signal()
        cancelled.waitForRecords()
        #expect(!FileManager.default.fileExists(atPath: records.path), "a cancelled listing writes no record")
        #expect(!FileManager.default.fileExists(atPath: temporary.path), "nothing is left beside the output")
        // Not cancelled: the records are written.
        let listed = try OutputPublisher.Listings(output: output.path, spare: spare, listSpare: false, records: records, temporary: temporary, jobs: 2)
        listed.waitForRecords()
        #expect(try FileTree.Records(Data(contentsOf: records)) != nil)
        #expect(!FileManager.default.fileExists(atPath: temporary.path))
        // Either way the next listing reads the tree right.
        let (listing, _, _) = try Self.list(output)
        #expect(listing.files.count == 50)
    }
}
