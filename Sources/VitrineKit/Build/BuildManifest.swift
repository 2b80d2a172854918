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
    /// The site's pages: its HTML files, 404.html included.
    var pageCount: Int {
        entries.count { $0.path.hasSuffix(".html") }
    }

    /// The digests of an earlier build's files, for the pages of a new plan.
    ///
    /// A rebuild usually plans the same pages in the same order: then a page's digest is the
    /// entry at its position in the plan, compared by path, and only the entries after the
    /// pages (assets, static files) are put in a dictionary. Otherwise every entry is.
    struct Previous: Sendable {
        private let entries: [(path: String, digest: StableHasher.Digest)]
        /// How many entries line up with the plan's pages: all of them, or none.
        private let aligned: Int
        /// The other entries by path, the first of a path kept.
        private let byPath: [String: StableHasher.Digest]

        /// No earlier build: every lookup misses.
        static let none = Previous(entries: [], aligned: 0)

        init(_ manifest: BuildManifest, plan: PagePlan) {
            self.init(manifest, pages: plan.pages.count) { plan.pages[$0].path.description }
        }

        /// For a plan of `count` pages, the one at each index at `path(index)`.
        init(_ manifest: BuildManifest, pages count: Int, path: (Int) -> String) {
            let entries = manifest.entries
            let lined = entries.count >= count && (0..<count).allSatisfy { entries[$0].path == path($0) }
            self.init(entries: entries, aligned: lined ? count : 0)
        }

        private init(entries: [(path: String, digest: StableHasher.Digest)], aligned: Int) {
            self.entries = entries
            self.aligned = aligned
            byPath = Dictionary(entries[aligned...].map { ($0.path, $0.digest) }, uniquingKeysWith: { first, _ in first })
        }

        /// The digest recorded for `path`, which is the plan's page at `index` when given.
        func digest(for path: String, page index: Int? = nil) -> StableHasher.Digest? {
            if let index, index < aligned { return entries[index].path == path ? entries[index].digest : nil }
            return byPath[path]
        }
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

    /// The previous build's manifest file's bytes, unparsed: `Summary` checks them without a
    /// string per line (an unchanged rebuild does little else), `parse` makes the entries.
    static func bytes(in output: URL) -> Data? {
        FileBytes.read(atPath: output.appendingPathComponent(fileName).path)
    }

    static func parse(_ data: Data) -> BuildManifest? {
        var manifest = BuildManifest()
        manifest.entries.reserveCapacity(data.count / 64)
        let found = DigestLines.walk(data, header: header, olderHeaders: olderHeaders) { path, digest in
            manifest.entries.append((path.string, digest))
        }
        guard let inputs = found else { return nil }
        manifest.inputs = inputs
        return manifest
    }

    /// What an unchanged rebuild needs of a manifest — its inputs digest and how many files
    /// and pages it lists — from the same checks as `parse` but without a string per line.
    struct Summary: Equatable {
        var inputs: StableHasher.Digest?
        var entries = 0
        var pages = 0

        init?(_ data: Data) {
            var (entries, pages) = (0, 0)
            let html = Array(".html".utf8)
            let found = DigestLines.walk(data, header: BuildManifest.header, olderHeaders: BuildManifest.olderHeaders) { path, _ in
                entries += 1
                if path.hasSuffix(html) { pages += 1 }
            }
            guard let found else { return nil }
            (inputs, self.entries, self.pages) = (found, entries, pages)
        }
    }

    /// The inputs digest of a manifest's bytes, from its first two lines only: what a build
    /// compares before it knows whether it needs the rest (`Summary` and `parse` check every
    /// line). nil when the bytes do not start as a manifest vitrine can read (`inputs` is nil
    /// in an older manifest, or one written by a build with warnings); Some(nil) without inputs.
    static func inputs(in data: Data) -> StableHasher.Digest?? {
        DigestLines.inputs(in: data, header: header, olderHeaders: olderHeaders)
    }
}
