import Foundation
import Testing

@testable import VitrineKit

/// The manifest is read byte by byte (an unchanged rebuild of a large site does little else):
/// what it writes it reads back, and a manifest it cannot trust is no manifest at all.
@Suite("build manifest")
struct BuildManifestTests {
    static func digest(_ text: String) -> StableHasher.Digest {
        var hasher = StableHasher()
        hasher.combine(text)
        return hasher.finalize()
    }

    static func parse(_ text: String) -> BuildManifest? {
        BuildManifest.parse(Data(text.utf8))
    }

    @Test("what is written is read back: paths with spaces, non-ASCII and many levels, the inputs digest")
    func roundTrip() {
        var manifest = BuildManifest()
        manifest.inputs = Self.digest("inputs")
        manifest.entries = ["index.html", "items/giphy-a b/index.html", "items/books-한국어/index.html", "a/b/c/d/e.js", "..hidden/x", "x..y/z"]
            .map { ($0, Self.digest($0)) }
        let data = manifest.data
        let read = BuildManifest.parse(data)
        #expect(read == manifest)
        // The hex the writer spells is the digest's own description.
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\(Self.digest("index.html")) index.html\n"))
        #expect(text.hasPrefix("vitrine-manifest/2\ninputs \(Self.digest("inputs"))\n"))
    }

    @Test("an older manifest is read without an inputs digest")
    func olderHeader() throws {
        let manifest = try #require(Self.parse("vitrine-manifest/1\n\(Self.digest("a")) a.html\n"))
        #expect(manifest.inputs == nil && manifest.entries.map(\.path) == ["a.html"])
        #expect(Array("0123456789ABCDEFabcdef0123456789".utf8).withUnsafeBytes { StableHasher.Digest(hex: $0) } != nil)
    }

    @Test("a digest reads back from its hex, and only hex digits spell one")
    func hexDigits() {
        func digest(_ text: String) -> StableHasher.Digest? {
            Array(text.utf8).withUnsafeBytes { StableHasher.Digest(hex: $0) }
        }
        let known = StableHasher.Digest(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)
        #expect(digest(known.description) == known)
        #expect(digest("0123456789ABCDEFfedcba9876543210") == known)
        // Each byte next to a digit range, and one too many or too few digits.
        for stray in ["/", ":", "@", "G", "`", "g", " ", "\u{7F}"] {
            for position in [0, 15, 16, 31] {
                var text = Array(known.description)
                text[position] = Character(stray)
                #expect(digest(String(text)) == nil, "\(stray) at \(position)")
            }
        }
        #expect(digest(known.description + "0") == nil)
        #expect(digest(String(known.description.dropLast())) == nil)
    }

    @Test(
        "a manifest that could lead outside the output, or is not one, is refused",
        arguments: [
            "vitrine-manifest/2\n0123456789abcdef0123456789abcdef /etc/passwd\n",
            "vitrine-manifest/2\n0123456789abcdef0123456789abcdef ../up\n",
            "vitrine-manifest/2\n0123456789abcdef0123456789abcdef a/../../up\n",
            "vitrine-manifest/2\n0123456789abcdef0123456789abcdef a/..\n",
            "vitrine-manifest/2\n0123456789abcdef0123456789abcdef ..\n",
            "vitrine-manifest/2\n0123456789abcdef0123456789abcdeg a.html\n",
            "vitrine-manifest/2\n0123456789abcdef0123456789abcde a.html\n",
            "vitrine-manifest/2\n0123456789abcdef0123456789abcdef\n",
            "vitrine-manifest/2\ninputs 0123\n",
            "vitrine-manifest/9\n0123456789abcdef0123456789abcdef a.html\n",
            "",
        ])
    func refused(_ text: String) {
        #expect(Self.parse(text) == nil)
        #expect(BuildManifest.Summary(Data(text.utf8)) == nil, "an unchanged rebuild trusts it no more than a full parse")
    }

