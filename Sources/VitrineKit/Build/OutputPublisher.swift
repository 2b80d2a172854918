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
            let contents: [String]
            do {
                contents = try fileManager.contentsOfDirectory(atPath: self.output.path)
            } catch {
                // A folder vitrine cannot list is never taken for an empty one.
                throw VitrineError("output \(label) cannot be read (\(error.localizedDescription)); refusing to replace it")
            }
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

    /// Applies an incremental build as one transaction. Every file it replaces or removes —
    /// and the old manifest — is first moved into a sibling backup folder (a rename on the
    /// same file system), so a failure at any point puts the previous site back exactly;
    /// only after the new manifest is in place is the backup deleted. Unchanged files are
    /// not touched: their mtimes stay. A file already gone (deleted by hand) is not an error.
    func update(from staging: URL, changed: [String], removed: [String], manifest: BuildManifest, previous: BuildManifest) throws(VitrineError) {
        let manifestURL = output.appendingPathComponent(BuildManifest.fileName)
        if changed.isEmpty, removed.isEmpty, manifest == previous {
            discard(staging)
            return
        }
        var transaction = Transaction(output: output, backup: output.deletingLastPathComponent()
            .appendingPathComponent(".\(output.lastPathComponent).vitrine-backup-\(ProcessInfo.processInfo.processIdentifier)"))
        do {
            try transaction.begin()
            try transaction.moveAside(BuildManifest.fileName)
            for relative in changed {
                try transaction.place(staging.appendingPathComponent(relative), at: relative)
            }
            for relative in removed {
                try transaction.moveAside(relative)
            }
            let temporary = output.appendingPathComponent(BuildManifest.fileName + ".tmp")
            try manifest.data.write(to: temporary)
            if rename(temporary.path, manifestURL.path) != 0 { throw FileWriter.error("write \(BuildManifest.fileName)") }
        } catch {
            let rolledBack = transaction.rollBack()
            discard(staging)
            let reason = (error as? VitrineError)?.message ?? error.localizedDescription
            throw VitrineError("publish \(label): \(reason); \(rolledBack ? "the previous site was restored" : "restoring the previous site failed: delete \(label) and build again")")
        }
        transaction.commit(pruning: removed)
        discard(staging)
    }

    /// The journal of an in-place update: what was moved aside, what was placed, which
    /// folders were made — enough to undo it all.
    private struct Transaction {
        let output: URL
        let backup: URL
        private var placed: [(relative: String, replaced: Bool)] = []
        private var asideOnly: [String] = []
        private var madeFolders: [String] = []
        private let fileManager = FileManager.default

        init(output: URL, backup: URL) {
            self.output = output
            self.backup = backup
        }

        mutating func begin() throws {
            if fileManager.fileExists(atPath: backup.path) { try fileManager.removeItem(at: backup) }
            try fileManager.createDirectory(at: backup, withIntermediateDirectories: false)
        }

        /// Moves an output file into the backup; false when there was none.
        @discardableResult
        mutating func moveAside(_ relative: String, recordRemoval: Bool = true) throws -> Bool {
            let source = output.appendingPathComponent(relative)
            guard fileManager.fileExists(atPath: source.path) else { return false }
            let target = backup.appendingPathComponent(relative)
            try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            if rename(source.path, target.path) != 0 { throw FileWriter.error("move \(relative) aside") }
            if recordRemoval { asideOnly.append(relative) }
            return true
        }

        /// Puts a staged file in place, keeping the one it replaces in the backup.
        mutating func place(_ staged: URL, at relative: String) throws {
            try makeFolders(for: relative)
            let replaced = try moveAside(relative, recordRemoval: false)
            placed.append((relative, replaced))
            if rename(staged.path, output.appendingPathComponent(relative).path) != 0 {
                throw FileWriter.error("move \(relative) into place")
            }
        }

        private mutating func makeFolders(for relative: String) throws {
            var folder = relative.split(separator: "/").dropLast().joined(separator: "/")
            var missing: [String] = []
            while !folder.isEmpty, !fileManager.fileExists(atPath: output.appendingPathComponent(folder).path) {
                missing.append(folder)
                folder = folder.split(separator: "/").dropLast().joined(separator: "/")
            }
            for folder in missing.reversed() {
                try fileManager.createDirectory(at: output.appendingPathComponent(folder), withIntermediateDirectories: false)
                madeFolders.append(folder)
            }
        }

        /// Undoes everything, newest first. True when the previous site is whole again.
        func rollBack() -> Bool {
            var ok = true
            func restore(_ relative: String) {
                let saved = backup.appendingPathComponent(relative)
                let target = output.appendingPathComponent(relative)
                do {
                    try fileManager.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                } catch {
                    ok = false
                }
                if rename(saved.path, target.path) != 0 { ok = false }
            }
            for entry in placed.reversed() {
                unlink(output.appendingPathComponent(entry.relative).path)
                if entry.replaced { restore(entry.relative) }
            }
            for relative in asideOnly.reversed() { restore(relative) }
            for folder in madeFolders.reversed() { rmdir(output.appendingPathComponent(folder).path) }
            if ok { try? fileManager.removeItem(at: backup) }
            return ok
        }

        /// Success: drop the backup, then the folders removed pages left empty.
        func commit(pruning removed: [String]) {
            try? fileManager.removeItem(at: backup)
            for relative in removed {
                var folder = relative.split(separator: "/").dropLast()
                while !folder.isEmpty, rmdir(output.appendingPathComponent(folder.joined(separator: "/")).path) == 0 {
                    folder = folder.dropLast()
                }
            }
        }
    }

    /// Removes a staging folder after a failed build.
    func discard(_ staging: URL) {
        try? fileManager.removeItem(at: staging)
    }
}
