import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole files read into memory, the large ones into memory mapped for them in one call
/// (`MAP_POPULATE`: it comes with its pages, and the read is a copy, rather than faulting in
/// new pages one by one). The memory is the process's own, not a mapping of the file: a file
/// truncated while it is read gives fewer bytes, never a crash.
public enum FileBytes {
    /// Below this, `Data(contentsOf:)`'s ordinary memory is as fast.
    public static let mappedFrom = 1 << 20

    /// Whether the file open at `fd` is one of the kernel's (`/proc`, `/sys`): such a file
    /// looks regular and empty, then reads as the process's environment and keys.
    public static func isSystemFile(_ fd: Int32) -> Bool {
        #if os(Linux)
            // Where the descriptor leads, every link resolved (the kernel's own answer).
            var buffer = [CChar](repeating: 0, count: 4096)
            let count = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
            guard count > 0 else { return false }
            let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return path.hasPrefix("/proc/") || path.hasPrefix("/sys/")
        #else
            return false
        #endif
    }

    /// Opens `path` to read without waiting: a named pipe's open would wait for a writer, and
    /// a terminal's could become the process's. The descriptor is made blocking again at once
    /// (file systems such as FUSE's may honour the flag on reads); callers read only what
    /// `fstat` shows is a regular file. -1 with `errno` set when it cannot be opened.
    /// With `followingLinks: false`, a symbolic link is not opened (`ELOOP`).
    public static func openWithoutWaiting(_ path: String, followingLinks: Bool = true) -> Int32 {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | (followingLinks ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return -1 }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        return fd
    }

    /// The bytes of the file at `path`; on failure, nil with `errno` set.
    /// Only a regular file is read (a pipe would block, `/dev/zero` never end: EINVAL); with
    /// `followingLinks: false` (vitrine's own files beside the output), never through a link.
    public static func read(atPath path: String, followingLinks: Bool = true) -> Data? {
        let fd = openWithoutWaiting(path, followingLinks: followingLinks)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFREG else {
            errno = EINVAL
            return nil
        }
        return read(descriptor: fd)
    }

    /// What is left to read of the file open at `fd` (left open); on failure, nil with
    /// `errno` set.
    public static func read(descriptor fd: Int32) -> Data? {
        var status = stat()
        guard fstat(fd, &status) == 0 else { return nil }
        guard status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) >= mappedFrom else {
            return readToEnd(fd)
        }
        let size = Int(status.st_size)
        #if os(Linux)
            let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_POPULATE
        #else
            let flags = MAP_PRIVATE | MAP_ANON
        #endif
        guard let memory = mmap(nil, size, PROT_READ | PROT_WRITE, flags, -1, 0), memory != MAP_FAILED else {
            return readToEnd(fd)
        }
        var count = 0
        while count < size {
            let got = readSome(fd, memory + count, size - count)
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else {
                let saved = errno
                munmap(memory, size)
                errno = saved
                return nil
            }
            if got == 0 { break }  // truncated meanwhile
            count += got
        }
        return Data(bytesNoCopy: memory, count: count, deallocator: .custom { pointer, _ in munmap(pointer, size) })
    }
}

/// Reads what is left of `fd` into ordinary memory; nil on failure.
private func readToEnd(_ fd: Int32) -> Data? {
    do {
        return try FileHandle(fileDescriptor: fd, closeOnDealloc: false).readToEnd() ?? Data()
    } catch {
        errno = EIO
        return nil
    }
}

/// `read(2)`, out of `FileBytes`, whose own `read` would hide it.
private func readSome(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
