/// An image ready for `<img>`: a checked URL, an alt text and, when known, the intrinsic
/// size for `width`/`height` (so nothing shifts while it loads).
public struct ImageView: Sendable, Encodable {
    public let src: String
    public let alt: String
    public let width: Int?
    public let height: Int?
    /// True when both width and height are known.
    public let hasSize: Bool
    /// Lighter animated renditions (GIFs): `<source type="video/mp4">`-style use in templates.
    public let mp4: String?
    public let webp: String?
    /// A still frame for `prefers-reduced-motion` (GIFs).
    public let still: String?
}
