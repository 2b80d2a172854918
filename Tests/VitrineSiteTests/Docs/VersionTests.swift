import Foundation
import Testing

@testable import VitrineKit
@testable import VitrineKitTests

/// Issue 38, item 2: one version, from `VitrineVersion.current`, in `--version`, the README
/// and the workflows (the man page takes its footer from `--version` when it is made).
@Suite("one version")
struct VersionTests {
    /// Every `vitrine X.Y.Z`, `vX.Y.Z` and `vitrine-X.Y.Z` in `text`.
    static func versions(in text: String) throws -> Set<String> {
        let pattern = try NSRegularExpression(pattern: #"(?:vitrine[ -]|\bv=?|\bv)(\d+\.\d+\.\d+)\b"#)
        return Set(
            pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
                String(text[Range($0.range(at: 1), in: text)!])
            })
    }

    @Test(arguments: ["README.md", ".github/workflows/pages.yml", ".github/workflows/release.yml"])
    func theDocumentsNameTheBinarysVersion(file: String) async throws {
        let text = try String(contentsOf: TestSupport.packageRoot.appendingPathComponent(file), encoding: .utf8)
        let found = try Self.versions(in: text)
        #expect(found == [VitrineVersion.current], "\(file) names \(found.sorted()), the binary is \(VitrineVersion.current)")
    }

    @Test func theBinaryPrintsIt() async throws {
        let run = try await TestSupport.spawn(["--version"], in: try TestSupport.temporaryDirectory())
        #expect(run.status == 0)
        #expect(run.stdout.hasPrefix("vitrine \(VitrineVersion.current)"), "\(run.stdout)")
    }
}
