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
        var bytes: [UInt8] = Array(Self.header.utf8) + [0x0A]
        bytes.reserveCapacity(entries.count * 80)
        if let inputs {
            bytes += "inputs ".utf8
            inputs.appendHex(to: &bytes)
            bytes.append(0x0A)
        }
        for entry in entries {
            entry.digest.appendHex(to: &bytes)
            bytes.append(0x20)
            bytes += entry.path.utf8
            bytes.append(0x0A)
        }
        return Data(bytes)
    }

    /// The previous build's manifest, or nil when there is none or it is not one vitrine can
    /// read. Read byte by byte: it has a line per file of the site, and an unchanged rebuild
    /// does little else.
    static func read(in output: URL) -> BuildManifest? {
        guard let data = FileBytes.read(atPath: output.appendingPathComponent(fileName).path) else { return nil }
        return data.withUnsafeBytes { parse(UnsafeRawBufferPointer($0)) }
    }

    static func parse(_ bytes: UnsafeRawBufferPointer) -> BuildManifest? {
        var lines: [Range<Int>] = []
        var start = 0
        for index in 0..<bytes.count where bytes[index] == 0x0A {
            if index > start { lines.append(start..<index) }
            start = index + 1
        }
        if bytes.count > start { lines.append(start..<bytes.count) }
        guard let first = lines.first else { return nil }
        let firstLine = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[first]), as: UTF8.self)
        guard firstLine == header || olderHeaders.contains(Substring(firstLine)) else { return nil }
        var rest = lines.dropFirst()
        var manifest = BuildManifest()
        let inputsPrefix = Array("inputs ".utf8)
        if firstLine == header, let line = rest.first, bytes[line].starts(with: inputsPrefix) {
            guard line.count == inputsPrefix.count + 32,
                let digest = StableHasher.Digest(hex: UnsafeRawBufferPointer(rebasing: bytes[(line.lowerBound + inputsPrefix.count)...].prefix(32)))
            else { return nil }
            manifest.inputs = digest
            rest = rest.dropFirst()
        }
        manifest.entries.reserveCapacity(rest.count)
        for line in rest {
            // `<32 hex digits> <path>`
            guard line.count > 33, bytes[line.lowerBound + 32] == 0x20,
                let digest = StableHasher.Digest(hex: UnsafeRawBufferPointer(rebasing: bytes[line.lowerBound..<(line.lowerBound + 32)]))
            else { return nil }
            let path = UnsafeRawBufferPointer(rebasing: bytes[(line.lowerBound + 33)..<line.upperBound])
            // Relative, and never through `..`: a manifest names files inside the output.
            guard path.first != UInt8(ascii: "/"), !climbs(path) else { return nil }
            manifest.entries.append((String(decoding: path, as: UTF8.self), digest))
        }
        return manifest
    }

    /// True when a `/`-separated path has a `..` component. Checked without splitting: a
    /// manifest has a line per file of the site.
    private static func climbs(_ path: UnsafeRawBufferPointer) -> Bool {
        var componentStart = 0
        for index in 0...path.count where index == path.count || path[index] == UInt8(ascii: "/") {
            if index - componentStart == 2, path[componentStart] == UInt8(ascii: "."), path[componentStart + 1] == UInt8(ascii: ".") { return true }
            componentStart = index + 1
        }
        return false
    }
}
