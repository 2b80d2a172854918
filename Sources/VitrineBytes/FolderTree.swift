import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder tree read and removed with plain POSIX calls that never follow a symbolic link:
/// a link inside the tree is an entry of its own, never a way out of the tree.
///
/// Errors are `SystemCallError`s whose path is the one relative to the listed root (empty for
/// the root itself), or the absolute path given to `remove`.
public enum FolderTree {
    /// What a folder holds, as paths relative to it (`items/x/index.html`).
    public struct Listing: Sendable {
        /// Regular files.
        public var files: [String] = []
        /// Each file's inode number as its folder lists it (`d_ino`), in `files`' order: two
        /// equal numbers in one file system are one file, known without a `stat` per file.
        public var inodes: [UInt64] = []
        /// Symbolic links, never followed.
        public var symlinks: [String] = []
        /// In pre-order: a folder comes before what it holds.
        public var folders: [String] = []
        /// Sockets, pipes, devices: never made by vitrine, never copied.
        public var others: [String] = []

        /// An empty listing.
        public init() {}
    }

    /// Lists everything below `root`, without descending into symbolic links.
    public static func list(_ root: String) throws(SystemCallError) -> Listing {
        try list(folder: openFolder(root)).listing
    }

    /// Opens a folder to list later (`list(folder:)`), never through a link.
    public static func openFolder(_ path: String) throws(SystemCallError) -> Int32 {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { throw SystemCallError("open", path: path) }
        return fd
    }

    /// Lists the folder open at `fd`, and closes it. A subfolder removed while it is listed
    /// is left out.
    ///
    /// With the `record` of an earlier listing of the same tree, a folder whose inode number
    /// and status-change time (ctime) are still those recorded is taken from the record
    /// instead of being read (`Folder`); the root is always read. Returns the record of this
    /// listing and how many folders were read. Once `stopped` returns true the walk stops
    /// with `SystemCallError.cancelled` (a caller that no longer needs the listing).
    public static func list(
        folder fd: Int32, record: Record = Record(), settle: Duration = Folder.settle, stopped: @escaping () -> Bool = { false }
    ) throws(SystemCallError) -> (
        listing: Listing, record: Record, read: Int
    ) {
        let now = Folder.now()
        // A record from what is now the future (the clock went back) is not used.
        var walk = Walk(
            cursor: Cursor(record.listed <= now ? record : Record()), trustedBefore: now - Folder.nanoseconds(settle), stopped: stopped)
        walk.record.listed = now
        walk.listing.files.reserveCapacity(record.count)
        walk.listing.inodes.reserveCapacity(record.count)
        walk.listing.folders.reserveCapacity(record.count)
        walk.record.bytes.reserveCapacity(record.bytes.count)
        defer { close(fd) }
        let top = try walk.read(fd, relative: "")
        _ = walk.cursor.find("")
        walk.record.append("", top)
        try walk.add("", top, in: fd)
        return (walk.listing, walk.record, walk.read)
    }

    /// One listing in progress: folders in pre-order, each read or taken from the record,
    /// which it goes through in the same order.
    private struct Walk {
        var cursor: Cursor
        let trustedBefore: Int64
        let stopped: () -> Bool
        var listing = Listing()
        var record = Record()
        var read = 0

        /// Adds `folder` (open at `fd`) and what it holds. Each subfolder is looked up and
        /// opened from its parent's descriptor, one name at a time and never through a
        /// link: the kernel resolves one path component for each, never a whole path again.
        mutating func add(_ relative: String, _ folder: Folder, in fd: Int32) throws(SystemCallError) {
            let prefix = relative.isEmpty ? "" : relative + "/"
            for (name, inode) in zip(folder.files, folder.inodes) {
                listing.files.append(prefix + name)
                listing.inodes.append(inode)
            }
            for name in folder.symlinks { listing.symlinks.append(prefix + name) }
            for name in folder.others { listing.others.append(prefix + name) }
            for name in folder.folders {
                let path = prefix + name
                guard let (child, childFD) = try self.folder(at: path, name: name, in: fd) else { continue }
                defer { if childFD >= 0 { close(childFD) } }
                listing.folders.append(path)
                try add(path, child, in: childFD)
            }
        }

