import Foundation
import Testing
import VitrineTemplate

/// Runs every case of the Mustache spec (`../shared/mustache-spec/*.json` beside the
/// repository, read at test time), except the optional lambdas.
@Suite("Mustache spec")
struct SpecTests {
    static let files = ["comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance", "~dynamic-names"]

    /// `../shared/mustache-spec`, from the package root found above this file.
    static var specFolder: URL {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path), folder.path != "/" {
            folder.deleteLastPathComponent()
        }
        return folder.deletingLastPathComponent().appendingPathComponent("shared/mustache-spec", isDirectory: true)
    }

    struct SpecFile: Decodable {
        let tests: [SpecCase]
    }

    struct SpecCase: Decodable {
        let name: String
        let data: TemplateValue
        let template: String
        let partials: [String: String]?
        let expected: String
    }

    @Test("every spec file passes", arguments: files)
    func specFile(_ file: String) throws {
        let url = Self.specFolder.appendingPathComponent("\(file).json")
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("the Mustache spec is missing: expected \(url.path) (clone `shared/` beside the repository)")
            return
        }
        let spec = try JSONDecoder().decode(SpecFile.self, from: Data(contentsOf: url))
        #expect(!spec.tests.isEmpty)
        for test in spec.tests {
            var sources = test.partials ?? [:]
            sources["__test__"] = test.template
            let result: String
            do {
                let library = try TemplateLibrary(sources)
                result = String(decoding: try library.render("__test__", test.data), as: UTF8.self)
            } catch {
                Issue.record("\(file) / \(test.name): \(error)")
                continue
            }
            #expect(result == test.expected, "\(file) / \(test.name)\ntemplate: \(test.template.debugDescription)")
        }
    }
}

extension TemplateValue: Decodable {
    /// Decodes any JSON value of a spec file.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Int.self) {
            self = .int(number)
        } else if let number = try? container.decode(Double.self) {
            self = .double(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else if let items = try? container.decode([TemplateValue].self) {
            self = .list(items)
        } else {
            let object = try container.decode([String: TemplateValue].self)
            self = .object(TemplateObject(object.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }))
        }
    }
}
