/// An image ready for `<img>`: a checked URL, an alt text and its size for `width`/`height`
/// (so nothing shifts while it loads), with the API's other sizes as `srcset`.
public struct ImageView: Sendable, Encodable {
    public let src: String
    public let alt: String
    /// The intrinsic size when the API gives one, else the size the box assumes (always set).
    public let width: Int?
    public let height: Int?
    /// True when both width and height are set (always, since `width`/`height` fall back).
    public let hasSize: Bool
    /// `url 200w, url 480w`: the API's sizes of this image; nil when it published one only.
    public let srcset: String?
    /// The width the image is shown at, for the browser's choice from `srcset`.
    public let sizes: String?
    /// `lazy`, or `eager` for the first grid row and a detail page's main image.
    public let loading: String
    /// `high` for the images that decide when the page looks loaded; else nil.
    public let fetchPriority: String?
    /// Lighter animated renditions (GIFs): `<source type="video/mp4">`-style use in templates.
    public let mp4: String?
    public let webp: String?
    /// The webp sizes as a `srcset` (GIFs), else the single webp URL.
    public let webpSrcset: String?
    /// `sizes` for `webpSrcset` when it lists widths; else nil.
    public let webpSizes: String?
    /// A still frame for `prefers-reduced-motion` (GIFs).
    public let still: String?
    /// The still's sizes as a `srcset` (GIFs), else the single still URL.
    public let stillSrcset: String?
    /// `sizes` for `stillSrcset` when it lists widths; else nil.
    public let stillSizes: String?

    public init(
        src: String, alt: String, width: Int?, height: Int?, hasSize: Bool, srcset: String? = nil, sizes: String? = nil,
        loading: String = "lazy", fetchPriority: String? = nil, mp4: String?, webp: String?, webpSrcset: String? = nil,
        webpSizes: String? = nil, still: String?, stillSrcset: String? = nil, stillSizes: String? = nil
    ) {
        self.src = src
        self.alt = alt
        self.width = width
        self.height = height
        self.hasSize = hasSize
        self.srcset = srcset
        self.sizes = sizes
        self.loading = loading
        self.fetchPriority = fetchPriority
        self.mp4 = mp4
        self.webp = webp
        self.webpSrcset = webpSrcset ?? webp
        self.webpSizes = webpSizes
        self.still = still
        self.stillSrcset = stillSrcset ?? still
        self.stillSizes = stillSizes
    }
}
