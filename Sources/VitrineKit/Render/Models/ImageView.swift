/// An image ready for `<img>`: a checked URL, an alt text and its size for `width`/`height`
/// (so nothing shifts while it loads), with the API's other sizes as `srcset`.
struct ImageView: Sendable, Encodable {
    let src: String
    let alt: String
    /// The intrinsic size when the API gives one, else the size the box assumes (always set).
    let width: Int?
    let height: Int?
    /// True when both width and height are set (always, since `width`/`height` fall back).
    let hasSize: Bool
    /// `url 200w, url 480w`: the API's sizes of this image; nil when it published one only.
    let srcset: String?
    /// The width the image is shown at, for the browser's choice from `srcset`.
    let sizes: String?
    /// `lazy`, or `eager` for the first grid row and a detail page's main image.
    let loading: String
    /// `high` for the images that decide when the page looks loaded; else nil.
    let fetchPriority: String?
    /// Lighter animated renditions (GIFs): `<source type="video/mp4">`-style use in templates.
    let mp4: String?
    let webp: String?
    /// The webp sizes as a `srcset` (GIFs), else the single webp URL.
    let webpSrcset: String?
    /// `sizes` for `webpSrcset` when it lists widths; else nil.
    let webpSizes: String?
    /// A still frame for `prefers-reduced-motion` (GIFs).
    let still: String?
    /// The still's sizes as a `srcset` (GIFs), else the single still URL.
    let stillSrcset: String?
    /// `sizes` for `stillSrcset` when it lists widths; else nil.
    let stillSizes: String?

    init(
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