        /// The folder at `path` (`name` in the folder open at `parent`), from the record
        /// when it has not changed since, with a descriptor open on it when it holds
        /// folders (else -1); nil when it was removed meanwhile.
        mutating func folder(at path: String, name: String, in parent: Int32) throws(SystemCallError) -> (Folder, Int32)? {
            if stopped() { throw SystemCallError.cancelled }
            if let (known, raw) = cursor.find(path), known.changed != 0 {
                var status = stat()
                func unchanged() -> Bool {
                    status.st_mode & S_IFMT == S_IFDIR && UInt64(status.st_ino) == known.inode && Folder.nanoseconds(status.st_ctim) == known.changed
                }
                if fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0, unchanged() {
                    if known.folders.isEmpty {
                        record.bytes += cursor.raw(raw)
                        record.count += 1
                        return (known, -1)
                    }
                    let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                    if fd >= 0, fstat(fd, &status) == 0, unchanged() {
                        record.bytes += cursor.raw(raw)
                        record.count += 1
                        return (known, fd)
                    }
                    if fd >= 0 { close(fd) }  // changed in between: read below
                }
            }
            let fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if fd < 0, errno == ENOENT { return nil }
            guard fd >= 0 else { throw SystemCallError("openat", path: path) }
            let folder: Folder
            do {
                folder = try read(fd, relative: path)
            } catch {
                close(fd)
                throw error
            }
            record.append(path, folder)
            guard !folder.folders.isEmpty else {
                close(fd)
                return (folder, -1)
            }
            return (folder, fd)
        }

        /// Reads the folder open at `fd`, which stays open. Its status comes first: a
        /// change made while it is read gives it a newer ctime than the one recorded.
        mutating func read(_ fd: Int32, relative: String) throws(SystemCallError) -> Folder {
            var status = stat()
            let copy = dup(fd)
            guard copy >= 0, fstat(fd, &status) == 0, let directory = fdopendir(copy) else {
                let error = SystemCallError("fdopendir", path: relative)
                if copy >= 0 { close(copy) }
                throw error
            }
            defer { closedir(directory) }
            read += 1
            var folder = Folder(inode: UInt64(status.st_ino))
            let changed = Folder.nanoseconds(status.st_ctim)
            // Changed just before it was read: a change after it could carry the same time.
            folder.changed = changed < trustedBefore ? changed : 0
            while let entry = readdir(directory) {
                let name = entryName(entry)
                if name == "." || name == ".." { continue }
                switch kind(of: entry, in: fd, name: name) {
                case .file:
                    folder.files.append(name)
                    folder.inodes.append(UInt64(entry.pointee.d_ino))
                case .symlink: folder.symlinks.append(name)
                case .folder: folder.folders.append(name)
                case .other: folder.others.append(name)
                }
            }
            // The walk's order, which the record keeps: names by their bytes.
            folder.folders.sort { $0.utf8.lexicographicallyPrecedes($1.utf8) }
            return folder
        }
    }

