/// Generation counters for timers, so a tick scheduled before a state change is recognised
/// as stale and dropped instead of acting on a screen that has moved on.
public struct TimerTable: Hashable, Sendable {
    private var generations: [TimerID: Int] = [:]
    private var armed: Set<TimerID> = []

    public init() {}

    /// Arms `id` again and returns the token its tick will carry; any earlier tick becomes stale.
    public mutating func arm(_ id: TimerID) -> TimerToken {
        let next = (generations[id] ?? 0) + 1
        generations[id] = next
        armed.insert(id)
        return TimerToken(id: id, generation: next)
    }

    /// Cancels `id`: its pending tick, if any, will be dropped when it arrives.
    public mutating func cancel(_ id: TimerID) {
        generations[id] = (generations[id] ?? 0) + 1
        armed.remove(id)
    }

    /// Accepts a tick once, if it is the latest arming of its timer.
    public mutating func consume(_ token: TimerToken) -> Bool {
        guard armed.contains(token.id), generations[token.id] == token.generation else { return false }
        armed.remove(token.id)
        return true
    }

    public func isArmed(_ id: TimerID) -> Bool { armed.contains(id) }
}
