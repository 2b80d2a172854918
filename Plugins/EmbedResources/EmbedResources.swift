import Foundation
import PackagePlugin

/// Compiles the files of the target's `Theme/` and `Scaffold/` folders into the target as
/// `EmbeddedFiles` (base64), so the binary carries vitrine's default theme and the samples of
/// `vitrine new` wherever it is copied. Hidden files (a leading `.`) are left out, as the
/// theme loader leaves them out.
@main
struct EmbedResources: BuildToolPlugin {
    static let folders = ["Theme", "Scaffold"]

    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let root = (target as? SwiftSourceModuleTarget)?.directoryURL else {
            throw EmbedError(message: "EmbedResources applies to Swift targets, not \(target.name)")
        }
        var paths: [String] = []
        for folder in Self.folders {
            paths += try Self.files(under: folder, in: root)
        }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(Self.folders.joined(separator: ", ")) in \(target.name)",
                executable: try context.tool(named: "vitrine-codegen").url,
                arguments: ["embed", output.path, root.path] + paths,
                inputFiles: paths.map { root.appendingPathComponent($0) },
                outputFiles: [output]
            )
        ]
    }

    /// Regular files under `root/folder`, as sorted paths relative to `root`.
    static func files(under folder: String, in root: URL) throws -> [String] {
        let base = root.appendingPathComponent(folder, isDirectory: true)
        guard
            let enumerator = FileManager.default.enumerator(
                at: base, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]
            )
        else {
            throw EmbedError(message: "cannot list \(base.path)")
        }
        let prefix = base.standardizedFileURL.path + "/"
        var paths: [String] = []
        for case let url as URL in enumerator where try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true {
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(prefix) else { continue }
            paths.append(folder + "/" + path.dropFirst(prefix.count))
        }
        return paths.sorted()
    }
}

struct EmbedError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