    /// Removes `path` and everything below it; symbolic links are removed, never followed.
    /// Big trees are removed by `jobs` threads, one second-level folder at a time.
    public static func remove(_ path: String, jobs: Int = 1) throws(SystemCallError) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            if errno == ENOENT { return }
            throw SystemCallError("lstat", path: path)
        }
        guard status.st_mode & S_IFMT == S_IFDIR else {
            if unlink(path) != 0 { throw SystemCallError("unlink", path: path) }
            return
        }
        // Split the work: the folders two levels down are independent.
        var chunks: [String] = []
        if jobs > 1, let top = try? children(of: path) {
            for (name, isFolder) in top where isFolder {
                if let inner = try? children(of: path + "/" + name) {
                    chunks += inner.filter(\.isFolder).map { path + "/" + name + "/" + $0.name }
                }
            }
        }
        if chunks.count > 1 {
            let chunks = chunks
            let failure = Mutex<SystemCallError?>(nil)
            DispatchQueue.concurrentPerform(iterations: jobs) { worker in
                for index in stride(from: worker, to: chunks.count, by: jobs) {
                    if removeContents(of: chunks[index]) != 0 || rmdir(chunks[index]) != 0 {
                        let error = SystemCallError("rmdir", path: chunks[index])
                        failure.withLock { if $0 == nil { $0 = error } }
                    }
                }
            }
            if let error = failure.withLock({ $0 }) { throw error }
        }
        if removeContents(of: path) != 0 || rmdir(path) != 0 { throw SystemCallError("rmdir", path: path) }
    }

    /// Empties a folder; 0 or -1 (errno set).
    private static func removeContents(of path: String) -> Int32 {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return errno == ENOENT ? 0 : -1 }
        return removeContents(fd)
    }

    /// Empties the folder open at `fd` and closes it.
    private static func removeContents(_ fd: Int32) -> Int32 {
        guard let names = children(fd) else {
            close(fd)
            return -1
        }
        for (name, isFolder) in names {
            if isFolder {
                let child = openat(fd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                guard child >= 0, removeContents(child) == 0 else {
                    close(fd)
                    return -1
                }
                if unlinkat(fd, name, AT_REMOVEDIR) != 0 {
                    close(fd)
                    return -1
                }
            } else if unlinkat(fd, name, 0) != 0, errno != ENOENT {
                close(fd)
                return -1
            }
        }
        close(fd)
        return 0
    }

    private static func children(of path: String) throws -> [(name: String, isFolder: Bool)] {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        return children(fd) ?? []
    }

    /// The entries of the folder open at `fd` (which stays open), or nil.
    private static func children(_ fd: Int32) -> [(name: String, isFolder: Bool)]? {
        let copy = dup(fd)
        guard copy >= 0 else { return nil }
        guard let directory = fdopendir(copy) else {
            close(copy)
            return nil
        }
        defer { closedir(directory) }
        var result: [(String, Bool)] = []
        while let entry = readdir(directory) {
            let name = entryName(entry)
            if name == "." || name == ".." { continue }
            result.append((name, entryIsFolder(entry, parent: fd, name: name)))
        }
        return result
    }

    private enum Kind { case file, symlink, folder, other }

    private static func kind(of entry: UnsafeMutablePointer<dirent>, in parent: Int32, name: String) -> Kind {
        var type = Int32(entry.pointee.d_type)
        if type == Int32(DT_UNKNOWN) {
            var status = stat()
            guard fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else { return .other }
            switch status.st_mode & S_IFMT {
            case S_IFREG: type = Int32(DT_REG)
            case S_IFDIR: type = Int32(DT_DIR)
            case S_IFLNK: type = Int32(DT_LNK)
            default: return .other
            }
        }
        switch type {
        case Int32(DT_REG): return .file
        case Int32(DT_DIR): return .folder
        case Int32(DT_LNK): return .symlink
        default: return .other
        }
    }

    private static func entryIsFolder(_ entry: UnsafeMutablePointer<dirent>, parent: Int32, name: String) -> Bool {
        let type = Int32(entry.pointee.d_type)
        if type != Int32(DT_UNKNOWN) { return type == Int32(DT_DIR) }
        var status = stat()
        return fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    private static func entryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
        withUnsafePointer(to: &entry.pointee.d_name) {
            String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        }
    }
}

extension SystemCallError {
    /// What a walk throws once its `stopped` returns true: no call failed, the caller no
    /// longer wants the result.
    public static var cancelled: SystemCallError { SystemCallError("list", code: ECANCELED) }

    /// Whether this is `cancelled`.
    public var isCancellation: Bool { call == "list" && code == ECANCELED }
}
