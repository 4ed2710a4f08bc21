import Foundation
import PulpeNetworking

/// Sends every request to the deferred server: starts it at the first request, then rewrites the
/// placeholder origin the API client was configured with (`DeferredServerTransport.placeholder`)
/// to the server's real one. A server that cannot start is « nothing listens »: the same failure,
/// and the same offline browsing, as a server that is down.
struct DeferredServerTransport: HTTPTransport {
    /// What the client is configured with before the port is known: port 9 (discard) on the
    /// loopback, never contacted as such.
    static let placeholder = URL(string: "http://127.0.0.1:9/api/v1")!

    let inner: any HTTPTransport
    let server: DeferredServer

    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData {
        let base: URL
        do {
            base = try await server.baseURL()
        } catch {
            throw TransportFailure(.cannotConnect, code: -1004, message: "the built-in sandbox did not start: \(error)")
        }
        var rewritten = request
        rewritten.url = Self.rewrite(request.url, onto: base)
        return try await inner.send(rewritten)
    }

    /// `url` with the scheme, host and port of `base`.
    static func rewrite(_ url: URL, onto base: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
              let target = URLComponents(url: base, resolvingAgainstBaseURL: false) else { return url }
        components.scheme = target.scheme
        components.host = target.host
        components.port = target.port
        return components.url ?? url
    }
}
