import Foundation
import Testing
import Yams

/// The README's template reference and the page models cannot drift apart, and the CI
/// recipes at least parse and call vitrine as documented.
@Suite("docs")
struct DocsTests {
    static let readme = (try? String(contentsOf: TestSupport.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""

    /// Backticked names in the "main variables" column of the README's template table.
    static func documentedVariables() -> Set<String> {
        guard let start = readme.range(of: "| template | model | main variables |") else { return [] }
        var names: Set<String> = []
        for line in readme[start.upperBound...].split(separator: "\n").dropFirst() {
            guard line.hasPrefix("|") else { break }
            let columns = line.split(separator: "|", omittingEmptySubsequences: false)
            guard columns.count >= 4 else { continue }
            let text = String(columns[3])
            let pattern = try! NSRegularExpression(pattern: #"`([A-Za-z][A-Za-z0-9]*)(\[\])?`"#)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                names.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
            // `gif`/`movie`/`book`/`app` and "(`src`, `alt`, …)" lists are caught by the same pattern.
        }
        return names
    }

    /// Stored properties of every page model (`let`, or a `var` with no body: optional parts
    /// such as `owner` that most pages leave out).
    static func modelProperties() throws -> Set<String> {
        let folder = TestSupport.packageRoot.appendingPathComponent("Sources/VitrineKit/Render/Models")
        let pattern = try NSRegularExpression(pattern: #"^\s*(?:public )?(?:let|var) (\w+):[^{\n]*$"#, options: .anchorsMatchLines)
        var names: Set<String> = []
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path) where file.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                names.insert(String(text[Range(match.range(at: 1), in: text)!]))
            }
        }
        return names
    }

    @Test func everyDocumentedTemplateVariableExistsInThePageModels() throws {
        let documented = Self.documentedVariables()
        #expect(documented.count > 50, "the README's template table was not found")
        let properties = try Self.modelProperties()
        #expect(documented.subtracting(properties).sorted() == [], "documented but not in any model")
    }

    @Test func everyPageModelPropertyIsDocumented() throws {
        // `RenderedHTML.html` is how `introHTML`/`bodyHTML` carry their markup, not a variable of its own.
        let undocumented = try Self.modelProperties().subtracting(Self.documentedVariables()).subtracting(["html"])
        #expect(undocumented.sorted() == [], "add these to the README's template table")
    }

    @Test(arguments: ["pages.yml", "site-artifact.yml"])
    func workflowsParseAndRunVitrine(file: String) throws {
        let url = TestSupport.packageRoot.appendingPathComponent(".github/workflows/\(file)")
        let text = try String(contentsOf: url, encoding: .utf8)
        let workflow = try #require(try Yams.load(yaml: text) as? [String: Any])
        let jobs = try #require(workflow["jobs"] as? [String: Any])
        #expect(!jobs.isEmpty)
        #expect(text.contains("apt-get install -y --no-install-recommends libcmark-dev"))
        #expect(text.contains(".build/release/vitrine build \"$SITE\""))
        #expect(text.contains("--strict"))
    }

    @Test func releaseWorkflowParsesAndAttachesTheTarball() throws {
        let url = TestSupport.packageRoot.appendingPathComponent(".github/workflows/release.yml")
        let text = try String(contentsOf: url, encoding: .utf8)
        let workflow = try #require(try Yams.load(yaml: text) as? [String: Any])
        let trigger = try #require(workflow["on"] as? [String: Any])
        let push = try #require(trigger["push"] as? [String: Any])
        #expect(push["tags"] as? [String] == ["v*"])
        let jobs = try #require(workflow["jobs"] as? [String: Any])
        let tarball = try #require(jobs["tarball"] as? [String: Any])
        let release = try #require(jobs["release"] as? [String: Any])
        #expect(release["needs"] as? String == "tarball")
        let steps = try #require(tarball["steps"] as? [[String: Any]])
        let commands = steps.compactMap { $0["run"] as? String }.joined(separator: "\n")
        #expect(commands.contains("apt-get install -y --no-install-recommends libcmark-dev"))
        #expect(commands.contains("bash scripts/dist.sh dist"))
        #expect(commands.contains("test \"$GITHUB_REF_NAME\" = \"v$version\""))
        #expect(text.contains("gh release upload \"$GITHUB_REF_NAME\" ./*.tar.gz ./*.sha256"))
        #expect(FileManager.default.isExecutableFile(atPath: TestSupport.packageRoot.appendingPathComponent("scripts/dist.sh").path))
    }
}
