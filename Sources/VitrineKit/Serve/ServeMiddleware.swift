import Foundation
import Hummingbird
import Logging

/// Refuses any path with a `..` segment, percent-encoded or not, before anything looks at
/// the file system.
struct PathGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let raw = request.uri.path
        guard let decoded = raw.removingPercentEncoding, !decoded.contains(".."), !decoded.contains("\\"), !decoded.contains("\0"),
            raw.contains("//") || !decoded.contains("//")  // an encoded slash names no file of a site
        else {
            return Response(
                status: .badRequest, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "400 Bad Request: path leaves the site\n"))
            )
        }
        if raw.contains("//") {
            // `//cats` must not reach the file middleware: its redirect to `//cats/` would send
            // the browser to the host `cats`. The same path with single slashes, on this server.
            let single = raw.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
            return Response.redirect(to: "/" + single + (raw.hasSuffix("/") && !single.isEmpty ? "/" : ""), type: .permanent)
        }
        return try await next(request, context)
    }
}

/// What the file middleware would serve but a site does not publish as a page: dotfiles
/// (the output's own `.vitrine-manifest` and marker; `.well-known` excepted) and a file
/// named as a folder (`/index.html/`, which it would send without a type). Both are 404.
struct ServedFileGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let output: URL
    /// `/fixture/`
    let basePath: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let decoded = request.uri.path.removingPercentEncoding ?? request.uri.path
        let segments = decoded.split(separator: "/")
        if segments.contains(where: { $0.hasPrefix(".") && $0 != ".well-known" }) {
            throw HTTPError(.notFound)
        }
        if decoded.hasSuffix("/"), decoded.hasPrefix(basePath), decoded.count > basePath.count {
            var isFolder: ObjCBool = false
            let path = output.appendingPathComponent(String(decoded.dropFirst(basePath.count).dropLast())).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue {
                throw HTTPError(.notFound)
            }
        }
        return try await next(request, context)
    }
}

/// Answers only requests addressed to this server by a name it was started with (a loopback
/// name or `--host`): a page on another site that rebinds its own DNS name to 127.0.0.1
/// cannot read the served, possibly unpublished, site.
struct HostGuardMiddleware<Context: RequestContext>: RouterMiddleware {
    let hosts: Set<String>

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let authority = request.head.authority ?? ""
        guard hosts.contains(FavoritesEndpoint.hostName(of: authority)) else {
            return Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "403 Forbidden: refused: unknown Host '\(authority)'\n"))
            )
        }
        return try await next(request, context)
    }
}

/// A missing page is answered with the site's `404.html` and status 404, never a redirect.
struct NotFoundPageMiddleware<Context: RequestContext>: RouterMiddleware {
    let output: URL

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            let response = try await next(request, context)
            return response.status == .notFound ? page(for: request) : response
        } catch let error as any HTTPResponseError where error.status == .notFound {
            return page(for: request)
        }
    }

    private func page(for request: Request) -> Response {
        guard let data = FileManager.default.contents(atPath: output.appendingPathComponent("404.html").path) else {
            return Response(
                status: .notFound, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "404 Not Found\n"))
            )
        }
        let body = request.method == .head ? ByteBuffer() : ByteBuffer(bytes: data)
        return Response(
            status: .notFound, headers: [.contentType: "text/html; charset=utf-8", .contentLength: String(data.count)],
            body: .init(byteBuffer: body)
        )
    }
}

/// Puts the live script tag before `</body>` of every HTML response, so only served pages
/// carry it — never the files of a build. Nothing is cached, so a page always has this
/// server's token and the latest build.
struct LiveScriptMiddleware<Context: RequestContext>: RouterMiddleware {
    let tag: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        // Files change under the same names with every rebuild: nothing is cached.
        response.headers[.eTag] = nil
        response.headers[.lastModified] = nil
        response.headers[.cacheControl] = "no-store"
        guard request.method == .get, response.status == .ok || response.status == .notFound,
            response.headers[.contentType]?.lowercased().hasPrefix("text/html") == true
        else { return response }
        let html = Self.inject(tag, into: try await Self.collect(response.body))
        response.body = .init(byteBuffer: ByteBuffer(bytes: html))
        response.headers[.contentLength] = String(html.count)
        return response
    }

    /// `tag` inserted before the last `</body>` (any case), or appended when there is none.
    static func inject(_ tag: String, into html: [UInt8]) -> [UInt8] {
        let needle = Array("</body>".utf8)
        var index = html.count - needle.count
        while index >= 0 {
            if zip(html[index..<index + needle.count], needle).allSatisfy({ a, b in a | 0x20 == b | 0x20 }) {
                return Array(html[..<index]) + Array(tag.utf8) + Array(html[index...])
            }
            index -= 1
        }
        return html + Array(tag.utf8)
    }

    private final class Collector {
        var bytes: [UInt8] = []
    }

    private struct CollectingWriter: ResponseBodyWriter {
        let collector: Collector
        mutating func write(_ buffer: ByteBuffer) async throws {
            collector.bytes.append(contentsOf: buffer.readableBytesView)
        }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
    }

    private static func collect(_ body: ResponseBody) async throws -> [UInt8] {
        let collector = Collector()
        try await body.write(CollectingWriter(collector: collector))
        return collector.bytes
    }
}

/// `--verbose`: one line per request, `GET /cats/ 200 (1.4 ms)`.
struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let clock = ContinuousClock()
        let start = clock.now
        do {
            let response = try await next(request, context)
            logger.info("\(request.method) \(request.uri.path) \(response.status.code) (\(Self.milliseconds(clock.now - start)) ms)")
            return response
        } catch {
            let status = (error as? any HTTPResponseError)?.status.code ?? 500
            logger.info("\(request.method) \(request.uri.path) \(status) (\(Self.milliseconds(clock.now - start)) ms)")
            throw error
        }
    }

    private static func milliseconds(_ duration: Duration) -> String {
        String(format: "%.1f", (duration / .seconds(1)) * 1000)
    }
}

/// FileMiddleware redirects a folder URL without its slash to the path below baseURL's
/// (`/fixture/gifs` → `/gifs/`); this puts the base path back in front.
struct BasePathRedirectMiddleware<Context: RequestContext>: RouterMiddleware {
    /// `/fixture/`
    let basePath: String

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        if response.status == .movedPermanently, let location = response.headers[.location], location.hasPrefix("/"), !location.hasPrefix(basePath) {
            response.headers[.location] = String(basePath.dropLast()) + location
        }
        return response
    }
}
