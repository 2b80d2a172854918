/// How TMDB image URLs are built: `secure_base_url` + size + `file_path`, with the sizes the
/// API lists in `/3/configuration`. Decode it from that response with
/// `TMDBDecoder.decodeConfiguration(_:)`; do not hard-code it.
struct TMDBImages: Sendable, Hashable, Codable {
    /// Ends with `/`, e.g. `https://image.tmdb.org/t/p/`.
    var baseURL: String
    var posterSizes: [String]
    var backdropSizes: [String]

    init(baseURL: String, posterSizes: [String], backdropSizes: [String]) {
        self.baseURL = baseURL.hasSuffix("/") ? baseURL : baseURL + "/"
        self.posterSizes = posterSizes
        self.backdropSizes = backdropSizes
    }

    /// TMDB's documented values (image-basics page), for tests and as a last resort only:
    /// real builds use the configuration response, which a test server answers with its
    /// own address.
    static let documentedFallback = TMDBImages(
        baseURL: "https://image.tmdb.org/t/p/",
        posterSizes: ["w92", "w154", "w185", "w342", "w500", "w780", "original"],
        backdropSizes: ["w300", "w780", "w1280", "original"]
    )

    /// A poster at `preferred` width (2:3, TMDB's required poster ratio), with every
    /// `wNNN` size the configuration lists as its renditions.
    func poster(_ path: String?, preferred: String) -> Picture? {
        withRenditions(path, preferred: preferred, sizes: posterSizes, heightPerWidth: 3.0 / 2.0)
    }

    /// A backdrop at `preferred` width (16:9, TMDB's required backdrop ratio), with every
    /// `wNNN` backdrop size as its renditions: the movie page's hero picks one for the screen.
    func backdrop(_ path: String?, preferred: String) -> Picture? {
        withRenditions(path, preferred: preferred, sizes: backdropSizes, heightPerWidth: 9.0 / 16.0)
    }

    private func withRenditions(_ path: String?, preferred: String, sizes: [String], heightPerWidth: Double) -> Picture? {
        guard var main = picture(path, size: Self.size(preferred, in: sizes), heightPerWidth: heightPerWidth) else { return nil }
        let renditions = sizes.compactMap { size -> Rendition? in
            guard let rendition = picture(path, size: size, heightPerWidth: heightPerWidth), let width = rendition.width else { return nil }
            return Rendition(url: rendition.url, width: width, height: rendition.height)
        }
        main.renditions = renditions.count > 1 ? Rendition.ordered(renditions) : nil
        return main
    }

    private func picture(_ path: String?, size: String, heightPerWidth: Double) -> Picture? {
        guard let path = Self.filePath(path), let url = SafeURL.check(baseURL + size + path) else { return nil }
        guard size.hasPrefix("w"), let width = Int(size.dropFirst()) else { return Picture(url: url) }
        return Picture(url: url, width: width, height: Int((Double(width) * heightPerWidth).rounded()))
    }

    /// The preferred size when listed, else the next larger `wNNN`, else `original`.
    static func size(_ preferred: String, in sizes: [String]) -> String {
        if sizes.isEmpty || sizes.contains(preferred) { return preferred }
        let wanted = Int(preferred.dropFirst()) ?? 0
        let larger = sizes.compactMap { size -> (String, Int)? in
            guard size.hasPrefix("w"), let width = Int(size.dropFirst()), width >= wanted else { return nil }
            return (size, width)
        }
        return larger.min { $0.1 < $1.1 }?.0 ?? "original"
    }

    /// `/abc.jpg`: one path segment of safe characters; anything else (null, "", `../x`,
    /// `/x?y`, full URLs) is refused.
    static func filePath(_ raw: String?) -> String? {
        guard let raw, raw.count > 1, raw.hasPrefix("/"), raw.count <= 200 else { return nil }
        let allowed = raw.dropFirst().unicodeScalars.allSatisfy {
            $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "." || $0 == "_" || $0 == "-"
        }
        return allowed && !raw.contains("..") ? raw : nil
    }
}
