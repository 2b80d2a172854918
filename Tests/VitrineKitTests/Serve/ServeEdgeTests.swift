import Foundation
import Testing

@testable import VitrineKit

#if canImport(Glibc)
    import Glibc
#endif

/// `vitrine serve` against requests a browser would not send but anyone can: doubled
/// slashes, a file named as a folder, dotfiles, a request head that never ends. Raw HTTP
/// over a socket, so the request line is exactly what is written.
@Suite("serve: edges", .serialized)
struct ServeEdgeTests {
    /// A connection to the served site that sends `text` as it is.
    final class RawConnection {
        let socket: Int32

        init(port: Int) throws {
            socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard socket >= 0, connected == 0 else { throw VitrineError("cannot connect to port \(port)") }
            // Only so that a server that never answers cannot hang the test.
            var wait = timeval(tv_sec: 20, tv_usec: 0)
            setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        }

        deinit { close(socket) }

        func send(_ text: String) {
            _ = Array(text.utf8).withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, 0) }
        }

        /// Everything until the server closes the connection; nil if it never does (the read timed out).
        func readToEnd() -> String? {
            var received: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
                if count == 0 { return String(decoding: received, as: UTF8.self) }
                if count < 0 { return nil }
                received += buffer[..<count]
            }
        }

        /// One request (the connection closed after it): status line and headers, then body.
        static func get(_ path: String, port: Int) throws -> (head: String, body: String) {
            let connection = try RawConnection(port: port)
            connection.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n\r\n")
            let reply = connection.readToEnd() ?? ""
            guard let end = reply.range(of: "\r\n\r\n") else { return (reply, "") }
            return (String(reply[..<end.lowerBound]), String(reply[end.upperBound...]))
        }
    }

    static func header(_ name: String, in head: String) -> String? {
        head.split(separator: "\r\n").first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
            .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
    }

    /// At the root (baseURL without a path), `//gifs` named the folder `gifs`, and the file
    /// middleware's redirect to `//gifs/` sent the browser to the host `gifs`.
    @Test(arguments: ["//gifs", "///gifs", "//gifs/page/2", "/gifs//page/2", "//example.org/", "//"])
    func aDoubledSlashNeverRedirectsToAnotherHost(_ path: String) async throws {
        let atTheRoot: (inout ServeOptions) -> Void = { $0.build.baseURL = "https://example.org/" }
        try await serving(configure: atTheRoot) { served in
            let (head, _) = try RawConnection.get(path, port: served.url.port!)
            #expect(!head.isEmpty)
            if let location = Self.header("Location", in: head) {
                #expect(location.hasPrefix("/"), "\(path) → \(location)")
                #expect(!location.hasPrefix("//"), "\(path) → \(location): a protocol-relative URL names another host")
                #expect(!location.hasPrefix("/\\"), "\(path) → \(location)")
            }
        }
    }

    @Test func aDoubledSlashGoesToTheSamePathWithSingleSlashes() async throws {
        try await serving { served in
            let (head, _) = try RawConnection.get("//fixture//gifs/", port: served.url.port!)
            #expect(head.hasPrefix("HTTP/1.1 301"))
            #expect(Self.header("Location", in: head) == "/fixture/gifs/")
        }
    }

    @Test(arguments: ["/fixture/index.html/", "/fixture/gifs/index.html/", "/fixture/assets/vitrine.css/"])
    func aFileNamedAsAFolderIsNotFound(_ path: String) async throws {
        try await serving { served in
            let (head, body) = try RawConnection.get(path, port: served.url.port!)
            #expect(head.hasPrefix("HTTP/1.1 404"), "\(path): \(head)")
            #expect(body.contains("페이지를 찾을 수 없습니다"), "the site's 404 page")
        }
    }

    /// The output's own records exist in the served folder: only the rule answers 404.
    @Test(arguments: [".vitrine-manifest", ".vitrine-output", "%2Evitrine-manifest"])
    func dotfilesAreNotServed(_ name: String) async throws {
        try await serving { served in
            let (head, body) = try RawConnection.get("/fixture/" + name, port: served.url.port!)
            #expect(head.hasPrefix("HTTP/1.1 404"), "\(name): \(head)")
            #expect(body.contains("페이지를 찾을 수 없습니다"), "the site's 404 page")
        }
    }

    @Test func wellKnownIsServed() async throws {
        let withSecurityTxt: (inout ServeOptions) -> Void = { options in
            let folder = options.build.site.appendingPathComponent("static/.well-known")
            _ = try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent("security.txt").path, contents: Data("Contact: mailto:a@example.org\n".utf8))
        }
        try await serving(configure: withSecurityTxt) { served in
            let (head, body) = try RawConnection.get("/fixture/.well-known/security.txt", port: served.url.port!)
            #expect(head.hasPrefix("HTTP/1.1 200"), "\(head)")
            #expect(body == "Contact: mailto:a@example.org\n")
        }
    }

    @Test func aRequestHeadThatNeverEndsIsClosed() async throws {
        let quick: (inout ServeOptions) -> Void = { $0.headerTimeout = .milliseconds(300) }
        try await serving(configure: quick) { served in
            let connection = try RawConnection(port: served.url.port!)
            connection.send("GET /fixture/ HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            #expect(connection.readToEnd() != nil, "the server must close a connection whose head never ends")
            let silent = try RawConnection(port: served.url.port!)
            #expect(silent.readToEnd() != nil, "nor keep one that sends nothing")
            // A whole request is still answered.
            #expect(try RawConnection.get("/fixture/", port: served.url.port!).head.hasPrefix("HTTP/1.1 200"))
        }
    }
}
