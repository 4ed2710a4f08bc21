import PulpeDomain

/// Work the core asks the runtime to do. The core never performs I/O itself: the runtime does the
/// terminal's and the timers' effects, and hands each concern's command to the service of that
/// concern (`EffectRunner` routes, and never changes for a new command). The concern's events
/// come back as `Msg`. Each command says how it passes the closed API gate (decision 35) beside
/// its cases (`Ports/`).
public enum Effect: Hashable, Sendable, CustomStringConvertible {
    /// Sleep on the injected clock, then send `.timerFired(token, at:)`.
    case schedule(TimerToken, after: Duration)
    /// Repaint every cell, not only the changed ones.
    case redrawAll
    /// Restore the terminal and exit with this status.
    case quit(exitCode: Int32)
    case availability(AvailabilityCommand)
    case session(SessionCommand)
    case budgets(BudgetCommand)
    case outbox(OutboxCommand)

    /// Never prints a password or a PIN, so effects can be logged.
    public var description: String {
        switch self {
        case let .schedule(token, after): "schedule(\(token.id)#\(token.generation), after: \(after))"
        case .redrawAll: "redrawAll"
        case let .quit(code): "quit(\(code))"
        case let .availability(command): command.description
        case let .session(command): command.description
        case let .budgets(command): command.description
        case let .outbox(command): command.description
        }
    }
}
