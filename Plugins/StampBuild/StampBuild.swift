import Foundation
import PackagePlugin

/// Writes `BuildStamp` into the target: the commit and build date that `vitrine --version`
/// prints, from `VITRINE_BUILD_COMMIT` and `VITRINE_BUILD_DATE` when the build was started
/// with them (scripts/build-static.sh does), nil otherwise. They are arguments of the
/// command, so a changed value re-runs it and an unchanged one leaves the target built.
@main
struct StampBuild: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let environment = ProcessInfo.processInfo.environment
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("BuildStamp.swift")
        return [
            .buildCommand(
                displayName: "Stamping \(target.name)",
                executable: try context.tool(named: "vitrine-codegen").url,
                arguments: [
                    "stamp", output.path,
                    environment["VITRINE_BUILD_COMMIT"] ?? "", environment["VITRINE_BUILD_DATE"] ?? "",
                ],
                inputFiles: [],
                outputFiles: [output]
            )
        ]
    }
}
