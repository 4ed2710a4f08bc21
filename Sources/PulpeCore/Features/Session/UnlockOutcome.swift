import PulpeDomain

/// How unlocking with a PIN (or the demo key) ended.
public enum UnlockOutcome: Hashable, Sendable {
    case unlocked
    case failed(Failure)
}
