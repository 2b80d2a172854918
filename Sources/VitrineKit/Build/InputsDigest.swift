import Foundation

/// One digest of everything a build reads from the site — vitrine's version and its page
/// keys' salt (`PageKeys.salt`), the options that reach pages, site.yml, favorites, every
/// snapshot and catalog, change records, content, templates, theme assets and static files — stored in the
/// output's manifest. When a rebuild finds the same digest there, the output already is the
/// site these inputs make, and nothing is parsed, rendered or written: an unchanged rebuild
/// costs reading the inputs once.
///
/// The digest stored is made from the bytes the build actually parsed and copied (the
/// `InputRecorder`'s digests and the manifest's), so a file edited during a build never
/// leaves a digest that describes pages it did not make.
struct InputsDigest {
    /// Site files read by the build, relative to the site (`site.yml`, `data/gifs.json`).
    let files: [String]
    /// Theme assets and static files: output path → source.
    let copied: [(path: String, file: URL)]
    let theme: StableHasher.Digest
    let baseURL: String?

    init(options: BuildOptions, config: SiteConfig, theme: Theme.Files, staticFiles: [(path: String, file: URL)]) {
        var files = ["site.yml", config.favorites.file]
        for gallery in config.galleries {
            files.append(gallery.inputPath)
        }
        files += config.galleries.filter { $0.source != .catalog }.map(ChangeRecord.path(of:))
        let content = options.site.appendingPathComponent("content")
        if let names = try? FileManager.default.contentsOfDirectory(atPath: content.path) {
            files += names.filter { $0.hasSuffix(".md") }.sorted().map { "content/\($0)" }
        }
        self.files = files
        self.copied = theme.assets + staticFiles
        self.theme = theme.fingerprint
        self.baseURL = options.baseURL
    }

    /// A large site file `current` had to read, with the digest of those bytes.
    struct Read {
        let bytes: Data
        let digest: StableHasher.Digest
    }

    /// The digest of the files as they are on disk now (nil when one cannot be read), and
    /// the large site files it had to read (a catalog edited since the last build), by path
    /// relative to the site: the build parses those bytes (`SiteReader.offer`) instead of
    /// reading and hashing the file again. Files whose stamp is the one `stamps` recorded
    /// are not read (`SITE/.vitrine-cache/inputs`, rewritten when it learned something).
    /// `changed` is called once, before the first file the record cannot answer for is read.
    func current(site: URL, settle: Duration = InputStamps.settle, changed: () -> Void = {}) -> (digest: StableHasher.Digest?, read: [String: Read]) {
        var told = false
        func tell() {
            guard !told else { return }
            told = true
            changed()
        }
        let location = InputStamps.location(site: site)
        let known = InputStamps(contentsOf: location)
        var stamps = known
        defer {
            stamps.keep(only: Set(files.map { site.appendingPathComponent($0).path } + copied.map(\.file.path)))
            if stamps != known { stamps.write(to: location) }
        }
        var read: [String: Read] = [:]
        func digest(of url: URL, relative: String? = nil) -> StableHasher.Digest?? {
            var bytes: Data?
            let digest = stamps.digest(
                ofFileAt: url.path, settle: settle, keptFrom: relative == nil ? .max : InputRecorder.hashedAside, kept: { bytes = $0 }, changed: tell)
            switch digest {
            case .digest(let digest):
                if let relative, let bytes { read[relative] = Read(bytes: bytes, digest: digest) }
                return .some(digest)
            // An absent file (no favorites.json) was read as nothing, and that is an input too.
            case .missing: return .some(nil)
            case .unreadable: return nil
            }
        }
        var digests: [String: StableHasher.Digest] = [:]
        for relative in files {
            guard let digest = digest(of: site.appendingPathComponent(relative), relative: relative) else { return (nil, [:]) }
            digests[relative] = digest
        }
        var copies: [String: StableHasher.Digest] = [:]
        for (path, source) in copied {
            guard let digest = digest(of: source) else { return (nil, [:]) }
            copies[path] = digest
        }
        return (combine(files: digests, copies: copies), read)
    }

    /// The digest of what the build read (`files`, from the `InputRecorder`) and copied
    /// (`copies`, from the new manifest).
    func combine(files digests: [String: StableHasher.Digest], copies: [String: StableHasher.Digest]) -> StableHasher.Digest? {
        var hasher = StableHasher()
        // With the page keys' salt: new pages for the same inputs are not "unchanged".
        hasher.combine("vitrine-inputs/1")
        hasher.combine(PageKeys.salt)
        hasher.combine(VitrineVersion.current)
        hasher.combine(baseURL)
        hasher.combine(theme)
        for relative in files {
            hasher.combine(relative)
            // An absent file (no favorites.json) was read as nothing, and that is an input too.
            if let digest = digests[relative] { hasher.combine(digest) } else { hasher.combine("(none)") }
        }
        for (path, _) in copied {
            guard let digest = copies[path] else { return nil }
            hasher.combine(path)
            hasher.combine(digest)
        }
        return hasher.finalize()
    }
}
