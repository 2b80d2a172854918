import Foundation
import VitrineBytes

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A text file a person wrote — Markdown, site.yml, favorites.json, a template, a
/// translation — as vitrine reads it: UTF-8, a leading byte-order mark dropped and every
/// CRLF line end made LF, so a file saved by a Windows editor means what it says (front
/// matter found, YAML keys without a trailing `\r`). A lone CR is left as it is.
enum UserText {
    private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// The text of the file at `path` (after links; a regular file only, `FileBytes.input`),
    /// nil when there is none; errors name `label`.
    static func read(atPath path: String, label: String) throws(VitrineError) -> String? {
        guard let data = try FileBytes.input(atPath: path, label: label) else { return nil }
        return try decode(data, file: label)
    }

    /// The text of `data`, or an error naming `file` when it is not UTF-8.
    static func decode(_ data: Data, file: String) throws(VitrineError) -> String {
        guard let text = String(data: normalized(data), encoding: .utf8) else {
            throw VitrineError(file: file, "not valid UTF-8 text")
        }
        return text
    }

    /// `data` without a leading byte-order mark and with CRLF made LF; the same bytes (no
    /// copy) when there is neither.
    static func normalized(_ data: Data) -> Data {
        let start = data.starts(with: byteOrderMark) ? data.startIndex + byteOrderMark.count : data.startIndex
        let rest = data[start...]
        // A large favorites.json without a CR costs one fast scan.
        let hasCR = ByteSearch.contains(UInt8(ascii: "\r"), in: rest)
        guard hasCR else { return start == data.startIndex ? data : Data(rest) }
        return rest.withUnsafeBytes { source in
            var bytes = [UInt8]()
            bytes.reserveCapacity(source.count)
            for (index, byte) in source.enumerated()
            where byte != UInt8(ascii: "\r") || index + 1 == source.count || source[index + 1] != UInt8(ascii: "\n") {
                bytes.append(byte)
            }
            return Data(bytes)
        }
    }
}
