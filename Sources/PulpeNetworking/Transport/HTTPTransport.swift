/// Sends one HTTP request and returns whatever HTTP response comes back.
///
/// The seam between the API client and the network: production uses `CurlHTTPTransport` (PulpeCurlTransport), the
/// networking tests a scripted double of their own. Contract: an HTTP answer of any status is
/// *returned*; only failures to get an answer throw, as `TransportFailure` (a cancelled task throws
/// `.cancelled`).
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequestData) async throws -> HTTPResponseData
}
