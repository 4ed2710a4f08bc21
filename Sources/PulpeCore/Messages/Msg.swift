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
    /// The saved session's file could not be read (sent before `.sessionRestored(nil)`): the login
    /// form says so instead of appearing as if nobody had ever signed in.
    case savedSessionUnreadable
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
    /// The outbox as it now stands (after a store, a send, a removal, or read at start).
    case outboxChanged(OutboxSnapshot)
    /// The draft is on disk with this client id (the form closes; undo targets it).
    case expenseStored(PendingExpense)
    /// The draft could not be stored (the form stays open with what was typed).
    case expenseNotStored(StoreFailure)
    /// A sync sends item `done` of `total` (« Synchronisation 1/2… »); `done == total` when over.
    case syncProgress(done: Int, total: Int)
    /// The server has this item now (201, or 409 on a replay).
    case expenseSent(id: String)
    /// A sync ended: `sent` items delivered, `remaining` still queued, and the failure that stopped
    /// it early, if any.
    case syncFinished(sent: Int, remaining: Int, stoppedBy: Failure?)
    /// An item the server refused (400 / 404 / 422), with its reason.
    case expenseRefused(PendingExpense)
    /// The undo of a sent quick-add ended: deleted on the server (nil), or why not.
    case sentExpenseDeleted(id: String, failure: Failure?)
    /// Some API call answered 503 + `MAINTENANCE`, wherever the user was.
    case maintenanceDetected(message: String?, at: AppTime)
}

/// The signals that end the app from outside.
public enum InterruptSignal: Hashable, Sendable {
    case interrupt
    case terminate
    /// The terminal went away (SIGHUP, or its input hung up): nobody is left to ask anything.
    case hangUp

    /// The conventional shell status for a process ended by this signal (128 + number).
    public var exitCode: Int32 {
        switch self {
        case .interrupt: 130
        case .terminate: 143
        case .hangUp: 129
        }
    }
}
