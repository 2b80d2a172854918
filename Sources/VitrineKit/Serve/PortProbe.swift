import NIOCore
import NIOPosix

/// Whether a port can be listened on, asked before `vitrine serve` builds anything: a busy
/// port is known at once, not after a build, and the default port can give way to the next.
public enum PortProbe {
    /// Throws what listening on `host:port` would fail with now (`SiteServer.describe`:
    /// in use, not allowed, not an address of this machine); port 0 always succeeds.
    public static func check(host: String, port: Int) async throws(VitrineError) {
        guard port != 0, let error = await listeningError(host: host, port: port) else { return }
        throw SiteServer.describe(error, host: host, port: port)
    }

    /// The first of `count` ports from `start` that `host` can listen on; when none is,
    /// the error of listening on `start`.
    public static func firstFree(host: String, from start: Int, trying count: Int) async throws(VitrineError) -> Int {
        for port in start..<min(start + count, 65_536) where await listeningError(host: host, port: port) == nil {
            return port
        }
        try await check(host: host, port: start)
        return start
    }

    /// Why a listening socket cannot be bound to `host:port` now, or nil when it can (with
    /// the server's address reuse, so a port in TIME_WAIT counts as free).
    static func listeningError(host: String, port: Int) async -> (any Error)? {
        do {
            let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
                .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
                .bind(host: host, port: port).get()
            try await channel.close()
            return nil
        } catch {
            return error
        }
    }
}
