import Foundation

/// The stages that finish the staged site before anything leaves the staging folder.
extension BuildContext {
    /// `writeManifest`: the output marker and the build manifest written into the staged site.
    mutating func writeManifest() throws(VitrineError) {
        let folder = staging!.url
        try publisher.writeMarker(in: folder)
        do {
            try manifest.data.write(to: folder.appendingPathComponent(BuildManifest.fileName))
        } catch {
            throw VitrineError("write \(BuildManifest.fileName): \(error.localizedDescription)", kind: .output)
        }
        if rebuild.reuse == nil { written.files += 2 }  // the marker and the manifest
    }

    /// `checkLinks` (`--strict`): the same link check as `vitrine check`, on the staged site.
    func checkLinks() throws(VitrineError) {
        let problems = try LinkCheck.problems(in: staging!.url, sitePath: site.config.sitePath)
        guard problems.isEmpty else {
            for problem in problems { logger.error("\(problem)") }
            throw VitrineError("check links: \(Format.count(problems.count, "problem", "problems")) (--strict); the previous site was kept", kind: .brokenLinks)
        }
    }
}
