/// Where events come from. `readEvents` never blocks; it returns what is pending.
@MainActor
public protocol TerminalInput: AnyObject {
    /// Drains pending input without blocking (empty when nothing is pending).
    func readEvents() -> [TerminalEvent]
}
