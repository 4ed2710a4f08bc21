/// Values given on the command line (`--api-url`, `--auth-url`, `--auth-anon-key`, `--allow-insecure-http`).
public struct ConfigurationFlags: Sendable, Hashable {
    public var apiURL: String?
    public var authURL: String?
    public var authAnonKey: String?
    public var allowInsecureHTTP: Bool
    /// `--profile NAME`: which of the config file's server profiles to use.
    public var profile: String?

    public init(apiURL: String? = nil, authURL: String? = nil, authAnonKey: String? = nil, allowInsecureHTTP: Bool = false,
                profile: String? = nil) {
        self.apiURL = apiURL
        self.authURL = authURL
        self.authAnonKey = authAnonKey
        self.allowInsecureHTTP = allowInsecureHTTP
        self.profile = profile
    }
}
