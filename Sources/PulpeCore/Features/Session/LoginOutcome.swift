import PulpeDomain

/// How a login (password or demo) ended.
public enum LoginOutcome: Hashable, Sendable {
    case signedIn(SessionSummary)
    case failed(Failure)
}
