import Crypto
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Raw API responses on disk, so repeated fetches within `maxAge` cost no request.
///
/// Keyed by the request without its credentials (SHA-256 of method, redacted URL and
/// non-secret headers); an entry is a `<key>.json` metadata file beside a `<key>.body`,
/// each written atomically. Only successful responses that decoded are stored (the fetch
/// client's caller says so, through `FetchClient.remember`). The cache is an
/// optimisation: an unreadable entry counts as a miss and is overwritten.
actor HTTPCache {
    let directory: URL
    let maxAge: Duration
    private let now: @Sendable () -> Date

    init(directory: URL, maxAge: Duration, now: @escaping @Sendable () -> Date = { Date() }) {
        self.directory = directory
        self.maxAge = maxAge
        self.now = now
    }

    struct Metadata: Codable {
        var url: String
        var status: Int
        var storedAt: Double
        var contentType: String?
        /// How long the response's cache header allowed keeping it, in seconds (`FetchStamp`).
        var permittedAge: Int?
    }

    static func key(for request: HTTPRequest) -> String {
        var text = "GET \(request.redactedURL)"
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key }) {
            text += "\n\(name.lowercased()): \(value)"
        }
        return SHA256.hash(data: Data(text.utf8)).map { String(format: "%02x", $0) }.joined()
    }

    private func files(_ key: String) -> (metadata: URL, body: URL) {
        let folder = directory.appendingPathComponent(String(key.prefix(2)), isDirectory: true)
        return (folder.appendingPathComponent("\(key).json"), folder.appendingPathComponent("\(key).body"))
    }

    /// A stored response younger than `maxAge`, and its age; or nil.
    func response(for request: HTTPRequest) -> (response: HTTPResponse, age: Duration)? {
        let (metadataURL, bodyURL) = files(Self.key(for: request))
        // `FileBytes.read`: a pipe or device put in the cache is a miss, never a wait.
        guard let metadataData = FileBytes.read(atPath: metadataURL.path),
            let metadata = try? JSONDecoder().decode(Metadata.self, from: metadataData),
            metadata.url == request.redactedURL,
            let body = FileBytes.read(atPath: bodyURL.path)
        else { return nil }
        let age = now().timeIntervalSince1970 - metadata.storedAt
        guard age >= 0, age <= maxAge.inSeconds else { return nil }
        var headers = metadata.contentType.map { ["content-type": $0] } ?? [:]
        if let permitted = metadata.permittedAge { headers["cache-control"] = "max-age=\(permitted)" }
        let response = HTTPResponse(status: metadata.status, headers: headers, body: body)
        return (response, .milliseconds(Int64(age * 1000)))
    }

    func store(_ response: HTTPResponse, for request: HTTPRequest) throws(VitrineError) {
        guard response.isSuccess else { return }
        let (metadataURL, bodyURL) = files(Self.key(for: request))
        let metadata = Metadata(
            url: request.redactedURL, status: response.status, storedAt: now().timeIntervalSince1970, contentType: response.headers["content-type"],
            permittedAge: FetchStamp.permittedAge(response.headers))
        let metadataData: Data
        do {
            metadataData = try VitrineJSON.encode(metadata)
        } catch {
            throw VitrineError("HTTP cache \(directory.path): cannot write: \(error.localizedDescription)", kind: .output)
        }
        // `AtomicFile`'s temporary names carry the writer's pid, so a killed build's are removed
        // (`removeLeftovers`); Foundation's `.dat.nosync…` could not be told apart.
        for (url, data) in [(bodyURL, response.body), (metadataURL, metadataData)] {
            guard AtomicFile.replaceQuickly(url, body: { write in write(Array(data)) }) else {
                throw VitrineError("HTTP cache \(directory.path): cannot write \(url.lastPathComponent): \(String(cString: strerror(errno)))", kind: .output)
            }
        }
    }

    /// Removes what killed builds left in the cache's folders: temporary files of processes
    /// that are gone, and Foundation's `.dat.nosync…` of earlier versions once ten minutes old
    /// (`AtomicFile.removeLeftovers`).
    nonisolated static func removeLeftovers(in directory: URL) {
        guard let folders = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in folders where name.utf8.count == 2 && OutputPublisher.isFolder(directory.appendingPathComponent(name).path) {
            AtomicFile.removeLeftovers(in: directory.appendingPathComponent(name))
        }
    }
}
