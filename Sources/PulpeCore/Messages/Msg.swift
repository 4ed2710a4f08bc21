import PulpeDomain

/// Everything that can happen to the app: input, time, and results of effects.
public enum Msg: Hashable, Sendable {
    /// The runtime is up and has painted nothing yet.
    case started(at: AppTime, size: TerminalSize)
    /// A key the key table resolved for the current screen.
    case action(Action)
    /// Text typed into the focused field.
    case text(TextEdit)
    /// A key that has no binding on the current screen (the splash treats any key as « skip »).
    case unboundKey
    case resized(TerminalSize)
    case timerFired(TimerToken, at: AppTime)
    /// SIGINT (Ctrl-C) or SIGTERM: always quit, cleanly.
    case interrupted(InterruptSignal)
    /// The answer to `GET /maintenance/status`.
    case serviceChecked(ServiceCheckOutcome, at: AppTime)
    /// The saved session, if any (nil: nobody is signed in on this server).
    case sessionRestored(SessionSummary?, at: AppTime)
    case loginFinished(LoginOutcome, at: AppTime)
    case unlockFinished(UnlockOutcome, at: AppTime)
    /// The network came back (`false`) or went away (`true`), as the connectivity monitor saw it.
    case connectivityChanged(offline: Bool)
    /// The saved session whose cached data can be browsed offline, if any.
    case offlineDataChecked(SessionSummary?)
    case monthLoaded(BudgetMonth, FetchOutcome<MonthContent>, at: AppTime)
    case yearLoaded(Int, FetchOutcome<[BudgetSummary]>, at: AppTime)
    /// The answer to `GET /users/settings`.
    case settingsLoaded(SettingsOutcome, at: AppTime)
    /// Some API call answered 503 + `MAINTENANCE`, wherever the user was.
    case maintenanceDetected(message: String?, at: AppTime)
}

/// The signals that end the app from outside.
public enum InterruptSignal: Hashable, Sendable {
    case interrupt
    case terminate

    /// The conventional shell status for a process ended by this signal (128 + number).
    public var exitCode: Int32 {
        switch self {
        case .interrupt: 130
        case .terminate: 143
        }
    }
}
