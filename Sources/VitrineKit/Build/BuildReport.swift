import Foundation

/// `--report FILE`: what a build did, as JSON for CI.
struct BuildReport: Encodable {
    struct Gallery: Encodable {
        var name: String
        var source: String
        var items: Int
        var totalResults: Int
        /// `snapshot`, `fetched`, `kept-snapshot`.
        var origin: String
        var invalidIDs: [String]
        /// Ids this build's refresh added to the gallery and removed from it (empty when it
        /// was not refreshed, or for its first snapshot).
        var added: [String]
        var removed: [String]
    }

    var galleries: [Gallery]
    var favorites: Int
    var items: Int
    var pages: Int
    var files: Int
    var bytes: Int
    var requests: Int
    var cacheHits: Int
    var failures: [String]
    var warnings: [String]
    var seconds: Double

    init(summary: BuildSummary, site: LoadedSite, origins: [String: FetchStage.Origin], changes: [String: ChangeRecord.Refresh] = [:]) {
        galleries = site.galleries.map {
            let change = changes[$0.config.name].flatMap { $0.initial == true ? nil : $0 }
            return Gallery(
                name: $0.config.name, source: $0.favorites == nil ? $0.config.source.rawValue : FavoritesGalleryConfig.source, items: $0.items.count,
                totalResults: $0.snapshot.totalResults, origin: (origins[$0.config.name] ?? .snapshot).rawValue,
                invalidIDs: $0.snapshot.invalidIDs,
                added: change?.added.map(\.id.description) ?? [], removed: change?.removed.map(\.id.description) ?? []
            )
        }
        favorites = site.favorites.count
        items = summary.items
        pages = summary.pages
        files = summary.files
        bytes = summary.bytes
        requests = summary.requests
        cacheHits = summary.cacheHits
        failures = summary.fetchFailures
        warnings = summary.warnings
        seconds = (summary.seconds * 1000).rounded() / 1000
    }

    /// The report's bytes.
    var data: Data {
        get throws(VitrineError) {
            do {
                return try VitrineJSON.encode(self)
            } catch {
                throw VitrineError("cannot encode the build report: \(error.localizedDescription)", kind: .output)
            }
        }
    }

    /// Where `--report` goes, checked before any work and written before the site is
    /// published, so that a build whose report fails never changed the site.
    ///
    /// A regular file (or none yet) is replaced as a whole: the report is written beside it
    /// (`.NAME.tmp-PID-RANDOM`) before the exchange and renamed into place after it. Anything
    /// else — a named pipe (`--report >(jq .)`), a character device, a symbolic link — is
    /// written through, as a shell redirection would, never replaced; it is opened before
    /// the build (a pipe nobody reads is refused) and written just before the exchange.
    final class Destination {
        let url: URL
        private var fd: Int32 = -1
        /// The written report, waiting for `commit()`.
        private var temporary: String?

        init(_ url: URL) throws(VitrineError) {
            self.url = url
            let path = url.path
            func refuse(_ why: String, kind: VitrineError.Kind = .output) -> VitrineError {
                VitrineError(file: path, "--report: \(why)", kind: kind)
            }
            var status = stat()
            if lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
                guard status.st_mode & S_IFMT != S_IFDIR else { throw refuse("names a folder; give a file name", kind: .usage) }
                fd = open(path, O_WRONLY | O_CREAT | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0o644)
                guard fd >= 0 else {
                    if errno == ENXIO { throw refuse("nothing reads from it (a pipe or socket with no reader)") }
                    if errno == EISDIR { throw refuse("names a folder; give a file name", kind: .usage) }
                    throw refuse("cannot write (\(String(cString: strerror(errno))))")
                }
                let flags = fcntl(fd, F_GETFL)
                if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
                if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFBLK { throw refuse("is a block device; give a file name") }
                return
            }
            if lstat(path, &status) == 0, access(path, W_OK) != 0 { throw refuse("cannot write (\(String(cString: strerror(errno))))") }
            let folder = url.deletingLastPathComponent().path
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw refuse("the folder \(folder) does not exist", kind: .usage)
            }
            // Tried, not asked (`access` says yes to root on a file system that refuses): the
            // temporary file the report will be written to is made and removed.
            AtomicFile.removeLeftovers(besides: url)
            let probe = try makeTemporary()
            unlink(probe.path)
            close(probe.fd)
        }

        deinit {
            if fd >= 0 { close(fd) }
            if let temporary { unlink(temporary) }
        }

        private func makeTemporary() throws(VitrineError) -> (path: String, fd: Int32) {
            let folder = url.deletingLastPathComponent()
            let path = folder.appendingPathComponent(AtomicFile.temporaryPrefix(for: url) + "\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
            let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw VitrineError(file: url.path, "--report: cannot write in \(folder.path) (\(String(cString: strerror(errno))))", kind: .output)
            }
            return (path, fd)
        }

        /// Writes the report: through the open pipe, device or link, or into the temporary
        /// file `commit()` renames into place.
        func write(_ data: Data) throws(VitrineError) {
            func failed() -> VitrineError {
                VitrineError(file: url.path, "cannot write the build report (\(String(cString: strerror(errno)))); the site was not published", kind: .output)
            }
            if fd >= 0 {
                var status = stat()
                // A regular file behind a link is rewritten from its start, as `>` would.
                if fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG, ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0 {
                    throw failed()
                }
                guard writeAll(fd, data) else { throw failed() }
                return
            }
            let (path, file) = try makeTemporary()
            temporary = path
            let written = writeAll(file, data)
            let savedErrno = errno
            close(file)
            errno = savedErrno
            guard written else { throw failed() }
        }

        /// Puts a written report in place; a warning when that failed.
        func commit() -> String? {
            guard let path = temporary else { return nil }
            temporary = nil
            guard rename(path, url.path) == 0 else {
                let warning = "the build report could not be put at \(url.path) (\(String(cString: strerror(errno))))"
                unlink(path)
                return warning
            }
            return nil
        }
    }
}
