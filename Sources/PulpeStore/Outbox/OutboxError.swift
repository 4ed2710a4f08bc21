/// Why the outbox could not do what was asked. Unlike the cache, the outbox never fails quietly:
/// an expense that could not be stored must be reported before the form closes.
public enum OutboxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file or its folder cannot be used (permissions, not a directory, disk full).
    case unusable(path: String, reason: String)
    /// The file cannot be sealed — its key was not taken by the VFS, or libcrypto is missing — so
    /// it is not opened at all: never in clear (decision 98).
    case unsealable(path: String, reason: String)
    /// The file is not a readable outbox and could not be set aside safely (another pulpe held
    /// the open lock too long); it was left in place, untouched.
    case damaged(path: String, reason: String)
    /// A read or write failed.
    case database(String)
    /// A row on disk could not be read back (its fields are named in the reason).
    case unreadableRow(id: String, reason: String)
    /// The file is sealed and no key is in hand: the client is locked (decision 83).
    case locked

    public var description: String {
        switch self {
        case let .unusable(path, reason), let .unsealable(path, reason): "outbox: cannot use \(path): \(reason)"
        case let .damaged(path, reason): "outbox: \(path) is damaged (\(reason)); it was left untouched"
        case let .database(reason): "outbox: \(reason)"
        case let .unreadableRow(id, reason): "outbox: item \(id) cannot be read back: \(reason)"
        case .locked: "outbox: locked (sealed with the data key; unlock with the PIN first)"
        }
    }
}
