import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileBytes {
    /// An input's bytes — a file of the site, which may hold anything: the file at `path`
    /// (after links), or nil when there is none. Opened without waiting: a named pipe in a
    /// file's place would block the open until some writer came, and the build with it,
    /// beyond Ctrl-C. Only a regular file is read; a folder, pipe, socket or device is
    /// refused with one line naming `label`.
    static func input(atPath path: String, label: String) throws(VitrineError) -> Data? {
        let fd = openWithoutWaiting(path)
        guard fd >= 0 else {
            // No file there, or a file where the path needs a folder.
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw VitrineError(file: label, "cannot read: \(String(cString: strerror(errno)))")
        }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw VitrineError(file: label, "cannot read: \(String(cString: strerror(errno)))") }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw VitrineError(file: label, "is a folder; a file was expected here")
        default: throw VitrineError(file: label, "is not a regular file (a named pipe, socket or device); a file was expected here")
        }
        if isSystemFile(fd) {
            throw VitrineError(file: label, "leads into /proc or /sys: a file of the system (its environment, its keys), never a site's")
        }
        guard let data = read(descriptor: fd) else { throw VitrineError(file: label, "cannot read: \(String(cString: strerror(errno)))") }
        return data
    }
}
