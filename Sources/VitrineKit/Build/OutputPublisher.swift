import Foundation

/// Puts a finished build in place. The site is written into a sibling staging folder and
/// swapped in only when every stage succeeded, so a failed build never leaves a
/// half-written site; an existing folder is replaced only if vitrine wrote it.
struct OutputPublisher {
    /// Present in every folder vitrine publishes; its absence protects folders vitrine did not make.
    static let marker = ".vitrine-output"

    let output: URL
    let label: String
    private let fileManager = FileManager.default

    init(output: URL, site: URL, label: String) throws(VitrineError) {
        self.output = output.standardizedFileURL
        self.label = label
        let outputPath = self.output.resolvingSymlinksInPath().path
        let sitePath = site.standardizedFileURL.resolvingSymlinksInPath().path
        if sitePath == outputPath || sitePath.hasPrefix(outputPath.hasSuffix("/") ? outputPath : outputPath + "/") {
            throw VitrineError("output \(label) contains the site itself; choose another --output")
        }
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: self.output.path, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else {
                throw VitrineError("output \(label) exists and is not a folder; refusing to replace it")
            }
            let contents = (try? fileManager.contentsOfDirectory(atPath: self.output.path)) ?? []
            if !contents.isEmpty, !contents.contains(Self.marker) {
                throw VitrineError("output \(label) exists and was not written by vitrine (no \(Self.marker) in it); remove it or choose another --output")
            }
        }
    }

    func makeStaging() throws(VitrineError) -> URL {
        let parent = output.deletingLastPathComponent()
        let staging = parent.appendingPathComponent(".\(output.lastPathComponent).vitrine-staging-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            try fileManager.createDirectory(at: parent, withIntermediateDirectories: true)
            if fileManager.fileExists(atPath: staging.path) { try fileManager.removeItem(at: staging) }
            try fileManager.createDirectory(at: staging, withIntermediateDirectories: false)
        } catch {
            throw VitrineError("cannot create a staging folder next to \(label): \(error.localizedDescription)")
        }
        return staging
    }

    func writeMarker(in staging: URL) throws(VitrineError) {
        let text = "This folder was written by vitrine; `vitrine build` replaces it as a whole.\n"
        do {
            try Data(text.utf8).write(to: staging.appendingPathComponent(Self.marker))
        } catch {
            throw VitrineError("write \(Self.marker): \(error.localizedDescription)")
        }
    }

    /// Swaps the staging folder in: old output aside, staging into place, old output removed.
    func publish(_ staging: URL) throws(VitrineError) {
        let old = output.deletingLastPathComponent()
            .appendingPathComponent(".\(output.lastPathComponent).vitrine-old-\(ProcessInfo.processInfo.processIdentifier)")
        do {
            if fileManager.fileExists(atPath: old.path) { try fileManager.removeItem(at: old) }
            let hadOutput = fileManager.fileExists(atPath: output.path)
            if hadOutput { try fileManager.moveItem(at: output, to: old) }
            do {
                try fileManager.moveItem(at: staging, to: output)
            } catch {
                if hadOutput { try? fileManager.moveItem(at: old, to: output) }  // put the previous site back
                throw error
            }
            if hadOutput { try fileManager.removeItem(at: old) }
        } catch {
            throw VitrineError("publish \(label): \(error.localizedDescription)")
        }
    }

    /// The previous build's manifest, when the output is a complete vitrine output that can be
    /// updated in place; nil means a full build into staging and a swap.
    func previousManifest() -> BuildManifest? {
        guard fileManager.fileExists(atPath: output.appendingPathComponent(Self.marker).path) else { return nil }
        return BuildManifest.read(in: output)
    }

    /// Applies an incremental build: the manifest goes first (an interrupted update leaves no
    /// manifest, so the next build is a full one), then each changed file is renamed from
    /// staging into place (atomic per file), files no longer planned are removed, and the new
    /// manifest is written last. Unchanged files are not touched: their mtimes stay.
    func update(from staging: URL, changed: [String], removed: [String], manifest: BuildManifest, previous: BuildManifest) throws(VitrineError) {
        let manifestURL = output.appendingPathComponent(BuildManifest.fileName)
        if changed.isEmpty, removed.isEmpty, manifest == previous {
            discard(staging)
            return
        }
        do {
            try fileManager.removeItem(at: manifestURL)
            var made: Set<String> = [""]
            for relative in changed {
                var folder = relative.split(separator: "/").dropLast().joined(separator: "/")
                var missing: [String] = []
                while !made.contains(folder), !fileManager.fileExists(atPath: output.appendingPathComponent(folder).path) {
                    missing.append(folder)
                    folder = folder.split(separator: "/").dropLast().joined(separator: "/")
                }
                for folder in missing.reversed() {
                    try fileManager.createDirectory(at: output.appendingPathComponent(folder), withIntermediateDirectories: false)
                }
                made.formUnion(missing)
                if rename(staging.appendingPathComponent(relative).path, output.appendingPathComponent(relative).path) != 0 {
                    throw FileWriter.error("move \(relative) into place")
                }
            }
            for relative in removed {
                try fileManager.removeItem(at: output.appendingPathComponent(relative))
                // Remove the page's folders while they are empty (items/<id>/, <gallery>/page/N/).
                var folder = relative.split(separator: "/").dropLast()
                while !folder.isEmpty, rmdir(output.appendingPathComponent(folder.joined(separator: "/")).path) == 0 {
                    folder = folder.dropLast()
                }
            }
            let temporary = output.appendingPathComponent(BuildManifest.fileName + ".tmp")
            try manifest.data.write(to: temporary)
            if rename(temporary.path, manifestURL.path) != 0 { throw FileWriter.error("write \(BuildManifest.fileName)") }
        } catch let error as VitrineError {
            throw error.context("publish \(label)")
        } catch {
            throw VitrineError("publish \(label): \(error.localizedDescription)")
        }
        discard(staging)
    }

    /// Removes a staging folder after a failed build.
    func discard(_ staging: URL) {
        try? fileManager.removeItem(at: staging)
    }
}
