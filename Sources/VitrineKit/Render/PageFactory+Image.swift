extension PageFactory {
    /// An `ImageView` for a snapshot's picture: the URL checked, `srcset` from the API's
    /// sizes, `sizes` from where it is shown, `width`/`height` always set (the intrinsic size,
    /// else one the box assumes for the kind), eager loading for the images that decide
    /// when the page looks loaded.
    func image(
        _ picture: Picture?, alt: String, gif: GIFDetails? = nil, slot: ImageSlot = .plain,
        eager: Bool = false, kind: ItemKind? = nil
    ) -> ImageView? {
        guard let picture, let src = SafeURL.check(picture.url) else { return nil }
        let (width, height) = Self.size(of: picture, kind: kind)
        let srcset = slot == .plain ? nil : ImageSlot.srcset(picture.renditions)
        let sizes = slot.sizes
        let webp = SafeURL.check(gif?.webp)
        let still = SafeURL.check(gif?.still?.url)
        let webpSet = slot == .plain ? nil : ImageSlot.srcset(gif?.webpRenditions)
        let stillSet = slot == .plain ? nil : ImageSlot.srcset(gif?.still?.renditions)
        return ImageView(
            src: src, alt: alt, width: width, height: height, hasSize: true,
            srcset: srcset, sizes: srcset == nil ? nil : sizes,
            loading: eager ? "eager" : "lazy", fetchPriority: eager ? "high" : nil,
            mp4: SafeURL.check(gif?.mp4), webp: webp,
            webpSrcset: webpSet ?? webp, webpSizes: webpSet == nil ? nil : sizes,
            still: still,
            stillSrcset: stillSet ?? still, stillSizes: stillSet == nil ? nil : sizes
        )
    }

    /// The picture's own size when both sides are known and positive; else a rendition's
    /// of the same aspect; else 2:3 for movies and books (posters, covers), square otherwise.
    static func size(of picture: Picture, kind: ItemKind?) -> (Int, Int) {
        if let width = picture.width, let height = picture.height, width > 0, height > 0 {
            return (width, height)
        }
        if let sized = picture.renditions?.last(where: { ($0.height ?? 0) > 0 && $0.width > 0 }), let height = sized.height {
            return (sized.width, height)
        }
        return kind == .movie || kind == .book ? (128, 192) : (200, 200)
    }
}
