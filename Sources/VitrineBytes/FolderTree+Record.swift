import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FolderTree {
    /// One folder's own entries as a listing read them, with what tells whether they can
    /// have changed since: the folder's inode number and status-change time (ctime). Adding,
    /// removing, renaming or linking an entry sets the folder's ctime to the present, and no
    /// program can set it back; so a folder that has the recorded inode and ctime has the
    /// recorded entries, and a listing takes them from the record (`FileTree.list(folder:
    /// record:)`) with one `fstatat` instead of an open and a read.
    ///
    /// A folder changed in the `settle` interval before it was read is never vouched for: a
    /// change just after the read could carry the same time (file systems stamp times from a
    /// clock that advances every few milliseconds; git's index has the same rule).
    public struct Folder: Sendable, Equatable {
        /// The folder's inode number.
        public var inode: UInt64 = 0
        /// The ctime in nanoseconds since 1970; 0 when too recent to vouch for the entries.
        public var changed: Int64 = 0
        /// Names, with each file's inode number as the folder lists it (`d_ino`).
        public var files: [String] = []
        /// Each file's inode number, in `files`' order.
        public var inodes: [UInt64] = []
        /// Names of symbolic links.
        public var symlinks: [String] = []
        /// Names, sorted.
        public var folders: [String] = []
        /// Names of sockets, pipes and devices.
        public var others: [String] = []

        /// A folder with these entries.
        public init(
            inode: UInt64 = 0, changed: Int64 = 0, files: [String] = [], inodes: [UInt64] = [], symlinks: [String] = [], folders: [String] = [],
            others: [String] = []
        ) {
            (self.inode, self.changed, self.files, self.inodes) = (inode, changed, files, inodes)
            (self.symlinks, self.folders, self.others) = (symlinks, folders, others)
        }

        /// How long before a listing a folder must have last changed for its entries to be
        /// recorded as known.
        public static let settle = Duration.seconds(2)

        /// A file time in nanoseconds since 1970.
        public static func nanoseconds(_ time: timespec) -> Int64 {
            Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
        }

        /// A duration in whole nanoseconds.
        static func nanoseconds(_ duration: Duration) -> Int64 {
            duration.components.seconds &* 1_000_000_000 &+ duration.components.attoseconds / 1_000_000_000
        }

        /// The present, on the clock file times come from.
        public static func now() -> Int64 {
            var time = timespec()
            clock_gettime(CLOCK_REALTIME, &time)
            return nanoseconds(time)
        }
    }

    /// A tree's folders as a listing visited them, one entry per folder in the walk's order
    /// (pre-order, each folder's subfolders in the byte order of their names): its path, then
    /// its `Folder`. The next listing of the tree walks the same order, so it meets each
    /// folder's entry by moving forward through the record (`Cursor`): no dictionary of
    /// paths is built, and an entry taken over unchanged is copied as bytes.
    public struct Record: Sendable, Equatable {
        /// How many folders it records.
        public var count = 0
        /// The entries, encoded.
        public var bytes: [UInt8] = []
        /// When the listing began (`Folder.now()`). A record from a time the clock has since
        /// gone back before (a clock set back, a restored machine) is not used: a change made
        /// now could carry a time it recorded.
        public var listed: Int64 = 0

        /// An empty record, or one read back (`Records`).
        public init(count: Int = 0, bytes: [UInt8] = [], listed: Int64 = 0) {
            (self.count, self.bytes, self.listed) = (count, bytes, listed)
        }

        /// Appends a folder's entry; folders come in the walk's order.
        public mutating func append(_ path: String, _ folder: Folder) {
            var writer = BinaryWriter()
            swap(&writer.bytes, &bytes)
            writer.shortText(path)
            writer.word(folder.inode)
            writer.word(UInt64(bitPattern: folder.changed))
            for names in [folder.files, folder.symlinks, folder.folders, folder.others] {
                writer.count(UInt64(names.count))
                for name in names { writer.shortText(name) }
            }
            for inode in folder.inodes { writer.count(inode) }
            swap(&writer.bytes, &bytes)
            count += 1
        }

        /// Every entry, decoded; nil when an entry is damaged.
        public var folders: [(path: String, folder: Folder)]? {
            var cursor = Cursor(self)
            var result: [(String, Folder)] = []
            while !cursor.isAtEnd {
                guard let (path, folder) = cursor.decode() else { return nil }
                result.append((path, folder))
            }
            return result
        }
    }

    /// Moves forward through a `Record` in the walk's order. A damaged entry ends it: the
    /// folders after it are read, as with no record.
    public struct Cursor {
        private let record: Record
        private var position = 0
        /// Whether every entry was passed, or a damaged one met.
        public private(set) var isAtEnd: Bool

        /// A cursor at the record's first entry.
        public init(_ record: Record) {
            self.record = record
            isAtEnd = record.bytes.isEmpty
        }

        /// The entry for `path`, if the record has one; entries for paths that come before
        /// it in the walk's order (folders gone since) are passed over.
        public mutating func find(_ path: String) -> (folder: Folder, raw: Range<Int>)? {
            var path = path
            return path.withUTF8 { wanted -> (Folder, Range<Int>)? in
                while !isAtEnd {
                    let order: Int? = record.bytes.withUnsafeBytes { bytes in
                        var reader = BinaryReader(bytes: bytes, position: position)
                        guard let length = reader.count(), length <= UInt64(reader.remaining) else { return nil }
                        return Self.compare(UnsafeRawBufferPointer(rebasing: bytes[reader.position..<(reader.position + Int(length))]), UnsafeRawBufferPointer(wanted))
                    }
                    guard let order else {
                        isAtEnd = true
                        return nil
                    }
                    if order > 0 { return nil }
                    let start = position
                    guard let (_, folder) = decode() else { return nil }
                    if order == 0 { return (folder, start..<position) }
                }
                return nil
            }
        }

        /// Decodes the entry at the cursor and moves past it.
        public mutating func decode() -> (path: String, folder: Folder)? {
            let decoded: (String, Folder, Int)? = record.bytes.withUnsafeBytes { bytes in
                var reader = BinaryReader(bytes: bytes, position: position)
                guard let path = reader.shortText(), let inode = reader.word(), let changed = reader.word(), let files = Self.names(&reader),
                    let symlinks = Self.names(&reader), let folders = Self.names(&reader), let others = Self.names(&reader)
                else { return nil }
                var folder = Folder(inode: inode, changed: Int64(bitPattern: changed), files: files, symlinks: symlinks, folders: folders, others: others)
                folder.inodes.reserveCapacity(files.count)
                for _ in files {
                    guard let inode = reader.count() else { return nil }
                    folder.inodes.append(inode)
                }
                return (path, folder, reader.position)
            }
            guard let (path, folder, end) = decoded else {
                isAtEnd = true
                return nil
            }
            position = end
            isAtEnd = position >= record.bytes.count
            return (path, folder)
        }

        /// The bytes of the entry at `range` (from `find`), to copy into a new record.
        public func raw(_ range: Range<Int>) -> ArraySlice<UInt8> { record.bytes[range] }

        /// The walk's order of two paths: component by component, names by their bytes; a
        /// folder before what it holds. The same as comparing the bytes with `/` lowest.
        public static func compare(_ a: UnsafeRawBufferPointer, _ b: UnsafeRawBufferPointer) -> Int {
            for index in 0..<min(a.count, b.count) where a[index] != b[index] {
                let x = a[index] == UInt8(ascii: "/") ? 0 : Int(a[index]) + 1
                let y = b[index] == UInt8(ascii: "/") ? 0 : Int(b[index]) + 1
                return x < y ? -1 : 1
            }
            return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
        }

        /// A count, then that many names (never empty, never with a slash).
        private static func names(_ reader: inout BinaryReader) -> [String]? {
            guard let count = reader.count(), count <= UInt64(reader.remaining) else { return nil }
            guard count > 0 else { return [] }
            var names: [String] = []
            names.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let name = reader.shortName() else { return nil }
                names.append(name)
            }
            return names
        }
    }

    /// The records of a few trees by their root folder's inode number, as one file: a
    /// header, then each tree's root inode, entry count, byte count and entries. A file that
    /// cannot be read counts as no record at all, and a damaged entry as the end of its
    /// record: the folders not found in a record are read, which is always correct.
    public struct Records: Sendable {
        /// Each tree's record by its root folder's inode number.
        public var trees: [UInt64: Record] = [:]

        /// The file's first line: its format.
        public static let header = Array("vitrine-folders/3\n".utf8)

        /// These records.
        public init(trees: [UInt64: Record] = [:]) {
            self.trees = trees
        }

        /// The records a file holds; nil when it is not such a file or is damaged.
        public init?(_ data: Data) {
            let header = Self.header
            guard data.count >= header.count, data.prefix(header.count).elementsEqual(header) else { return nil }
            let trees = data.withUnsafeBytes { bytes -> [UInt64: Record]? in
                var reader = BinaryReader(bytes: bytes, position: header.count)
                guard let count = reader.count(), count <= 16 else { return nil }
                var trees: [UInt64: Record] = [:]
                for _ in 0..<count {
                    // An entry takes at least 21 bytes: a count that cannot fit is damage.
                    guard let root = reader.word(), let listed = reader.word(), let folders = reader.count(), let length = reader.count(),
                        length <= UInt64(bytes.count - reader.position), folders <= length / 21
                    else { return nil }
                    let start = reader.position
                    reader.position += Int(length)
                    trees[root] = Record(count: Int(folders), bytes: Array(bytes[start..<reader.position]), listed: Int64(bitPattern: listed))
                }
                return reader.isAtEnd ? trees : nil
            }
            guard let trees else { return nil }
            self.trees = trees
        }

        /// The file's bytes.
        public var data: [UInt8] {
            var writer = BinaryWriter()
            writer.bytes = Self.header
            writer.count(UInt64(trees.count))
            for (root, record) in trees.sorted(by: { $0.key < $1.key }) {
                writer.word(root)
                writer.word(UInt64(bitPattern: record.listed))
                writer.count(UInt64(record.count))
                writer.count(UInt64(record.bytes.count))
                writer.bytes += record.bytes
            }
            return writer.bytes
        }
    }
}
