/// Who is signed in, and whether their data is unlocked (tokens and keys stay in the services).
public enum SessionCommand: Hashable, Sendable, CustomStringConvertible {
    /// Load the saved session for this server → `.sessionRestored`.
    case restoreSession
    /// Password login → `.loginFinished`.
    case logIn(email: String, password: String)
    /// `POST /demo/session` → `.loginFinished`.
    case startDemo
    /// Derive and validate the client key from the PIN → `.unlockFinished`.
    case unlock(pin: String)
    /// The PIN of a screen this process locked, checked without the server (what `unlock` becomes
    /// behind the closed gate) → `.unlockFinished`.
    case unlockLocally(pin: String)
    /// Use the public demo key → `.unlockFinished`.
    case unlockDemo
    /// Forget the session (tokens file and key in memory).
    case signOut
    /// Forget the client key, in memory and where it was kept (`pulpe lock`): the idle lock and
    /// its key (decision 43). The session stays; the PIN brings the data back.
    case lock
    /// Is there a saved session with cached data to browse offline? → `.offlineDataChecked`.
    case checkOfflineData
    /// Who is signed in, as the saved session's file says, without the server or the cache
    /// (`pulpe pending`) → `.savedSessionRead`.
    case readSavedSession

    /// Local commands pass the closed gate; what only the server can do is held back (the
    /// start-up asks for it once the check says available).
    func throughClosedGate() -> Self? {
        switch self {
        case .signOut, .lock, .checkOfflineData, .readSavedSession, .unlockLocally: self
        // A PIN typed over a locked screen during maintenance is checked here, not by the server.
        case let .unlock(pin): .unlockLocally(pin: pin)
        case .restoreSession, .logIn, .startDemo, .unlockDemo: nil
        }
    }

    /// Never prints a password or a PIN, so commands can be logged.
    public var description: String {
        switch self {
        case .restoreSession: "restoreSession"
        case .logIn: "logIn(<redacted>)"
        case .startDemo: "startDemo"
        case .unlock: "unlock(<redacted>)"
        case .unlockLocally: "unlockLocally(<redacted>)"
        case .unlockDemo: "unlockDemo"
        case .signOut: "signOut"
        case .lock: "lock"
        case .checkOfflineData: "checkOfflineData"
        case .readSavedSession: "readSavedSession"
        }
    }
}
