import VitrineKit

extension BuildStamp {
    /// What `vitrine --version` prints: `vitrine 0.2.0 (a1b2c3d, 2026-11-30)` from a build of
    /// scripts/install.sh or scripts/dist.sh, just `vitrine 0.2.0` from a plain `swift build`.
    /// Only the version goes into page keys; the commit and date never reach a site.
    static var versionLine: String {
        let known = [commit, date].compactMap { $0 }
        return "vitrine \(VitrineVersion.current)" + (known.isEmpty ? "" : " (\(known.joined(separator: ", ")))")
    }

    /// Built by the install or dist script: a copy meant to stand alone, which uses its own
    /// embedded theme even when the source tree it came from is still there.
    static var isInstalled: Bool { date != nil }
}
