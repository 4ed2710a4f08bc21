import Foundation

/// The light reachability check: one `GET /health`, no retries, no auth. Any HTTP answer counts as
/// "the server is reachable" (even an error status: the network is back, the rest is the API's job).
///
/// Talks to the transport directly rather than through `PulpeAPIClient`, so the monitor and the
/// client do not hold each other.
public struct HealthProbe: Sendable {
    public let transport: any HTTPTransport
    public let url: URL
    private let userAgent: String

    public init(transport: any HTTPTransport, configuration: APIConfiguration) {
        self.transport = transport
        self.url = configuration.healthURL
        self.userAgent = configuration.userAgent
    }

    /// Whether an HTTP answer came back.
    public func callAsFunction() async -> Bool {
        var headers = HTTPHeaders()
        headers["Accept"] = "application/json"
        headers["User-Agent"] = userAgent
        headers["X-Request-Id"] = RequestIdentifier.make()
        do {
            _ = try await transport.send(HTTPRequestData(method: .get, url: url, headers: headers))
            return true
        } catch {
            return false
        }
    }
}
