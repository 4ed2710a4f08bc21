import PulpeDomain

/// Work the core asks the runtime to do. The core never performs I/O itself; the runtime
/// runs each effect asynchronously and feeds its outcome back as a `Msg`.
public enum Effect: Hashable, Sendable, CustomStringConvertible {
    /// Sleep on the injected clock, then send `.timerFired(token, at:)`.
    case schedule(TimerToken, after: Duration)
    /// Repaint every cell, not only the changed ones.
    case redrawAll
    /// Restore the terminal and exit with this status.
    case quit(exitCode: Int32)
    /// `GET /maintenance/status` → `.serviceChecked`.
    case checkService
    /// Load the saved session for this server → `.sessionRestored`.
    case restoreSession
    /// Password login → `.loginFinished`.
    case logIn(email: String, password: String)
    /// `POST /demo/session` → `.loginFinished`.
    case startDemo
    /// Derive and validate the client key from the PIN → `.unlockFinished`.
    case unlock(pin: String)
    /// Use the public demo key → `.unlockFinished`.
    case unlockDemo
    /// Forget the session (tokens file and key in memory).
    case signOut
    /// Forget the client key, in memory and where it was kept (`pulpe lock`): the idle lock and
    /// its key (decision 43). The session stays; the PIN brings the data back.
    case lock
    /// Is there a saved session with cached data to browse offline? → `.offlineDataChecked`.
    case checkOfflineData
    /// `GET /users/settings` → `.settingsLoaded`.
    case loadSettings
    /// The month's details (cached copy first, then the server) → `.monthLoaded`, once or twice.
    case loadMonth(BudgetMonth)
    /// The year's sparse list (cached copy first, then the server) → `.yearLoaded`.
    case loadYear(Int)
    /// The cache's copy only, never the server: what a load becomes while the API gate is closed
    /// (decision 35) → `.settingsLoaded` / `.monthLoaded` / `.yearLoaded`, `.failed(.offline)`
    /// when the cache has none.
    case loadCached(CachedLoad)
    /// Read the outbox for the signed-in user → `.outboxChanged`.
    case loadOutbox
    /// Give the draft its client id and commit it to the outbox, before any network call →
    /// `.expenseStored` (then `.outboxChanged`), or `.expenseNotStored`. A sync follows when the
    /// core says so (the API may be asked and the key is unlocked).
    case storeExpense(ExpenseDraft, thenSync: Bool)
    /// Send what the outbox holds, in order (`s`, start, connectivity back, maintenance over) →
    /// `.syncProgress`, `.outboxChanged`.
    case syncOutbox
    /// Remove a pending or refused item (the user deleted it, or undid a quick-add not yet sent)
    /// → `.outboxChanged`.
    case removePending(id: String)
    /// The user corrected an item: same client id, new fields, pending again → `.outboxChanged`;
    /// then a sync when the core says so.
    case replacePending(id: String, ExpenseDraft, thenSync: Bool)
    /// Undo of a quick-add the server already has: `DELETE /transactions/:id` → `.sentExpenseDeleted`.
    case deleteSentExpense(id: String, month: BudgetMonth)

    /// Never prints a password or a PIN, so effects can be logged.
    public var description: String {
        switch self {
        case let .schedule(token, after): "schedule(\(token.id)#\(token.generation), after: \(after))"
        case .redrawAll: "redrawAll"
        case let .quit(code): "quit(\(code))"
        case .checkService: "checkService"
        case .restoreSession: "restoreSession"
        case .logIn: "logIn(<redacted>)"
        case .startDemo: "startDemo"
        case .unlock: "unlock(<redacted>)"
        case .unlockDemo: "unlockDemo"
        case .signOut: "signOut"
        case .lock: "lock"
        case .loadSettings: "loadSettings"
        case .checkOfflineData: "checkOfflineData"
        case let .loadMonth(month): "loadMonth(\(month.year)-\(month.month))"
        case let .loadYear(year): "loadYear(\(year))"
        case let .loadCached(load): "loadCached(\(load))"
        case .loadOutbox: "loadOutbox"
        case let .storeExpense(draft, thenSync): "storeExpense(\(draft.kind.rawValue), \(draft.month), thenSync: \(thenSync))"
        case .syncOutbox: "syncOutbox"
        case let .removePending(id): "removePending(\(id))"
        case let .replacePending(id, _, thenSync): "replacePending(\(id), thenSync: \(thenSync))"
        case let .deleteSentExpense(id, _): "deleteSentExpense(\(id))"
        }
    }
}

/// What a cache-only load reads.
public enum CachedLoad: Hashable, Sendable, CustomStringConvertible {
    case settings
    case month(BudgetMonth)
    case year(Int)

    public var description: String {
        switch self {
        case .settings: "settings"
        case let .month(month): "\(month.year)-\(month.month)"
        case let .year(year): "\(year)"
        }
    }
}
