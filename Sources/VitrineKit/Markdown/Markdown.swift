import CCmark

/// CommonMark to HTML through libcmark, always in safe mode: raw HTML is replaced by a
/// comment and `javascript:`/`vbscript:`/`file:`/`data:` (non-image) links are emptied.
/// Input passes the text policy first: NUL becomes U+FFFD, other control characters go.
/// The only file that imports the C library.
enum Markdown {
    static func html(_ markdown: String) -> String {
        // CMARK_OPT_DEFAULT is safe since cmark 0.29; CMARK_OPT_UNSAFE is never passed.
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_SMART
        // NUL becomes U+FFFD (CommonMark's rule; as a C string it would end the page there),
        // and other control characters go: `TextPolicy.markdown`.
        return TextPolicy.markdown(markdown).withCString { pointer in
            guard let output = cmark_markdown_to_html(pointer, strlen(pointer), options) else { return "" }
            defer { free(output) }
            return String(cString: output)
        }
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
