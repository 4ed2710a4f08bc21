/// Work the core asks the runtime to do. The core never performs I/O itself; the runtime
/// runs each effect asynchronously and feeds its outcome back as a `Msg`.
public enum Effect: Hashable, Sendable {
    /// Sleep on the injected clock, then send `.timerFired(token, at:)`.
    case schedule(TimerToken, after: Duration)
    /// Repaint every cell, not only the changed ones.
    case redrawAll
    /// Restore the terminal and exit with this status.
    case quit(exitCode: Int32)
}
