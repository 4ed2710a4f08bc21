/// What proves a session's data can be shown without the PIN, as the session found it: the
/// status line's memo records it (`StatusMemo.KeyCondition`), so the launcher can tell a lock, an
/// expiry or a new key without asking the app. Kept here so the session contract names no
/// app-level module.
public enum KeptKeyProof: Sendable, Hashable {
    /// A demo session: its key is public.
    case noneNeeded
    /// The key is kept in the session keyring under `description`, as key `serial`.
    case keyring(description: String, serial: Int32)
    /// The key agent at `socket` holds the entry `entry` (its protocol hex) as `serial`: a lock,
    /// an expiry, a new key or the agent's end makes `has` answer none or another serial.
    case agent(socket: String, entry: String, serial: UInt64)
}
