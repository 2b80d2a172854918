import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileTree {
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
    struct Folder: Sendable, Equatable {
        var inode: UInt64 = 0
        /// The ctime in nanoseconds since 1970; 0 when too recent to vouch for the entries.
        var changed: Int64 = 0
        /// Names, with each file's inode number as the folder lists it (`d_ino`).
        var files: [String] = []
        var inodes: [UInt64] = []
        var symlinks: [String] = []
        /// Names, sorted.
        var folders: [String] = []
        var others: [String] = []

        /// How long before a listing a folder must have last changed for its entries to be
        /// recorded as known.
        static let settle = Duration.seconds(2)

        static func nanoseconds(_ time: timespec) -> Int64 {
            Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec)
        }

        /// The present, on the clock file times come from.
        static func now() -> Int64 {
            var time = timespec()
            clock_gettime(CLOCK_REALTIME, &time)
            return nanoseconds(time)
        }
    }

    /// A tree's folders by their path below its root (`""` for the root, `items/x`).
    typealias Record = [String: Folder]

    /// The records of a few trees by their root folder's inode number, as one file of
    /// `BinaryWriter`'s format. A file that cannot be read counts as no record at all: every
    /// folder is read then, which is always correct.
    struct Records: Sendable {
        var trees: [UInt64: Record] = [:]

        static let header = Array("vitrine-folders/1\n".utf8)

        init(trees: [UInt64: Record] = [:]) {
            self.trees = trees
        }

        init?(_ data: Data) {
            let header = Self.header
            guard data.count >= header.count, data.prefix(header.count).elementsEqual(header) else { return nil }
            let trees = data.withUnsafeBytes { bytes -> [UInt64: Record]? in
                var reader = BinaryReader(bytes: bytes, position: header.count)
                guard let count = reader.count(), count <= 16 else { return nil }
                var trees: [UInt64: Record] = [:]
                for _ in 0..<count {
                    guard let root = reader.word(), let folders = reader.count(), folders <= UInt64(bytes.count) else { return nil }
                    var record: Record = [:]
                    record.reserveCapacity(Int(folders))
                    for _ in 0..<folders {
                        guard let path = reader.shortText(), let folder = Self.folder(&reader) else { return nil }
                        record[path] = folder
                    }
                    trees[root] = record
                }
                return reader.isAtEnd ? trees : nil
            }
            guard let trees else { return nil }
            self.trees = trees
        }

        var data: [UInt8] {
            var writer = BinaryWriter()
            writer.bytes = Self.header
            writer.count(UInt64(trees.count))
            // In no particular order: the file is a cache, read back into dictionaries.
            for (root, record) in trees {
                writer.word(root)
                writer.count(UInt64(record.count))
                for (path, folder) in record {
                    writer.shortText(path)
                    writer.word(folder.inode)
                    writer.word(UInt64(bitPattern: folder.changed))
                    for names in [folder.files, folder.symlinks, folder.folders, folder.others] {
                        writer.count(UInt64(names.count))
                        for name in names { writer.shortText(name) }
                    }
                    for inode in folder.inodes { writer.count(inode) }
                }
            }
            return writer.bytes
        }

        private static func folder(_ reader: inout BinaryReader) -> Folder? {
            guard let inode = reader.word(), let changed = reader.word(), let files = names(&reader), let symlinks = names(&reader),
                let folders = names(&reader), let others = names(&reader)
            else { return nil }
            var folder = Folder(inode: inode, changed: Int64(bitPattern: changed), files: files, symlinks: symlinks, folders: folders, others: others)
            folder.inodes.reserveCapacity(files.count)
            for _ in files {
                guard let inode = reader.count() else { return nil }
                folder.inodes.append(inode)
            }
            return folder
        }

        /// A count, then that many names (never empty, never with a slash).
        private static func names(_ reader: inout BinaryReader) -> [String]? {
            guard let count = reader.count(), count <= UInt64(reader.bytes.count - reader.position) else { return nil }
            guard count > 0 else { return [] }
            var names: [String] = []
            names.reserveCapacity(Int(count))
            for _ in 0..<count {
                guard let name = reader.shortText(), !name.isEmpty, !name.utf8.contains(UInt8(ascii: "/")) else { return nil }
                names.append(name)
            }
            return names
        }
    }
}
