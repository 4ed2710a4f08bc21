extension Effect {
    /// The effect as the closed API gate lets it through (decision 35: before the status check says
    /// available, and during maintenance, nothing talks to the API). Each concern's command says
    /// its own rule (`Ports/`): a load reads the cache only, an expense is stored without a send,
    /// what only the server can do is held back. `update` applies this to every effect it returns,
    /// so no transition can forget it.
    func throughClosedGate() -> Effect? {
        switch self {
        case .schedule, .redrawAll, .quit: self
        case let .availability(command): command.throughClosedGate().map(Effect.availability)
        case let .session(command): command.throughClosedGate().map(Effect.session)
        case let .budgets(command): command.throughClosedGate().map(Effect.budgets)
        case let .outbox(command): command.throughClosedGate().map(Effect.outbox)
        }
    }
}

extension Effect {
    /// The effect while the start-up restores the session (`StartupPhase.checksTheKey`): the
    /// session's own commands go, the data's wait. A kept key may have been made stale by a PIN
    /// changed on another device; a load read with it answers zeros, and each would cost a
    /// validate-key call (5 a minute) to be recognised. So loads read the cache, and the outbox
    /// is written, never sent, exactly as behind the closed gate; `finishStartup` asks the server
    /// again for all that only the cache answered.
    func whileTheKeyIsChecked() -> Effect? {
        switch self {
        case .budgets, .outbox: throughClosedGate()
        case .schedule, .redrawAll, .quit, .availability, .session: self
        }
    }
}
