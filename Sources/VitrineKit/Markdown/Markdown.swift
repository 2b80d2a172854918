import CCmark
import VitrineBytes

/// CommonMark to HTML through libcmark, always in safe mode: raw HTML is replaced by a
/// comment and `javascript:`/`vbscript:`/`file:`/`data:` (non-image) links are emptied.
/// An image whose URL safe mode would empty (or that has none) is not drawn at all — an
/// `<img src="">` is invalid HTML and a request for the page itself — and its alt text is
/// kept as text.
/// Input passes the text policy first: NUL becomes U+FFFD, other control characters go.
/// The only file that imports the C library.
enum Markdown {
    /// `headingsDown` moves every heading that many levels down, capped at `<h6>`: a note
    /// inside a page that has its own `<h1>` starts at `<h3>`.
    static func html(_ markdown: String, headingsDown: Int = 0) -> String {
        // CMARK_OPT_DEFAULT is safe since cmark 0.29; CMARK_OPT_UNSAFE is never passed.
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_SMART
        // NUL becomes U+FFFD (CommonMark's rule; as a C string it would end the page there),
        // and other control characters go: `TextPolicy.markdown`.
        return TextPolicy.markdown(markdown).withCString { pointer in
            let length = strlen(pointer)
            // Every image starts with `![`: text without a `!` is rendered in one call.
            guard headingsDown > 0 || ByteSearch.contains(UInt8(ascii: "!"), in: pointer, count: length) else {
                guard let output = cmark_markdown_to_html(pointer, length, options) else { return "" }
                defer { free(output) }
                return String(cString: output)
            }
            guard let document = cmark_parse_document(pointer, length, options) else { return "" }
            defer { cmark_node_free(document) }
            replaceUnsafeImages(in: document)
            if headingsDown > 0 { moveHeadings(in: document, down: headingsDown) }
            guard let output = cmark_render_html(document, options) else { return "" }
            defer { free(output) }
            return String(cString: output)
        }
    }

    /// Every heading `levels` levels down, capped at 6.
    private static func moveHeadings(in document: OpaquePointer, down levels: Int) {
        guard let iterator = cmark_iter_new(document) else { return }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_HEADING else { continue }
            _ = cmark_node_set_heading_level(node, min(6, cmark_node_get_heading_level(node) + Int32(levels)))
        }
    }

    /// Replaces each image whose URL is unsafe or empty with a text node holding its alt text.
    private static func replaceUnsafeImages(in document: OpaquePointer) {
        var unsafe: [OpaquePointer] = []
        // The unsafe image being walked through: an image in its alt text goes with it.
        var within: OpaquePointer?
        guard let iterator = cmark_iter_new(document) else { return }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard let node = cmark_iter_get_node(iterator), cmark_node_get_type(node) == CMARK_NODE_IMAGE else { continue }
            if event == CMARK_EVENT_EXIT {
                if node == within { within = nil }
            } else if within == nil, isUnsafe(cmark_node_get_url(node).map { String(cString: $0) } ?? "") {
                unsafe.append(node)
                within = node
            }
        }
        cmark_iter_free(iterator)
        for image in unsafe {
            guard let text = cmark_node_new(CMARK_NODE_TEXT) else { continue }
            cmark_node_set_literal(text, altText(image))
            cmark_node_replace(image, text)
            cmark_node_free(image)
        }
    }

    /// The plain text of a node's children, as libcmark writes an image's `alt`: walked with
    /// libcmark's iterator, never by recursion, since a line of emphasis marks nests
    /// thousands of levels deep.
    private static func altText(_ node: OpaquePointer) -> String {
        var text = ""
        guard let iterator = cmark_iter_new(node) else { return text }
        defer { cmark_iter_free(iterator) }
        while case let event = cmark_iter_next(iterator), event != CMARK_EVENT_DONE {
            guard event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator), current != node else { continue }
            switch cmark_node_get_type(current) {
            case CMARK_NODE_TEXT, CMARK_NODE_CODE, CMARK_NODE_HTML_INLINE:
                text += cmark_node_get_literal(current).map { String(cString: $0) } ?? ""
            case CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK:
                text += " "
            default:
                break
            }
        }
        return text
    }

    /// The URLs safe mode empties (libcmark's `_scan_dangerous_url`), and an empty one.
    static func isUnsafe(_ url: String) -> Bool {
        let lower = url.lowercased()
        if lower.isEmpty || ["javascript:", "vbscript:", "file:"].contains(where: lower.hasPrefix) { return true }
        guard lower.hasPrefix("data:") else { return false }
        return !["image/png", "image/gif", "image/jpeg", "image/webp"].contains { lower.dropFirst(5).hasPrefix($0) }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
