import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A text file of digests, read without a string per line: a format line, on files of the
/// current format an optional `inputs <32 hex digits>` line, then one `<32 hex digits>
/// <path>` line per file. Empty lines are passed over. A path is relative and never climbs
/// through `..`: a file that says otherwise is not one of these.
public enum DigestLines {
    /// A path as its bytes in the file being read; valid only while the walk's `entry` runs.
    public struct Path {
        let bytes: UnsafeRawBufferPointer

        /// The path as text.
        public var string: String { String(decoding: bytes, as: UTF8.self) }

        /// Whether the path's bytes end with `suffix`'s.
        public func hasSuffix(_ suffix: [UInt8]) -> Bool {
            bytes.count >= suffix.count && bytes.suffix(suffix.count).elementsEqual(suffix)
        }
    }

    /// The inputs digest of `data`, from its first two lines only; nil when the first line is
    /// neither `header` nor one of `olderHeaders`; Some(nil) without an inputs line.
    public static func inputs(in data: Data, header: String, olderHeaders: Set<Substring>) -> StableHasher.Digest?? {
        data.withUnsafeBytes { bytes in
            var lines = Lines(bytes: bytes)
            return head(&lines, header: header, olderHeaders: olderHeaders)
        }
    }

    /// Checks every line of `data`, giving each entry's path and digest to `entry`; nil when
    /// a line is not as the format says. Returns the inputs digest, as `inputs(in:)` does.
    public static func walk(
        _ data: Data, header: String, olderHeaders: Set<Substring>, entry: (Path, StableHasher.Digest) -> Void
    ) -> StableHasher.Digest?? {
        data.withUnsafeBytes { bytes in
            var lines = Lines(bytes: bytes)
            guard let inputs = head(&lines, header: header, olderHeaders: olderHeaders) else { return nil }
            while let found = lines.next() {
                // `<32 hex digits> <path>`
                guard found.count > 33, bytes[found.lowerBound + 32] == 0x20,
                    let digest = StableHasher.Digest(hex: UnsafeRawBufferPointer(rebasing: bytes[found.lowerBound..<(found.lowerBound + 32)]))
                else { return nil }
                let path = UnsafeRawBufferPointer(rebasing: bytes[(found.lowerBound + 33)..<found.upperBound])
                guard path.first != UInt8(ascii: "/"), !climbs(path) else { return nil }
                entry(Path(bytes: path), digest)
            }
            return .some(inputs)
        }
    }

    /// A buffer's lines that are not empty, one at a time.
    struct Lines {
        let bytes: UnsafeRawBufferPointer
        var start = 0

        mutating func next() -> Range<Int>? {
            while start < bytes.count {
                let newline = memchr(bytes.baseAddress! + start, 0x0A, bytes.count - start)
                let end = newline.map { UnsafeRawPointer($0) - bytes.baseAddress! } ?? bytes.count
                defer { start = end + 1 }
                if end > start { return start..<end }
            }
            return nil
        }
    }

    /// Reads the format line and the inputs line, if any. Then `lines` is at the first entry.
    private static func head(_ lines: inout Lines, header: String, olderHeaders: Set<Substring>) -> StableHasher.Digest?? {
        let bytes = lines.bytes
        guard let first = lines.next() else { return nil }
        let firstLine = UnsafeRawBufferPointer(rebasing: bytes[first])
        let current = firstLine.elementsEqual(header.utf8)
        guard current || olderHeaders.contains(where: { firstLine.elementsEqual($0.utf8) }) else { return nil }
        let inputsPrefix = Array("inputs ".utf8)
        let afterHeader = lines
        guard current, let found = lines.next(), bytes[found].starts(with: inputsPrefix) else {
            lines = afterHeader
            return .some(nil)
        }
        guard found.count == inputsPrefix.count + 32,
            let digest = StableHasher.Digest(hex: UnsafeRawBufferPointer(rebasing: bytes[(found.lowerBound + inputsPrefix.count)...].prefix(32)))
        else { return nil }
        return .some(digest)
    }

    /// True when a `/`-separated path has a `..` component. Checked without splitting: a
    /// file of this format has a line per file of a site.
    private static func climbs(_ path: UnsafeRawBufferPointer) -> Bool {
        var componentStart = 0
        for index in 0...path.count where index == path.count || path[index] == UInt8(ascii: "/") {
            if index - componentStart == 2, path[componentStart] == UInt8(ascii: "."), path[componentStart + 1] == UInt8(ascii: ".") { return true }
            componentStart = index + 1
        }
        return false
    }
}
