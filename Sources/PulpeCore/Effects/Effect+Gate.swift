extension Effect {
    /// The effect as the closed API gate lets it through (decision 35: before the status check says
    /// available, and during maintenance, nothing talks to the API). A load reads the cache only; an
    /// expense is stored without a send; what only the server can do is held back — the start-up
    /// asks for it once the check says available (`homeAppeared` loads and syncs). `update` applies
    /// this to every effect it returns, so no transition can forget it; the switch is exhaustive, so
    /// a new effect must say which kind it is.
    func throughClosedGate() -> Effect? {
        switch self {
        case .schedule, .redrawAll, .quit, .checkService, .checkOfflineData, .loadCached, .loadOutbox, .removePending,
             .signOut, .lock:
            // Local, or the check itself (which never raises the maintenance signal).
            return self
        case .loadSettings:
            return .loadCached(.settings)
        case let .loadMonth(month):
            return .loadCached(.month(month))
        case let .loadYear(year):
            return .loadCached(.year(year))
        case let .storeExpense(draft, _):
            return .storeExpense(draft, thenSync: false)
        case let .replacePending(id, draft, _):
            return .replacePending(id: id, draft, thenSync: false)
        case .restoreSession, .logIn, .startDemo, .unlock, .unlockDemo, .syncOutbox, .deleteSentExpense:
            return nil
        }
    }
}
