import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// `POST /_vitrine/favorites` `{"id": "giphy:…", "favorite": true|false}`: the star of a
/// served page. Same-origin only (Host must be a loopback name or the configured host,
/// `Origin` must be this server, `Sec-Fetch-Site` same-origin when sent), CSRF-safe (the
/// per-server token that only served HTML carries, as `X-Vitrine-Token`, and a JSON body,
/// which a cross-site form cannot send). Changes go through `FavoritesService`, like
/// `vitrine favorites add|remove`; the watcher then rebuilds and reloads the pages.
/// `GET` answers the count and the limit, which only served pages show.
struct FavoritesEndpoint: Sendable {
    static let tokenHeader = HTTPField.Name("X-Vitrine-Token")!

    let service: FavoritesService
    let token: String
    /// Host names a browser may use for this server (DNS rebinding gets a name outside this).
    let hosts: Set<String>
    let logger: Logger

    struct Change: Decodable {
        var id: String
        var favorite: Bool
    }

    struct Answer: Encodable {
        var ok: Bool
        var id: String?
        var favorite: Bool?
        var count: Int?
        var limit: Int?
        var message: String
    }

    func handle(_ request: Request) async -> Response {
        if let refusal = refusal(request) { return refusal }
        let change: Change
        do {
            let body = try await request.body.collect(upTo: 16 * 1024)
            change = try JSONDecoder().decode(Change.self, from: Data(body.readableBytesView))
        } catch {
            return answer(.badRequest, Answer(ok: false, message: "expected {\"id\": \"giphy:…\", \"favorite\": true|false}"))
        }
        do throws(VitrineError) {
            let id = try ItemID(parsing: change.id).description
            let present = try service.list().contains { $0.id == id }
            let result: Answer
            switch (change.favorite, present) {
            case (true, _):
                switch try await service.add(id) {
                case .added(let title, let count, let limit):
                    result = Answer(ok: true, id: id, favorite: true, count: count, limit: limit, message: "added \(id) “\(title)” (\(count)/\(limit))")
                case .alreadyThere(let count, let limit):
                    result = Answer(ok: true, id: id, favorite: true, count: count, limit: limit, message: "\(id) is already a favorite (\(count)/\(limit))")
                }
            case (false, true):
                let (title, count, limit) = try service.remove(id)
                result = Answer(ok: true, id: id, favorite: false, count: count, limit: limit, message: "removed \(id)\(title.map { " “\($0)”" } ?? "") (\(count)/\(limit))")
            case (false, false):
                result = Answer(ok: true, id: id, favorite: false, message: "\(id) is not a favorite; nothing changed")
            }
            logger.info("\(result.message)")
            return answer(.ok, result)
        } catch {
            logger.warning("star \(change.id): \(error.message)")
            let status: HTTPTypes.HTTPResponse.Status = error.kind == .refused ? .conflict : .unprocessableContent
            return answer(status, Answer(ok: false, id: change.id, message: error.message))
        }
    }

    /// `GET /_vitrine/favorites`: `{"ok": true, "count": 3, "limit": 20, …}` for the serve-only
    /// counter. Read-only, but still this server's pages only (Host and token).
    func state(_ request: Request) -> Response {
        let authority = request.head.authority ?? ""
        guard hosts.contains(Self.hostName(of: authority)) else {
            return answer(.forbidden, Answer(ok: false, message: "refused: unknown Host '\(authority)'"))
        }
        guard let sent = request.headers[Self.tokenHeader], Self.constantTimeEqual(sent, token) else {
            return answer(.forbidden, Answer(ok: false, message: "refused: missing or wrong \(Self.tokenHeader.canonicalName); reload the page"))
        }
        do throws(VitrineError) {
            let (count, limit) = try service.count()
            return answer(.ok, Answer(ok: true, count: count, limit: limit, message: "\(count)/\(limit)"))
        } catch {
            return answer(.unprocessableContent, Answer(ok: false, message: error.message))
        }
    }

    /// Why a request may not change favorites, as the response to send; nil when it may.
    private func refusal(_ request: Request) -> Response? {
        let authority = request.head.authority ?? ""
        guard hosts.contains(Self.hostName(of: authority)) else {
            return answer(.forbidden, Answer(ok: false, message: "refused: unknown Host '\(authority)'"))
        }
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!], site != "same-origin" {
            return answer(.forbidden, Answer(ok: false, message: "refused: cross-site request (\(site))"))
        }
        guard let origin = request.headers[.origin], origin == "http://\(authority)" else {
            return answer(.forbidden, Answer(ok: false, message: "refused: Origin must be http://\(authority)"))
        }
        guard request.headers[.contentType]?.lowercased().hasPrefix("application/json") == true else {
            return answer(.unsupportedMediaType, Answer(ok: false, message: "refused: Content-Type must be application/json"))
        }
        guard let sent = request.headers[Self.tokenHeader], Self.constantTimeEqual(sent, token) else {
            return answer(.forbidden, Answer(ok: false, message: "refused: missing or wrong \(Self.tokenHeader.canonicalName); reload the page"))
        }
        return nil
    }

    private func answer(_ status: HTTPTypes.HTTPResponse.Status, _ body: Answer) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(body)) ?? Data("{\"ok\":false}".utf8)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    /// `127.0.0.1:8080` → `127.0.0.1`, `[::1]:8080` → `::1`.
    static func hostName(of authority: String) -> String {
        if authority.hasPrefix("["), let end = authority.firstIndex(of: "]") {
            return String(authority[authority.index(after: authority.startIndex)..<end]).lowercased()
        }
        return String(authority.split(separator: ":", maxSplits: 1).first ?? "").lowercased()
    }

    static func constantTimeEqual(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        return zip(x, y).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }
}
