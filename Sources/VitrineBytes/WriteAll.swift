import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes the whole buffer to the file open at `fd`, retrying on `EINTR` and after short
/// writes; false (with `errno` set) on failure.
public func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let count = posixWrite(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += count
    }
    return true
}

/// `writeAll(_:_:)` of an array's bytes.
public func writeAll(_ fd: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { writeAll(fd, $0) }
}

/// `writeAll(_:_:)` of `data`'s bytes.
public func writeAll(_ fd: Int32, _ data: Data) -> Bool {
    data.withUnsafeBytes { writeAll(fd, $0) }
}

/// `link(2)`: a hard link at `target` to the file at `source`, never following a link at
/// `source`; 0, or -1 with `errno` set.
public func hardLink(_ source: String, _ target: String) -> Int32 {
    #if canImport(Glibc)
        Glibc.link(source, target)
    #else
        Darwin.link(source, target)
    #endif
}

private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
    #else
        Darwin.write(fd, buffer, count)
    #endif
}
