// Writes the Swift sources of vitrine's build-tool plugins (Plugins/EmbedResources,
// Plugins/StampBuild). Runs at build time only; nothing of it ships.
//
//   vitrine-codegen embed OUTPUT ROOT PATH…   the files ROOT/PATH… as `EmbeddedFiles`
//   vitrine-codegen stamp OUTPUT COMMIT DATE  the commit and build date as `BuildStamp`
//                                             (empty strings: not known)
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("vitrine-codegen: \(message)\n".utf8))
    exit(1)
}

/// A Swift string literal of `text`, which holds only characters that need no escaping
/// beyond `"` and `\` (base64, commit ids, dates).
func literal(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

func embed(root: URL, paths: [String]) -> String {
    var lines = [
        "// Generated at build time by vitrine-codegen (Plugins/EmbedResources); do not edit.",
        "",
        "/// vitrine's own files, path (relative to the target folder) → bytes as base64.",
        "enum EmbeddedFiles {",
        "    static let base64: [String: String] = [",
    ]
    for path in paths.sorted() {
        guard let data = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
            fail("cannot read \(root.appendingPathComponent(path).path)")
        }
        lines.append("        \(literal(path)): \(literal(data.base64EncodedString())),")
    }
    if paths.isEmpty { lines.append("        :") }
    lines += ["    ]", "}", ""]
    return lines.joined(separator: "\n")
}

func stamp(commit: String, date: String) -> String {
    func optional(_ value: String) -> String { value.isEmpty ? "nil" : literal(value) }
    return """
        // Generated at build time by vitrine-codegen (Plugins/StampBuild); do not edit.

        /// What built this binary: set by scripts/install.sh and scripts/dist.sh
        /// (VITRINE_BUILD_COMMIT, VITRINE_BUILD_DATE), nil in a plain `swift build`.
        enum BuildStamp {
            static let commit: String? = \(optional(commit))
            static let date: String? = \(optional(date))
        }

        """
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else { fail("usage: vitrine-codegen embed|stamp OUTPUT …") }
let output = URL(fileURLWithPath: arguments[1])
let text: String
switch (arguments[0], arguments.count) {
case ("embed", 3...):
    text = embed(root: URL(fileURLWithPath: arguments[2], isDirectory: true), paths: Array(arguments.dropFirst(3)))
case ("stamp", 4):
    text = stamp(commit: arguments[2], date: arguments[3])
default:
    fail("usage: vitrine-codegen embed OUTPUT ROOT PATH… | stamp OUTPUT COMMIT DATE")
}
// Rewrite only a changed file, so an unchanged stamp does not recompile its target.
if FileManager.default.contents(atPath: output.path) != Data(text.utf8) {
    do {
        try Data(text.utf8).write(to: output, options: .atomic)
    } catch {
        fail("cannot write \(output.path): \(error.localizedDescription)")
    }
}
