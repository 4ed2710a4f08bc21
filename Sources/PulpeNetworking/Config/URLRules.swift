import Foundation

/// The checks every configured server URL goes through.
enum URLRules {
    /// An absolute http(s) URL with a host, no credentials, query or fragment; trailing slashes
    /// dropped. `http://` only to loopback hosts unless `allowInsecureHTTP`.
    static func validatedBase(_ text: String, setting: String, allowInsecureHTTP: Bool) throws(ConfigurationError) -> URLComponents {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard var components = URLComponents(string: trimmed) else {
            throw .invalidURL(setting: setting, value: trimmed, reason: "cannot be parsed")
        }
        guard let scheme = components.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
            throw .invalidURL(setting: setting, value: trimmed, reason: "the scheme must be http or https")
        }
        guard let host = components.host, !host.isEmpty else {
            throw .invalidURL(setting: setting, value: trimmed, reason: "no host")
        }
        guard components.user == nil, components.password == nil else {
            throw .invalidURL(setting: setting, value: trimmed, reason: "credentials in a URL would end up in logs")
        }
        guard components.query == nil, components.fragment == nil else {
            throw .invalidURL(setting: setting, value: trimmed, reason: "no query or fragment allowed")
        }
        if scheme == "http", !allowInsecureHTTP, !isLoopback(host: host) {
            throw .insecureHTTP(setting: setting, host: host)
        }
        components.scheme = scheme
        // Only touch the host when its case changes: re-setting an IPv6 literal could re-encode it.
        if host != host.lowercased() { components.host = host.lowercased() }
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        components.path = path
        return components
    }

    /// `localhost`, `*.localhost`, `127.0.0.0/8`, `::1`: traffic that never leaves the machine, where
    /// plain http cannot be sniffed (RFC 6761 reserves `localhost`).
    static func isLoopback(host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name.hasSuffix(".localhost") || name == "::1" || name == "0:0:0:0:0:0:0:1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4, octets.allSatisfy({ UInt8($0) != nil }) else { return false }
        return octets[0] == "127"
    }

    /// scheme://host[:port] of a validated URL.
    static func origin(of components: URLComponents) -> URLComponents {
        var origin = URLComponents()
        origin.scheme = components.scheme
        origin.host = components.host
        origin.port = components.port
        return origin
    }
}