    @Test("an unchanged rebuild's summary has the parse's inputs digest, file count and page count")
    func summary() throws {
        var manifest = BuildManifest()
        manifest.inputs = Self.digest("inputs")
        manifest.entries = ["index.html", "gallery/index.html", "gallery/page/2/index.html", "items/a/index.html", "items/b/other.html", "feed.xml", "x/myindex.html"]
            .map { ($0, Self.digest($0)) }
        var text = String(decoding: manifest.data, as: UTF8.self)
        text = text.replacingOccurrences(of: "\n", with: "\n\n")  // empty lines are passed over, as by the parse
        let summary = try #require(BuildManifest.Summary(Data(text.utf8)))
        let parsed = try #require(Self.parse(text))
        #expect(parsed == manifest)
        #expect(summary.inputs == parsed.inputs && summary.entries == 7 && summary.pages == parsed.pageCount && summary.pages == 6)
        let older = try #require(BuildManifest.Summary(Data("vitrine-manifest/1\n\(Self.digest("a")) index.html".utf8)))
        #expect(older.inputs == nil && older.entries == 1 && older.pages == 1, "no newline at the end")

        // The first two lines alone give the same inputs digest, and say nothing of the rest.
        #expect(BuildManifest.inputs(in: Data(text.utf8)) == .some(summary.inputs))
        #expect(BuildManifest.inputs(in: Data("vitrine-manifest/1\n\(Self.digest("a")) index.html".utf8)) == .some(nil))
        #expect(BuildManifest.inputs(in: Data((text + "not a line\n").utf8)) == .some(summary.inputs))
        #expect(BuildManifest.Summary(Data((text + "not a line\n").utf8)) == nil)
        for refused in ["", "vitrine-manifest/9\n", "vitrine-manifest/2\ninputs 0123\n", "inputs \(Self.digest("x"))\n"] {
            #expect(BuildManifest.inputs(in: Data(refused.utf8)) == nil, "\(refused)")
        }
    }

    @Test("a file hashed in pieces has the digest of its bytes hashed at once, whatever the piece size; a missing file and a folder are told apart")
    func aFileHashedInPiecesHasTheDigestOfItsBytes() throws {
        let folder = try TestSupport.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("catalog.json")
        var generator = SystemRandomNumberGenerator()
        for count in [0, 1, 7, 8, 9, 15, 16, 17, 31, 32, 33, 40, 63, 64, 65, 95, 96, 97, 1000, 4099] {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            try Data(bytes).write(to: file)
            let expected = bytes.withUnsafeBytes { StableHasher.digest($0) }
            for bufferSize in [1, 16, 24, 40, 1 << 20] {
                #expect(StableHasher.digestOfFile(atPath: file.path, bufferSize: bufferSize) == .digest(expected), "\(count) bytes in pieces of \(bufferSize)")
            }
        }
        #expect(StableHasher.digestOfFile(atPath: folder.appendingPathComponent("absent").path) == .missing)
        #expect(StableHasher.digestOfFile(atPath: folder.path) == .unreadable)
    }

    @Test("flipping any one bit of a run, or moving bytes between two runs, changes the digest")
    func everyBitCounts() {
        var generator = SystemRandomNumberGenerator()
        for count in [1, 8, 31, 32, 33, 64, 100, 257] {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let original = bytes.withUnsafeBytes { StableHasher.digest($0) }
            var seen: Set<StableHasher.Digest> = [original]
            for bit in 0..<(count * 8) {
                var flipped = bytes
                flipped[bit / 8] ^= 1 << UInt8(bit % 8)
                let digest = flipped.withUnsafeBytes { StableHasher.digest($0) }
                #expect(seen.insert(digest).inserted, "bit \(bit) of \(count) bytes")
            }
            // The same bytes split differently between two runs (`combine(bytes:)` twice).
            var splits: Set<StableHasher.Digest> = []
            for split in 0...count {
                var hasher = StableHasher()
                bytes.withUnsafeBytes { all in
                    hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: all[..<split]))
                    hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: all[split...]))
                }
                splits.insert(hasher.finalize())
            }
            #expect(splits.count == count + 1, "\(count) bytes split \(count + 1) ways")
        }
    }

    @Test("an earlier build's digests are found by a page's place in the plan, or by path when the pages moved")
    func previousDigestsByPlaceOrByPath() {
        let pages = ["index.html", "cats/index.html", "items/a/index.html", "items/b/index.html"]
        var manifest = BuildManifest()
        manifest.entries = (pages + ["assets/vitrine.css", "CNAME"]).map { ($0, Self.digest($0)) }
        // The same pages in the same order; pages added, removed and reordered; no manifest.
        let plans = [pages, ["index.html", "items/b/index.html", "dogs/index.html", "cats/index.html"], ["index.html"], []]
        for plan in plans {
            let previous = BuildManifest.Previous(manifest, pages: plan.count) { plan[$0] }
            for (index, path) in plan.enumerated() {
                #expect(previous.digest(for: path, page: index) == (pages.contains(path) ? Self.digest(path) : nil), "\(path) in \(plan)")
            }
            #expect(previous.digest(for: "assets/vitrine.css") == Self.digest("assets/vitrine.css"))
            #expect(previous.digest(for: "CNAME") == Self.digest("CNAME"))
            #expect(previous.digest(for: "dogs/index.html") == nil)
        }
        #expect(BuildManifest.Previous.none.digest(for: "index.html", page: 0) == nil)
        #expect(BuildManifest.Previous(BuildManifest(), pages: 1) { _ in "index.html" }.digest(for: "index.html", page: 0) == nil)
    }
}
