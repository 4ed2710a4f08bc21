public enum SessionEvent: Hashable, Sendable {
    /// The saved session, if any (nil: nobody is signed in on this server).
    case sessionRestored(SessionSummary?, at: AppTime)
    /// The saved session's file could not be read (sent before `.sessionRestored(nil)`): the login
    /// form says so instead of appearing as if nobody had ever signed in.
    case savedSessionUnreadable
    case loginFinished(LoginOutcome, at: AppTime)
    case unlockFinished(UnlockOutcome, at: AppTime)
    /// The saved session whose cached data can be browsed offline, if any.
    case offlineDataChecked(SessionSummary?)
    /// The saved session as its file says (nil: nobody is signed in on this server).
    case savedSessionRead(SessionSummary?)

    var time: AppTime? {
        switch self {
        case let .sessionRestored(_, at), let .loginFinished(_, at), let .unlockFinished(_, at): at
        case .savedSessionUnreadable, .offlineDataChecked, .savedSessionRead: nil
        }
    }
}
