import PulpeDomain

/// What the core knows of the signed-in user: enough to choose between the PIN screen and the
/// home screen. Tokens and keys stay in the runtime; they never enter the state.
public struct SessionSummary: Hashable, Sendable {
    public var email: String
    /// Demo sessions use the public demo key and skip the PIN.
    public var isDemo: Bool
    /// The client key is derived and validated (held in memory by the runtime).
    public var isUnlocked: Bool
    /// A client key derived from the PIN earlier was kept (`pulpe unlock`, or a PIN entered in
    /// the TUI) in the session keyring or its 0600 file (docs/decisions.md 36).
    public var hasKeptKey: Bool
    /// The kept key was refused when the session was restored (the PIN was changed elsewhere): it
    /// is gone, and the PIN screen says why it is back.
    public var keyWasRefused: Bool

    public init(email: String, isDemo: Bool, isUnlocked: Bool, hasKeptKey: Bool = false, keyWasRefused: Bool = false) {
        self.email = email
        self.isDemo = isDemo
        self.isUnlocked = isUnlocked
        self.hasKeptKey = hasKeptKey
        self.keyWasRefused = keyWasRefused
    }

    /// Its data can be shown without asking the PIN, so a returning user sees the cached month
    /// before the status check answers (docs/product.md §2.2): a demo session's key is public, and a
    /// kept key was validated when it was kept.
    public var needsNoPin: Bool { isDemo || hasKeptKey }
}
