import Foundation

extension BuildContext {
    /// `copyAssets`: theme assets and static files copied. The staged site is then complete
    /// but for what is carried over, so its manifest is made here, and with it the decision
    /// whether there is anything to publish: when the staged site is the output as it is,
    /// the staging folder is put aside and the output stays.
    mutating func copyAssets() throws(VitrineError) {
        written.add(try renderer.copy(theme.assets + staticFiles))
        var manifest = BuildManifest(entries: written.manifest)
        // The digests of the files copied (theme assets, static files), from the manifest:
        // a handful of its entries, looked up without a dictionary of every page.
        let copied = Set(inputsDigest.copied.map(\.path))
        var copies: [String: StableHasher.Digest] = [:]
        for entry in written.manifest where copied.contains(entry.path) && copies[entry.path] == nil { copies[entry.path] = entry.digest }
        // A build with warnings is never skipped: the next one says them again.
        manifest.inputs = site.warnings.isEmpty && storedItemsWarning == nil ? inputsDigest.combine(files: inputDigests, copies: copies) : nil
        self.manifest = manifest
        publishes = !rebuild.isUnchanged(written: written, manifest: manifest)
        if !publishes {
            discardStaging()
            rebuild.waitForRecords()
        }
    }
}
