import ArgumentParser
import PulpeNetworking

/// The server options every command takes (flags > environment > config file > built-in sandbox).
public struct ServerFlags: ParsableArguments, Sendable {
    @Option(name: .customLong("api-url"), help: "API base including /api/v1 (e.g. http://127.0.0.1:3000/api/v1).")
    public var apiURL: String?

    @Option(name: .customLong("auth-url"), help: "Auth server origin (default: the API's origin).")
    public var authURL: String?

    @Option(name: .customLong("auth-anon-key"), help: "The auth project's public key, sent as `apikey`.")
    public var authAnonKey: String?

    @Flag(name: .customLong("allow-insecure-http"), help: "Allow http:// to hosts other than this machine.")
    public var allowInsecureHTTP = false

    @Option(name: .customLong("profile"), help: ArgumentHelp("A server profile of the config file (e.g. pulpe); sandbox is the built-in one.",
                                                             valueName: "name"))
    public var profile: String?

    public init() {}

    /// No flag given: the server and folders come from the environment and the config file only
    /// (what the launcher's memo of `pulpe status` can compare, decision 64).
    var selectsByEnvironmentAlone: Bool {
        apiURL == nil && authURL == nil && authAnonKey == nil && !allowInsecureHTTP && profile == nil
    }

    var configurationFlags: ConfigurationFlags {
        ConfigurationFlags(apiURL: apiURL, authURL: authURL, authAnonKey: authAnonKey, allowInsecureHTTP: allowInsecureHTTP,
                           profile: profile)
    }
}
