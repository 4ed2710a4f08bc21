/// A workflow run without a terminal — a shell command — on the same commands, events and gate
/// as the TUI's core: it returns effects, the runtime's headless driver runs them with the same
/// router (`EffectRunner`) and feeds their events back, until the flow has an outcome. Pure, so a
/// flow is tested by feeding it events, like `Core.update`.
///
/// Time reaches a flow the TUI's way: a deadline is a timer it arms (`Effect.schedule`) and gets
/// back as `.timerFired`.
public protocol HeadlessFlow: Sendable {
    associatedtype Outcome: Sendable

    /// The first effects.
    mutating func start() -> [Effect]
    /// A service's event, or a timer's tick.
    mutating func handle(_ msg: Msg) -> [Effect]
    /// `effect` (as it ran, past the gate) has sent all its events: a flow that waits for « the
    /// last answer » of a command (the cached copy comes first, then the server's) goes on here.
    mutating func finished(_ effect: Effect) -> [Effect]
    /// Set once the flow is over; the driver stops there, cancelling what still runs.
    var outcome: Outcome? { get }
    /// Whether the API may be asked: false until the status check says available (decision 35).
    var allowsRequests: Bool { get }
}

extension HeadlessFlow {
    // Each step is taken before the gate is read: `gated(handle(msg))` would read `self` — and
    // the gate — as it was before the step (a base is evaluated before its arguments).

    /// `start()` past the gate: what the driver runs.
    public mutating func begin() -> [Effect] {
        let effects = start()
        return gated(effects)
    }

    /// `handle(_:)` past the gate. A month's preview (`BudgetDetails.preview`: its first rows)
    /// is the TUI's, for a first screen: a command reads, prints and changes whole months only.
    public mutating func receive(_ msg: Msg) -> [Effect] {
        if case let .budgets(.monthLoaded(_, .fetched(fetched), _)) = msg, fetched.isPreview { return [] }
        let effects = handle(msg)
        return gated(effects)
    }

    /// `finished(_:)` past the gate.
    public mutating func receiveEnd(of effect: Effect) -> [Effect] {
        let effects = finished(effect)
        return gated(effects)
    }

    /// The closed gate as `Core.update` applies it: loads read the cache, writes are stored and
    /// not sent, what only the server can do is dropped — whatever the flow asked.
    private func gated(_ effects: [Effect]) -> [Effect] {
        allowsRequests ? effects : effects.compactMap { $0.throughClosedGate() }
    }
}
