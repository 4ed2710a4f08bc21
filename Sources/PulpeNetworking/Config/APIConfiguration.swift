import Foundation

/// Where the client talks to: the backend's API base and the auth server, validated.
///
/// - `apiBaseURL` ends with `/api/v1` (what `PULPE_API_URL` holds, as in the Pulpe apps);
///   `/health` lives at the server root, the same URL without `/api/v1`.
/// - `authBaseURL` is the auth server's origin (Supabase project URL); the client posts to
///   `<authBaseURL>/auth/v1/token?grant_type=…`. Defaults to the API's origin (the sandbox serves it).
public struct APIConfiguration: Sendable, Hashable, CustomStringConvertible {
    public let apiBaseURL: URL
    public let authBaseURL: URL
    /// The auth project's public key, sent as `apikey` on auth requests when set.
    public let authAnonKey: String?
    /// Sent as `User-Agent`.
    public var userAgent: String
    /// Overrides the key sessions are stored under, for servers whose URL changes between runs
    /// (the built-in sandbox gets a new ephemeral port each time but is the same server).
    public var sessionKeyOverride: String?

    private init(apiBaseURL: URL, authBaseURL: URL, authAnonKey: String?, userAgent: String) {
        self.apiBaseURL = apiBaseURL
        self.authBaseURL = authBaseURL
        self.authAnonKey = authAnonKey
        self.userAgent = userAgent
    }

    public static let defaultUserAgent = "pulpe-tui"

    /// Validates and normalises the settings.
    ///
    /// - Parameters:
    ///   - apiURL: the API base including `/api/v1` (a trailing slash is tolerated).
    ///   - authURL: the auth origin; a trailing `/auth/v1` is tolerated. `nil` = the API's origin.
    ///   - allowInsecureHTTP: allow `http://` to hosts other than this machine.
    ///   - apiSetting, authSetting: how the user spelled the setting, for error messages.
    public static func make(apiURL: String, authURL: String? = nil, authAnonKey: String? = nil,
                            allowInsecureHTTP: Bool = false, apiSetting: String = "--api-url",
                            authSetting: String = "--auth-url") throws(ConfigurationError) -> APIConfiguration {
        let api = try URLRules.validatedBase(apiURL, setting: apiSetting, allowInsecureHTTP: allowInsecureHTTP)
        guard api.path.hasSuffix("/api/v1") else {
            throw .apiPathMissing(setting: apiSetting, value: apiURL.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        var auth: URLComponents
        if let authURL, !authURL.trimmingCharacters(in: .whitespaces).isEmpty {
            auth = try URLRules.validatedBase(authURL, setting: authSetting, allowInsecureHTTP: allowInsecureHTTP)
            if auth.path.hasSuffix("/auth/v1") { auth.path = String(auth.path.dropLast("/auth/v1".count)) }
        } else {
            auth = URLRules.origin(of: api)
        }
        guard let apiBase = api.url, let authBase = auth.url else {
            throw .invalidURL(setting: apiSetting, value: apiURL, reason: "cannot be rebuilt")
        }
        let key = authAnonKey?.trimmingCharacters(in: .whitespacesAndNewlines)
        return APIConfiguration(apiBaseURL: apiBase, authBaseURL: authBase,
                                authAnonKey: key?.isEmpty == false ? key : nil, userAgent: defaultUserAgent)
    }

    /// The configuration for a sandbox started in-process (its `baseURL`, loopback): auth at the
    /// same origin, no anon key.
    public static func sandbox(baseURL: URL) -> APIConfiguration {
        var components = URLComponents(url: baseURL, resolvingAgainstBaseURL: false) ?? URLComponents()
        var path = components.path
        while path.hasSuffix("/") { path.removeLast() }
        components.path = path
        let base = components.url ?? baseURL
        let origin = URLRules.origin(of: components).url ?? base
        return APIConfiguration(apiBaseURL: base, authBaseURL: origin, authAnonKey: nil, userAgent: defaultUserAgent)
    }

    /// The server root: the API base without its trailing `/api/v1`.
    public var serverRootURL: URL {
        let text = apiBaseURL.absoluteString
        guard text.hasSuffix("/api/v1"), let root = URL(string: String(text.dropLast("/api/v1".count))) else {
            return apiBaseURL
        }
        return root
    }

    /// `GET <root>/health`.
    public var healthURL: URL { URL(string: serverRootURL.absoluteString + "/health") ?? serverRootURL }

    /// `POST <auth>/auth/v1/token`.
    public var tokenURL: URL { URL(string: authBaseURL.absoluteString + "/auth/v1/token") ?? authBaseURL }

    /// The key sessions are stored under: the API base, so tokens of two servers never mix.
    public var sessionKey: String { sessionKeyOverride ?? apiBaseURL.absoluteString }

    /// Whether requests leave this machine in clear text (shown as a warning by the CLI).
    public var usesInsecureHTTP: Bool {
        [apiBaseURL, authBaseURL].contains { url in
            url.scheme == "http" && !URLRules.isLoopback(host: url.host ?? "")
        }
    }

    public var description: String {
        "api \(apiBaseURL.absoluteString), auth \(authBaseURL.absoluteString), anon key \(authAnonKey == nil ? "none" : "set")"
    }
}
