extension PageFactory {
    /// An `ImageView` for a snapshot's picture: the URL checked, `srcset` from the API's
    /// sizes, `sizes` from where it is shown, `width`/`height` always set (the intrinsic size,
    /// else one the box assumes for the kind), eager loading for the images that decide
    /// when the page looks loaded.
    func image(
        _ picture: Picture?, alt: String, gif: GIFDetails? = nil, slot: ImageSlot = .plain,
        eager: Bool = false, kind: ItemKind? = nil
    ) -> ImageView? {
        guard let (src, width, height, srcset) = Self.shown(picture, kind: kind, srcset: slot != .plain) else { return nil }
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

    /// What every image of a picture starts from: its URL (checked: no image without a safe
    /// one), the size its box takes (`size(of:kind:)`) and, when asked, its `srcset`. The
    /// filter index's entries take the same (`filterEntry`).
    static func shown(_ picture: Picture?, kind: ItemKind?, srcset: Bool) -> (src: String, width: Int, height: Int, srcset: String?)? {
        guard let picture, let src = SafeURL.check(picture.url) else { return nil }
        let (width, height) = size(of: picture, kind: kind)
        return (src, width, height, srcset ? ImageSlot.srcset(picture.renditions) : nil)
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
