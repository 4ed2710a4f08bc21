/// Why the sandbox could not start.
public enum SandboxStartError: Error, CustomStringConvertible, Sendable {
    /// The data directory could not be created or its database opened.
    case dataDirectory(path: String, reason: String)
    /// The address could not be bound (port in use, bad host, …).
    case bind(host: String, port: Int, reason: String)
    /// An option value is out of range.
    case invalidConfiguration(String)

    public var description: String {
        switch self {
        case .dataDirectory(let path, let reason): return "cannot open data directory \(path): \(reason)"
        case .bind(let host, let port, let reason): return "cannot listen on \(host):\(port): \(reason)"
        case .invalidConfiguration(let reason): return "invalid configuration: \(reason)"
        }
    }
}
