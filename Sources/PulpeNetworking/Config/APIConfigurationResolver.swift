/// Values given on the command line (`--api-url`, `--auth-url`, `--auth-anon-key`, `--allow-insecure-http`).
public struct ConfigurationFlags: Sendable, Hashable {
    public var apiURL: String?
    public var authURL: String?
    public var authAnonKey: String?
    public var allowInsecureHTTP: Bool

    public init(apiURL: String? = nil, authURL: String? = nil, authAnonKey: String? = nil, allowInsecureHTTP: Bool = false) {
        self.apiURL = apiURL
        self.authURL = authURL
        self.authAnonKey = authAnonKey
        self.allowInsecureHTTP = allowInsecureHTTP
    }
}

/// Which server to use.
public enum ServerSelection: Sendable, Hashable {
    /// A configured server.
    case remote(APIConfiguration)
    /// Nothing configured: start the built-in sandbox, then use `APIConfiguration.sandbox(baseURL:)`.
    case builtInSandbox
}

/// Resolves the server configuration (product.md §5): flags > environment > config file > the
/// built-in sandbox. A pure function: the caller reads the environment and the file.
public enum APIConfigurationResolver {
    public static let apiURLVariable = "PULPE_API_URL"
    public static let authURLVariable = "PULPE_AUTH_URL"
    public static let authAnonKeyVariable = "PULPE_AUTH_ANON_KEY"

    /// Each setting is taken from the highest layer that sets it (an empty value does not count).
    /// Without an API URL anywhere the answer is `.builtInSandbox`, and auth settings are ignored:
    /// the sandbox serves its own auth, and sending a real project's key to it would be a leak.
    /// `allowInsecureHTTP` is on when the flag or the file's `allow_insecure_http` says so.
    public static func resolve(flags: ConfigurationFlags = ConfigurationFlags(), environment: [String: String],
                               file: ConfigFile?) throws(ConfigurationError) -> ServerSelection {
        func pick(_ flag: String?, flagName: String, _ variable: String, _ fileValue: String?,
                  fileKey: String) -> (value: String, setting: String)? {
            if let flag = nonEmpty(flag) { return (flag, flagName) }
            if let env = nonEmpty(environment[variable]) { return (env, variable) }
            if let file, let value = nonEmpty(fileValue) { return (value, "\(fileKey) in \(file.path)") }
            return nil
        }
        guard let api = pick(flags.apiURL, flagName: "--api-url", apiURLVariable, file?.apiURL, fileKey: "api_url") else {
            return .builtInSandbox
        }
        let auth = pick(flags.authURL, flagName: "--auth-url", authURLVariable, file?.authURL, fileKey: "auth_url")
        let anonKey = pick(flags.authAnonKey, flagName: "--auth-anon-key", authAnonKeyVariable, file?.authAnonKey,
                           fileKey: "auth_anon_key")
        let allowInsecure = flags.allowInsecureHTTP || file?.allowInsecureHTTP == true
        return .remote(try APIConfiguration.make(apiURL: api.value, authURL: auth?.value, authAnonKey: anonKey?.value,
                                                 allowInsecureHTTP: allowInsecure, apiSetting: api.setting,
                                                 authSetting: auth?.setting ?? "--auth-url"))
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }
}
