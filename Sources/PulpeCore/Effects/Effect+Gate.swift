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
