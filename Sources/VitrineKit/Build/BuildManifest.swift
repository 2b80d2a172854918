import Foundation

/// `.vitrine-manifest` in the output: one line per file vitrine wrote, with the digest of
/// what it was made from (a page key, see `PageKeys`) or of its bytes (pages rendered every
/// time, assets). Written last; while an incremental update is being applied it is absent,
/// so an interrupted update is followed by a full build.
struct BuildManifest: Sendable, Equatable {
    static let fileName = ".vitrine-manifest"
    static let header = "vitrine-manifest/1"

    /// Relative path → digest, in plan order.
    var entries: [(path: String, digest: StableHasher.Digest)] = []

    static func == (lhs: BuildManifest, rhs: BuildManifest) -> Bool {
        lhs.entries.elementsEqual(rhs.entries) { $0.path == $1.path && $0.digest == $1.digest }
    }

    var lookup: [String: StableHasher.Digest] {
        Dictionary(entries.map { ($0.path, $0.digest) }, uniquingKeysWith: { first, _ in first })
    }

    var data: Data {
        var text = Self.header + "\n"
        text.reserveCapacity(entries.count * 80)
        for entry in entries {
            text += entry.digest.description
            text += " "
            text += entry.path
            text += "\n"
        }
        return Data(text.utf8)
    }

    /// The previous build's manifest, or nil when there is none or it is not one vitrine can read.
    static func read(in output: URL) -> BuildManifest? {
        guard let data = FileManager.default.contents(atPath: output.appendingPathComponent(fileName).path) else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true)[...]
        guard lines.first == Substring(header) else { return nil }
        lines = lines.dropFirst()
        var manifest = BuildManifest()
        manifest.entries.reserveCapacity(lines.count)
        for line in lines {
            guard let space = line.firstIndex(of: " "), let digest = StableHasher.Digest(line[..<space]) else { return nil }
            let path = line[line.index(after: space)...]
            guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { return nil }
            manifest.entries.append((String(path), digest))
        }
        return manifest
    }
}
