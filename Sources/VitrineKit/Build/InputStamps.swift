import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The digests of input files as an earlier build hashed them, each with the file's stamp:
/// device, inode number, size, modification and status-change times (git's index keeps the
/// same). Writing a file, truncating it, replacing it or setting its times back sets its
/// status-change time (ctime) to the present, and no program can set that back; so a file
/// whose stamp is the one recorded still has the recorded bytes, and an unchanged rebuild
/// (`InputsDigest.current`) takes its digest from here instead of reading it: at 10,000
/// items, hashing the 12 MB catalog was a sixth of such a rebuild.
///
/// A file changed within `settle` before it was hashed is never recorded (a change just
/// after could carry the same times), nor one that changed while it was hashed; a record
/// from a time the clock has since gone back before is not used. (As with git's index, a
/// clock set back, a same-size edit stamped with exactly the recorded times, and the clock
/// set right again before the next build would go unseen.) Kept in
/// `SITE/.vitrine-cache/inputs`; it is an optimisation, never an input: a file that is
/// missing, damaged or from another format counts as empty, and one that cannot be written
/// is not written.
struct InputStamps: Equatable {
    struct Stamp: Equatable {
        var device: UInt64
        var inode: UInt64
        var size: Int64
        var modified: Int64
        var changed: Int64
    }

    /// Path as the build names it → stamp, digest and when it was hashed.
    var entries: [String: (stamp: Stamp, digest: StableHasher.Digest, hashed: Int64)] = [:]

    /// How long before it was hashed a file must have last changed to be recorded.
    static let settle = Duration.seconds(2)
    static let header = Array("vitrine-input-stamps/1\n".utf8)

    static func location(site: URL) -> URL {
        site.appendingPathComponent(".vitrine-cache/inputs")
    }

    init() {}

    /// The record at `url`; empty when it is missing or damaged.
    init(contentsOf url: URL) {
        self.init(FileBytes.read(atPath: url.path) ?? Data())
    }

    /// Entries from a record's bytes: the header, then entries, then the digest of all
    /// that came before it.
    init(_ data: Data) {
        let entries = BinaryReader.readingSealed(data, header: Self.header) { reader -> [String: (stamp: Stamp, digest: StableHasher.Digest, hashed: Int64)]? in
            var entries: [String: (stamp: Stamp, digest: StableHasher.Digest, hashed: Int64)] = [:]
            while !reader.isAtEnd {
                guard let path = reader.shortText(), let device = reader.word(), let inode = reader.word(), let size = reader.word(),
                    let modified = reader.word(), let changed = reader.word(), let high = reader.word(), let low = reader.word(),
                    let hashed = reader.word()
                else { return nil }
                let stamp = Stamp(
                    device: device, inode: inode, size: Int64(bitPattern: size), modified: Int64(bitPattern: modified),
                    changed: Int64(bitPattern: changed))
                entries[path] = (stamp, StableHasher.Digest(high: high, low: low), Int64(bitPattern: hashed))
            }
            return entries
        }
        self.entries = entries ?? [:]
    }

    /// The record's bytes, entries in the order of their paths.
    var data: [UInt8] {
        var writer = BinaryWriter()
        writer.bytes = Self.header
        for (path, entry) in entries.sorted(by: { $0.key < $1.key }) {
            writer.shortText(path)
            for word in [entry.stamp.device, entry.stamp.inode, UInt64(bitPattern: entry.stamp.size)] { writer.word(word) }
            writer.word(UInt64(bitPattern: entry.stamp.modified))
            writer.word(UInt64(bitPattern: entry.stamp.changed))
            writer.word(entry.digest.high)
            writer.word(entry.digest.low)
            writer.word(UInt64(bitPattern: entry.hashed))
        }
        writer.seal()
        return writer.bytes
    }

    /// Writes the record at `url` (beside it, then renamed into place); false when it cannot.
    @discardableResult
    func write(to url: URL) -> Bool {
        AtomicFile.replaceQuickly(url) { write in write(data) }
    }

    /// The digest of the file at `path`: from the record when the file's stamp is the one
    /// recorded, else read (and recorded when it qualifies). `.missing` for no file.
    ///
    /// A file read here that is at least `keptFrom` bytes is read whole and its bytes given
    /// to `kept`: a changed catalog is then parsed from them instead of being read again.
    /// `changed` is called before a file the record cannot answer for is read (a rebuild
    /// then starts its other work meanwhile).
    mutating func digest(
        ofFileAt path: String, settle: Duration = Self.settle, keptFrom: Int = .max, kept: (Data) -> Void = { _ in },
        changed: () -> Void = {}
    ) -> StableHasher.FileDigest {
        let now = FileTree.Folder.now()
        // Opened before its stamp is taken: on a network file system with close-to-open
        // consistency (NFS's default), opening a file checks it with the server, where a
        // plain `stat` may answer from a cache for a while. (`settle` compares the server's
        // times with this machine's clock: a server clock behind by more than `settle` is
        // not covered.)
        // Without waiting: a named pipe in an input's place would block the open (see
        // `FileBytes.input`); it counts as unreadable, and the read names it.
        let fd = FileBytes.openWithoutWaiting(path)
        guard fd >= 0 else {
            let missing = errno == ENOENT || errno == ENOTDIR
            entries[path] = nil
            return missing ? .missing : .unreadable
        }
        defer { close(fd) }
        var before = stat()
        var after = stat()
        guard fstat(fd, &before) == 0 else {
            entries[path] = nil
            return .unreadable
        }
        if let known = entries[path], known.hashed <= now, known.stamp == Stamp(before) {
            return .digest(known.digest)
        }
        changed()
        entries[path] = nil
        // A folder, pipe or device is never read here (`/dev/zero` would never end).
        guard before.st_mode & S_IFMT == S_IFREG else { return .unreadable }
        let digest: StableHasher.FileDigest
        if Int(before.st_size) >= keptFrom {
            guard let bytes = FileBytes.read(descriptor: fd) else { return .unreadable }
            digest = .digest(StableHasher.digest(bytes))
            kept(bytes)
        } else {
            digest = StableHasher.digestOfFile(descriptor: fd)
        }
        // Recorded only when nothing changed while it was read, and not just before.
        if case .digest(let value) = digest, fstat(fd, &after) == 0,
            Stamp(before) == Stamp(after), Stamp(before).changed < now - settle.inNanoseconds
        {
            entries[path] = (Stamp(before), value, now)
        }
        return digest
    }

    /// Forgets every path not in `paths`.
    mutating func keep(only paths: Set<String>) {
        entries = entries.filter { paths.contains($0.key) }
    }

    static func == (lhs: InputStamps, rhs: InputStamps) -> Bool {
        lhs.data == rhs.data
    }
}

extension InputStamps.Stamp {
    init(_ status: stat) {
        self.init(
            device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
            modified: FileTree.Folder.nanoseconds(status.st_mtim), changed: FileTree.Folder.nanoseconds(status.st_ctim))
    }
}
