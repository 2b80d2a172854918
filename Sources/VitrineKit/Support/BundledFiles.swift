import Foundation
import Logging

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// vitrine's own files — the default theme (`Theme/`) and the samples `vitrine new` starts
/// from (`Scaffold/`) — compiled into the binary by the EmbedResources plugin
/// (`EmbeddedFiles`), so a copied or installed `vitrine` needs no folder beside it.
enum BundledFiles {
    /// The bytes of one file, by its path in Sources/VitrineKit (`Scaffold/giphy.json`).
    static func data(_ path: String) -> Data? {
        EmbeddedFiles.base64[path].flatMap { Data(base64Encoded: $0) }
    }

    /// The default theme as a folder, since the theme loader, site overrides and `serve`
    /// work on files: unpacked into `TMPDIR/vitrine-UID/theme-DIGEST`, a folder only this
    /// user can write, checked byte for byte once a run and rewritten if anything differs.
    /// When that folder cannot be used, a fresh temporary folder is; when nothing can be
    /// written, the reason is logged and loading the theme fails on its missing templates.
    static let themeDirectory: URL = {
        let logger = Logger(label: "vitrine")
        do throws(VitrineError) {
            return try unpack("Theme", into: try privateFolder())
        } catch {
            logger.debug("default theme: \(error.message); unpacking it into a new temporary folder")
        }
        do throws(VitrineError) {
            let fresh = FileManager.default.temporaryDirectory
                .appendingPathComponent("vitrine-\(UUID().uuidString)", isDirectory: true)
            try create(fresh)
            return try unpack("Theme", into: fresh)
        } catch {
            logger.error("default theme: \(error.message)")
            return FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-theme-unavailable")
        }
    }()

    /// Writes the files under `folder` into `parent/FOLDER-DIGEST`, unless they are there
    /// already, exactly and alone.
    static func unpack(_ folder: String, into parent: URL) throws(VitrineError) -> URL {
        let prefix = folder + "/"
        var files: [(path: String, data: Data)] = []
        var hasher = StableHasher()
        for path in EmbeddedFiles.base64.keys.sorted() where path.hasPrefix(prefix) {
            guard let data = data(path) else { throw VitrineError(file: path, "embedded file is not valid base64") }
            let relative = String(path.dropFirst(prefix.count))
            files.append((relative, data))
            hasher.combine(relative)
            data.withUnsafeBytes { hasher.combine(bytes: $0) }
        }
        let name = "\(folder.lowercased())-\(String(hasher.finalize().description.prefix(16)))"
        let target = parent.appendingPathComponent(name, isDirectory: true)
        if holds(target, exactly: files) { return target }

        // Write a complete copy beside it, then rename it into place. A folder there that
        // differs is moved aside first; if another run renamed its copy in meanwhile, the
        // rename fails and that copy is checked like any other.
        let fileManager = FileManager.default
        let staging = parent.appendingPathComponent(".\(name)-\(UUID().uuidString)", isDirectory: true)
        defer { try? fileManager.removeItem(at: staging) }
        do {
            for file in files {
                let url = staging.appendingPathComponent(file.path)
                try fileManager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.data.write(to: url)
            }
        } catch {
            throw VitrineError(file: staging.path, "cannot unpack the default \(folder.lowercased()): \(error.localizedDescription)", kind: .output)
        }
        if fileManager.fileExists(atPath: target.path) {
            let stale = parent.appendingPathComponent(".\(name)-stale-\(UUID().uuidString)", isDirectory: true)
            if rename(target.path, stale.path) == 0 { try? fileManager.removeItem(at: stale) }
        }
        _ = rename(staging.path, target.path)
        guard holds(target, exactly: files) else {
            throw VitrineError(file: target.path, "cannot unpack the default \(folder.lowercased()): the folder's files differ from vitrine's", kind: .output)
        }
        return target
    }

    /// True when `folder` holds these files with these bytes, and nothing else (no link, no
    /// other kind of file).
    static func holds(_ folder: URL, exactly files: [(path: String, data: Data)]) -> Bool {
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0, let listing = try? FolderTree.list(folder: fd).listing,
            listing.symlinks.isEmpty, listing.others.isEmpty, listing.files.count == files.count
        else { return false }
        let expected = Dictionary(files.map { ($0.path, $0.data) }, uniquingKeysWith: { first, _ in first })
        return listing.files.allSatisfy { path in
            guard let data = expected[path] else { return false }
            return FileBytes.read(atPath: folder.path + "/" + path) == data
        }
    }

    /// `TMPDIR/vitrine-UID`, created if missing; refused unless it is a real folder owned
    /// by this user that nobody else can write or read.
    static func privateFolder() throws(VitrineError) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("vitrine-\(getuid())", isDirectory: true)
        try create(url)
        return url
    }

    /// Creates `url` with mode 0700, or accepts it if it already is such a folder of ours.
    static func create(_ url: URL) throws(VitrineError) {
        if mkdir(url.path, 0o700) != 0, errno != EEXIST {
            throw VitrineError(file: url.path, "cannot create folder: \(String(cString: strerror(errno)))", kind: .output)
        }
        var info = stat()
        guard lstat(url.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR,
            info.st_uid == getuid(), info.st_mode & 0o077 == 0
        else {
            throw VitrineError(file: url.path, "not a private folder of this user", kind: .output)
        }
    }
}
