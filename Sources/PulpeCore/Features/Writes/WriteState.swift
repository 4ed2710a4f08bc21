import PulpeDomain

/// The writes' side of `AppState` (decision 84: one value, not seven loose fields): the outbox as
/// last read, the writes the server has just taken (kept applied until the month's next answer
/// has them), the undo stack, and the sync's retry count.
public struct WriteState: Hashable, Sendable {
    /// What the outbox holds for the signed-in user, as last read (pending rows, « en attente »).
    public var outbox = OutboxSnapshot()
    /// Expenses the server has just taken, kept in the month list until the month's next answer
    /// includes them (no row vanishes between the send and the refresh).
    public var recentlySent: [PendingExpense] = []
    /// Changes the server has just taken, kept applied until the month's next answer includes them
    /// (a check does not flick back between the send and the refresh).
    public var recentlyDone: [PendingChange] = []
    /// What `u` takes back, newest last (quick-adds and the month's gestures), one stack for both.
    public var undoStack: [UndoEntry] = []
    /// Numbers the gestures shown before the outbox answers (`local-1`, …).
    public var localChangeCount = 0
    /// Syncs in a row that stopped on a transient failure (the retry backoff).
    public var retries = 0
    /// Months something was postponed into: read again once the postpone has left (the month
    /// after the shown one is held from the start, and the move is the server's to show).
    public var postponedInto: Set<BudgetMonth> = []

    public init() {}
}
