import PulpeDomain

/// Everything that can happen to the app: input, time, and results of effects.
public enum Msg: Hashable, Sendable {
    /// The runtime is up and has painted nothing yet.
    case started(at: AppTime, size: Size)
    /// A key the key table resolved for the current screen.
    case action(Action)
    /// Text typed into the focused field.
    case text(TextEdit)
    /// A key that has no binding on the current screen (the splash treats any key as « skip »).
    case unboundKey
    case resized(Size)
    case timerFired(TimerToken, at: AppTime)
    /// SIGINT (Ctrl-C) or SIGTERM: always quit, cleanly.
    case interrupted(InterruptSignal)
    /// What the services answer, by concern (`Ports/`).
    case availability(AvailabilityEvent)
    case session(SessionEvent)
    case budgets(BudgetEvent)
    case outbox(OutboxEvent)
}
