import PulpeCore
import PulpeDomain

/// Who is signed in, and whether their data is unlocked. Tokens and the client key stay behind
/// this protocol: callers only ever see a `SessionSummary` (decision 12).
public protocol SessionService: Sendable {
    /// The saved session for this server, refreshed if needed; nil when nobody is signed in.
    func restoreSession() async -> SessionSummary?
    func logIn(email: String, password: String) async -> LoginOutcome
    func startDemo() async -> LoginOutcome
    /// Derives the client key from the PIN and validates it with the server.
    func unlock(pin: String) async -> UnlockOutcome
    /// Opens a screen this process locked with its PIN, without the server (offline, maintenance).
    func unlockLocally(pin: String) async -> UnlockOutcome
    /// Uses and validates the public demo key.
    func unlockDemo() async -> UnlockOutcome
    func signOut() async
    /// The saved session, when the cache holds data of it to browse offline.
    func offlineSession() async -> SessionSummary?
    /// The saved session as its file says: no request, no refresh, no cache read.
    func savedSession() async -> SessionSummary?
    /// Forgets the client key, in memory and where it was kept for the shell (`pulpe lock`);
    /// true when a kept key was forgotten.
    func lock() async -> Bool
    /// Where the signed-in user's client key is kept (keyring or file), if it is.
    func keptKeyPlace() async -> KeptKeyPlace?
    /// Whether the saved session's file could not be read (asked after `restoreSession` found
    /// none): the login form then says why it is back.
    func savedSessionUnreadable() async -> Bool
    /// What proves the saved session's data can be shown without the PIN, for the memo `pulpe
    /// status` leaves the launcher (decision 64); nil when nothing proves it.
    func statusKeyCondition() async -> KeptKeyProof?
}

extension SessionService {
    /// Services without a session file (tests, the unreachable stand-in) have nothing to say.
    public func savedSessionUnreadable() async -> Bool { false }
    /// Services that keep no session prove nothing: no memo.
    public func statusKeyCondition() async -> KeptKeyProof? { nil }
    /// Services that keep no session file: the offline one is all they know.
    public func savedSession() async -> SessionSummary? { await offlineSession() }
    /// Services that keep nothing to check a PIN against need the server.
    public func unlockLocally(pin: String) async -> UnlockOutcome { .failed(.maintenance) }
}
