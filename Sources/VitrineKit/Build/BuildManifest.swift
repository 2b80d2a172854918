import Foundation

/// `.vitrine-manifest` in the output: one line per file vitrine wrote, with the digest of
/// what it was made from (a page key, see `PageKeys`) or of its bytes (pages rendered every
/// time, assets). Written last; while an incremental update is being applied it is absent,
/// so an interrupted update is followed by a full build.
struct BuildManifest: Sendable, Equatable {
    static let fileName = ".vitrine-manifest"
    static let header = "vitrine-manifest/2"
    /// Manifests of earlier versions, read without an inputs digest.
    static let olderHeaders: Set<Substring> = ["vitrine-manifest/1"]

    /// Relative path → digest, in plan order.
    var entries: [(path: String, digest: StableHasher.Digest)] = []
    /// The digest of every input the build read (`InputsDigest`), when it could be made.
    var inputs: StableHasher.Digest?

    static func == (lhs: BuildManifest, rhs: BuildManifest) -> Bool {
        lhs.inputs == rhs.inputs && lhs.entries.elementsEqual(rhs.entries) { $0.path == $1.path && $0.digest == $1.digest }
    }

    /// Pages (`index.html` files) in the manifest.
    var pageCount: Int {
        entries.count { $0.path == "index.html" || $0.path.hasSuffix("/index.html") }
    }

    var lookup: [String: StableHasher.Digest] {
        Dictionary(entries.map { ($0.path, $0.digest) }, uniquingKeysWith: { first, _ in first })
    }

    var data: Data {
        var text = Self.header + "\n"
        text.reserveCapacity(entries.count * 80)
        if let inputs { text += "inputs \(inputs)\n" }
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
        guard let first = lines.first, first == Substring(header) || olderHeaders.contains(first) else { return nil }
        lines = lines.dropFirst()
        var manifest = BuildManifest()
        if first == Substring(header), let line = lines.first, line.hasPrefix("inputs ") {
            guard let digest = StableHasher.Digest(line.dropFirst("inputs ".count)) else { return nil }
            manifest.inputs = digest
            lines = lines.dropFirst()
        }
        manifest.entries.reserveCapacity(lines.count)
        for line in lines {
            // `<32 hex digits> <path>`, read by bytes: a manifest has a line per file.
            let utf8 = line.utf8
            guard utf8.count > 33, utf8[utf8.index(utf8.startIndex, offsetBy: 32)] == UInt8(ascii: " "),
                let digest = StableHasher.Digest(line.prefix(32))
            else { return nil }
            let path = String(line.dropFirst(33))
            guard !path.hasPrefix("/"), path != "..", !path.hasPrefix("../"), !path.hasSuffix("/.."), !path.contains("/../") else { return nil }
            manifest.entries.append((path, digest))
        }
        return manifest
    }
}
