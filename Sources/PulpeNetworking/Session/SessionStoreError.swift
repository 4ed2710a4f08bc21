/// Why the session file could not be read or written. Paths only, never contents.
public enum SessionStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): return "cannot read session file \(path): \(reason)"
        case .unwritable(let path, let reason): return "cannot write session file \(path): \(reason)"
        }
    }
}
