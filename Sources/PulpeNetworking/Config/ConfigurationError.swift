/// Why the server configuration cannot be used. `description` is English (the CLI prints it).
public enum ConfigurationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Not an absolute http(s) URL with a host (or it embeds credentials, a query or a fragment).
    case invalidURL(setting: String, value: String, reason: String)
    /// `http://` to a host that is not this machine, without `--allow-insecure-http`.
    case insecureHTTP(setting: String, host: String)
    /// The API URL does not end with `/api/v1`.
    case apiPathMissing(setting: String, value: String)
    /// The config file exists but cannot be read.
    case unreadableFile(path: String, reason: String)
    /// The config file is not a JSON object with the expected value types.
    case malformedFile(path: String, reason: String)
    /// `--profile NAME` names no profile of the config file.
    case unknownProfile(name: String, path: String?, known: String)
    /// `key_ttl` / `lock_after` (flag, variable or file) is not a duration.
    case invalidDuration(setting: String, value: String)

    public var description: String {
        switch self {
        case .invalidURL(let setting, let value, let reason):
            return "\(setting): \"\(value)\" is not a usable URL (\(reason))"
        case .insecureHTTP(let setting, let host):
            return "\(setting): refusing plain http:// to \(host), which is not this machine; "
                + "use https://, or pass --allow-insecure-http if you really mean it"
        case .apiPathMissing(let setting, let value):
            return "\(setting): \"\(value)\" must be the API base including /api/v1, e.g. https://api.pulpe.app/api/v1"
        case .unreadableFile(let path, let reason):
            return "cannot read the config file \(path): \(reason)"
        case .malformedFile(let path, let reason):
            return "config file \(path): \(reason)"
        case .unknownProfile(let name, let path, let known):
            return "no profile \"\(name)\"" + (path.map { " in \($0)" } ?? " (no config file)") + "; known: \(known)"
        case .invalidDuration(let setting, let value):
            return "\(setting): \"\(value)\" is not a duration (seconds, or a number with s, m, h or d; at most a year)"
        }
    }

    /// The same problem as a `PulpeError`, for code paths that report only those.
    public var pulpeError: PulpeError {
        switch self {
        case .insecureHTTP: return PulpeError(.insecureURL, context: ErrorContext(serverMessage: description))
        default: return PulpeError(.invalidURL, context: ErrorContext(serverMessage: description))
        }
    }
}
