/// Resolves the server configuration (docs/product.md §5): flags > environment > config file > the
/// built-in sandbox. A pure function: the caller reads the environment and the file.
public enum APIConfigurationResolver {
    public static let apiURLVariable = "PULPE_API_URL"
    public static let authURLVariable = "PULPE_AUTH_URL"
    public static let authAnonKeyVariable = "PULPE_AUTH_ANON_KEY"

    public static let profileVariable = "PULPE_PROFILE"

    /// Where a setting's value came from, for `pulpe config` and error messages.
    public enum Origin: Sendable, Hashable, CustomStringConvertible {
        case flag(String)
        case environment(String)
        /// A key of the config file, maybe inside a profile.
        case file(key: String, path: String, profile: String?)
        case builtIn

        public var description: String {
            switch self {
            case let .flag(name): name
            case let .environment(name): name
            case let .file(key, path, profile?): "profiles.\(profile).\(key) in \(path)"
            case let .file(key, path, nil): "\(key) in \(path)"
            case .builtIn: "default"
            }
        }

        /// The layer alone: flag, environment, file, default.
        public var layer: String {
            switch self {
            case .flag: "flag"
            case .environment: "environment"
            case .file: "file"
            case .builtIn: "default"
            }
        }
    }

    /// One resolved setting: its value (nil: unset) and where it came from.
    public struct Setting: Sendable, Hashable {
        public var key: String
        public var value: String?
        public var origin: Origin
    }

    /// The profile in use, if any: `--profile` > `PULPE_PROFILE` > the file's `"profile"`.
    public static func profile(flags: ConfigurationFlags, environment: [String: String], file: ConfigFile?) -> Setting {
        if let flag = nonEmpty(flags.profile) { return Setting(key: "profile", value: flag, origin: .flag("--profile")) }
        if let env = nonEmpty(environment[profileVariable]) {
            return Setting(key: "profile", value: env, origin: .environment(profileVariable))
        }
        if let file, let name = nonEmpty(file.defaultProfile) {
            return Setting(key: "profile", value: name, origin: .file(key: "profile", path: file.path, profile: nil))
        }
        return Setting(key: "profile", value: nil, origin: .builtIn)
    }

    /// The config file's values with the chosen profile applied (an unknown profile is an error).
    public static func effectiveFile(flags: ConfigurationFlags, environment: [String: String],
                                     file: ConfigFile?) throws(ConfigurationError) -> ConfigFile? {
        guard let name = profile(flags: flags, environment: environment, file: file).value else { return file }
        guard let file else {
            if name == ConfigFile.sandboxProfile { return nil }
            throw .unknownProfile(name: name, path: nil, known: ConfigFile.sandboxProfile)
        }
        return try file.applying(profile: name)
    }

    /// Every server setting with its value and origin, by the same layering `resolve` uses:
    /// flags > environment > config file (its profile first) > built-in.
    public static func settings(flags: ConfigurationFlags, environment: [String: String],
                                file: ConfigFile?) throws(ConfigurationError) -> [Setting] {
        let file = try effectiveFile(flags: flags, environment: environment, file: file)
        func pick(_ flag: String?, flagName: String, _ variable: String?, _ fileValue: String?, fileKey: String) -> Setting {
            if let flag = nonEmpty(flag) { return Setting(key: fileKey, value: flag, origin: .flag(flagName)) }
            if let variable, let env = nonEmpty(environment[variable]) {
                return Setting(key: fileKey, value: env, origin: .environment(variable))
            }
            if let file, let value = nonEmpty(fileValue) {
                let inProfile = file.appliedProfile.flatMap { file.profiles[$0] }.map { profile in
                    switch fileKey {
                    case "api_url": profile.apiURL != nil
                    case "auth_url": profile.authURL != nil
                    case "auth_anon_key": profile.authAnonKey != nil
                    default: profile.allowInsecureHTTP != nil
                    }
                } ?? false
                return Setting(key: fileKey, value: value,
                               origin: .file(key: fileKey, path: file.path, profile: inProfile ? file.appliedProfile : nil))
            }
            return Setting(key: fileKey, value: nil, origin: .builtIn)
        }
        let insecure = flags.allowInsecureHTTP
            ? Setting(key: "allow_insecure_http", value: "true", origin: .flag("--allow-insecure-http"))
            : pick(nil, flagName: "", nil, file?.allowInsecureHTTP.map { $0 ? "true" : "false" }, fileKey: "allow_insecure_http")
        return [
            pick(flags.apiURL, flagName: "--api-url", apiURLVariable, file?.apiURL, fileKey: "api_url"),
            pick(flags.authURL, flagName: "--auth-url", authURLVariable, file?.authURL, fileKey: "auth_url"),
            pick(flags.authAnonKey, flagName: "--auth-anon-key", authAnonKeyVariable, file?.authAnonKey, fileKey: "auth_anon_key"),
            insecure,
        ]
    }

    /// Each setting is taken from the highest layer that sets it (an empty value does not count).
    /// Without an API URL anywhere the answer is `.builtInSandbox`, and auth settings are ignored:
    /// the sandbox serves its own auth, and sending a real project's key to it would be a leak.
    /// `allowInsecureHTTP` is on when the flag or the file's `allow_insecure_http` says so.
    public static func resolve(flags: ConfigurationFlags = ConfigurationFlags(), environment: [String: String],
                               file: ConfigFile?) throws(ConfigurationError) -> ServerSelection {
        let settings = try settings(flags: flags, environment: environment, file: file)
        func value(_ key: String) -> Setting? { settings.first { $0.key == key && $0.value != nil } }
        guard let api = value("api_url"), let apiURL = api.value else { return .builtInSandbox }
        let auth = value("auth_url")
        let anonKey = value("auth_anon_key")
        let allowInsecure = value("allow_insecure_http")?.value == "true"
        return .remote(try APIConfiguration.make(apiURL: apiURL, authURL: auth?.value, authAnonKey: anonKey?.value,
                                                 allowInsecureHTTP: allowInsecure, apiSetting: api.origin.description,
                                                 authSetting: auth?.origin.description ?? "--auth-url"))
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }
}
