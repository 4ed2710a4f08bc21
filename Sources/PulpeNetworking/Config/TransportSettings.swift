import Foundation

/// How requests leave this machine (decision 86): the proxy and the certificates to
/// trust, read as curl and the other command-line tools read them, so pulpe reaches Pulpe wherever
/// `curl`, `git` and `pip` do.
///
/// - Proxy: the config file's `proxy` ("" or "none": no proxy, whatever the environment) > the
///   scheme's variable (`https_proxy`/`HTTPS_PROXY` for https, `http_proxy`/`HTTP_PROXY` for http,
///   lower case first) > `all_proxy`/`ALL_PROXY`. Credentials ride in the proxy's URL.
/// - `no_proxy`/`NO_PROXY`: hosts reached directly (curl's matching: `*`, a name and its
///   subdomains, a leading dot ignored, an IP address or an IPv4 range `10.0.0.0/8`).
/// - Certificates: the config file's `ca_file` > `SSL_CERT_FILE`; `SSL_CERT_DIR` for a directory;
///   else the system's store.
public struct TransportSettings: Sendable, Hashable {
    /// A proxy and where it was read (for `pulpe config`): `env: HTTPS_PROXY`, `file: …`.
    public struct Proxy: Sendable, Hashable {
        public var url: String
        public var origin: String

        /// The URL with its password hidden, for `pulpe config` and logs.
        public var shown: String {
            guard let at = url.lastIndex(of: "@"), let scheme = url.range(of: "://"), scheme.upperBound < at,
                  let colon = url[scheme.upperBound..<at].firstIndex(of: ":") else { return url }
            return String(url[..<colon]) + ":…" + String(url[at...])
        }
    }

    /// What `pulpe config` says of the proxy for `url` (nil: the built-in sandbox, always direct):
    /// the value and where it comes from.
    public func describeProxy(for url: URL?) -> (value: String, origin: String) {
        guard let url else { return ("none (the built-in sandbox is reached directly)", "") }
        if let proxy = proxy(for: url) { return (proxy.shown, proxy.origin) }
        let configured = url.scheme?.lowercased() == "https" ? httpsProxy : httpProxy
        if configured != nil, let host = url.host { return ("none (\(host) is in no_proxy)", noProxyOrigin ?? "") }
        return ("none (direct)", "default")
    }

    /// The configured proxy for each scheme (nil: none).
    public var httpsProxy: Proxy?
    public var httpProxy: Proxy?
    /// The `no_proxy` entries, trimmed, lower-cased, leading dots dropped.
    public var noProxy: [String]
    /// The no-proxy list's origin (`env: NO_PROXY`), nil when there is none.
    public var noProxyOrigin: String?
    /// A PEM bundle to trust instead of the system's, and where it was read.
    public var caFile: String?
    public var caFileOrigin: String?
    public var caDirectory: String?

    public init(httpsProxy: Proxy? = nil, httpProxy: Proxy? = nil, noProxy: [String] = [], noProxyOrigin: String? = nil,
                caFile: String? = nil, caFileOrigin: String? = nil, caDirectory: String? = nil) {
        self.httpsProxy = httpsProxy
        self.httpProxy = httpProxy
        self.noProxy = noProxy
        self.noProxyOrigin = noProxyOrigin
        self.caFile = caFile
        self.caFileOrigin = caFileOrigin
        self.caDirectory = caDirectory
    }

    /// No proxy, the system's certificates: what tests and the built-in sandbox's own calls use.
    public static let direct = TransportSettings()

    public static func resolve(environment: [String: String], file: ConfigFile?) -> TransportSettings {
        var settings = TransportSettings()
        /// The first of `names` set to something other than blanks, and its value.
        func variable(_ names: String...) -> (String, String)? {
            for name in names {
                if let value = environment[name]?.trimmingCharacters(in: .whitespaces), !value.isEmpty { return (name, value) }
            }
            return nil
        }
        func proxy(_ lower: String, _ upper: String) -> Proxy? {
            variable(lower, upper).map { Proxy(url: $0.1, origin: "env: \($0.0)") }
        }
        if let file, case let .string(value)? = file.values["proxy"] {
            let trimmed = value.trimmingCharacters(in: .whitespaces)
            let chosen = trimmed.isEmpty || trimmed.lowercased() == "none" ? nil : Proxy(url: trimmed, origin: "file: \(file.path)")
            settings.httpsProxy = chosen
            settings.httpProxy = chosen
        } else {
            let all = proxy("all_proxy", "ALL_PROXY")
            settings.httpsProxy = proxy("https_proxy", "HTTPS_PROXY") ?? all
            settings.httpProxy = proxy("http_proxy", "HTTP_PROXY") ?? all
        }
        if let (name, value) = variable("no_proxy", "NO_PROXY") {
            settings.noProxy = Self.noProxyEntries(value)
            settings.noProxyOrigin = "env: \(name)"
        }
        if let file, case let .string(value)? = file.values["ca_file"], !value.isEmpty {
            settings.caFile = value
            settings.caFileOrigin = "file: \(file.path)"
        } else if let (name, value) = variable("SSL_CERT_FILE") {
            settings.caFile = value
            settings.caFileOrigin = "env: \(name)"
        }
        settings.caDirectory = variable("SSL_CERT_DIR")?.1
        return settings
    }

    /// The proxy a request to `url` goes through, or nil: direct.
    public func proxy(for url: URL) -> Proxy? {
        let chosen = url.scheme?.lowercased() == "https" ? httpsProxy : httpProxy
        guard let chosen, let host = url.host else { return chosen }
        return Self.bypasses(host: host, noProxy: noProxy) ? nil : chosen
    }

    static func noProxyEntries(_ text: String) -> [String] {
        text.split(separator: ",").map { entry in
            var trimmed = entry.trimmingCharacters(in: .whitespaces).lowercased()
            if trimmed.hasPrefix(".") { trimmed.removeFirst() }
            return trimmed
        }.filter { !$0.isEmpty }
    }

    /// Whether `host` is reached directly: curl's rules (a name matches itself and its
    /// subdomains, `*` everything, an IPv4 range by its prefix length).
    static func bypasses(host rawHost: String, noProxy: [String]) -> Bool {
        var host = rawHost.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        for entry in noProxy {
            if entry == "*" || entry == host { return true }
            if let (network, bits) = Self.ipv4Range(entry), let address = Self.ipv4(host) {
                let mask: UInt32 = bits == 0 ? 0 : ~UInt32(0) << (32 - bits)
                if address & mask == network & mask { return true }
                continue
            }
            if host.hasSuffix("." + entry) { return true }
        }
        return false
    }

    private static func ipv4Range(_ entry: String) -> (UInt32, Int)? {
        let parts = entry.split(separator: "/", maxSplits: 1)
        guard parts.count == 2, let bits = Int(parts[1]), (0...32).contains(bits), let network = ipv4(String(parts[0])) else {
            return nil
        }
        return (network, bits)
    }

    private static func ipv4(_ text: String) -> UInt32? {
        let octets = text.split(separator: ".", omittingEmptySubsequences: false)
        guard octets.count == 4 else { return nil }
        var value: UInt32 = 0
        for octet in octets {
            guard let byte = UInt8(octet) else { return nil }
            value = value << 8 | UInt32(byte)
        }
        return value
    }
}
