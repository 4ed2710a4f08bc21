import Foundation
import PulpeNetworking

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a request goes, read from its URL: the connection's key in the pool, and the request
/// line's target and `Host` field.
struct Endpoint: Hashable, Sendable {
    /// The host as the socket and the certificate check want it (an IPv6 literal without brackets).
    var host: String
    var port: Int
    var secure: Bool
    /// `host` is an IP literal: checked against the certificate's IP entries, and sent without SNI.
    var isIPAddress: Bool

    init(url: URL) throws {
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw TransportFailure(.other, message: "unsupported URL scheme: \(url.scheme ?? "none")")
        }
        guard var host = url.host, !host.isEmpty else {
            throw TransportFailure(.other, message: "a URL without a host")
        }
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        secure = scheme == "https"
        port = url.port ?? (secure ? 443 : 80)
        guard (1...65535).contains(port) else { throw TransportFailure(.other, message: "an invalid port: \(port)") }
        self.host = host
        isIPAddress = Self.isIPLiteral(host)
    }

    /// The `Host` field: the port only when it is not the scheme's own (RFC 9110 §7.2).
    var hostField: String {
        let name = host.contains(":") ? "[\(host)]" : host
        return port == (secure ? 443 : 80) ? name : "\(name):\(port)"
    }

    /// The request line's target: the path as written (still percent-encoded) and its query.
    static func target(of url: URL) -> String {
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? url.path
        if target.isEmpty { target = "/" }
        if let query = components?.percentEncodedQuery { target += "?" + query }
        return target
    }

    private static func isIPLiteral(_ host: String) -> Bool {
        var v4 = in_addr()
        var v6 = in6_addr()
        return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
    }
}
