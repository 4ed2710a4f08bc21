import PulpeCore

/// The services effects are run with, one per concern, and the one router from a command to its
/// service (`run`, used by `EffectRunner` for the TUI and the shell's headless flows alike).
public struct ServiceSet: Sendable {
    public var availability: any AvailabilityService
    public var sessions: any SessionService
    public var budgets: any BudgetService
    public var outbox: any OutboxService
    /// Answers chosen by command, before any service is asked: a test overrides the one behaviour
    /// it is about (`overriding`), not every member of a service. Nil for a command it leaves to
    /// the services.
    public var answers: (@Sendable (Effect, AppTime) -> [Msg]?)?

    public init(availability: any AvailabilityService, sessions: any SessionService, budgets: any BudgetService,
                outbox: any OutboxService) {
        self.availability = availability
        self.sessions = sessions
        self.budgets = budgets
        self.outbox = outbox
    }
}

extension ServiceSet {
    /// This set, with `answer` consulted first for every command (the last override wins).
    public func overriding(_ answer: @escaping @Sendable (Effect, AppTime) -> [Msg]?) -> ServiceSet {
        var copy = self
        let earlier = answers
        copy.answers = { effect, now in answer(effect, now) ?? earlier?(effect, now) }
        return copy
    }

    /// Runs one concern's command on the service of that concern, its events sent as messages; a
    /// new command changes its port (PulpeCore/Ports) and its service's `run`
    /// (PulpeServices/Commands), never this router. Timers and the terminal's effects are not the
    /// services': nothing is sent for them.
    public func run(_ effect: Effect, now: @escaping @Sendable () -> AppTime, send: @escaping @Sendable (Msg) -> Void) async {
        if let answered = answers?(effect, now()) {
            answered.forEach(send)
            return
        }
        switch effect {
        case .schedule, .redrawAll, .quit: return
        case let .availability(command): await availability.run(command, now: now) { send(.availability($0)) }
        case let .session(command): await sessions.run(command, now: now) { send(.session($0)) }
        case let .budgets(command): await budgets.run(command, now: now) { send(.budgets($0)) }
        case let .outbox(command): await outbox.run(command, now: now) { send(.outbox($0)) }
        }
    }
}
