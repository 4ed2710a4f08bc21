/// What a yes/no overlay asks, and so what « oui » does.
public enum Confirmation: Hashable, Sendable {
    /// `q` with writes not yet sent (they stay queued and leave at the next start); `onlyExpenses`
    /// when all of them are new expenses (worded « dépenses », else « modifications »).
    case quitWithPending(count: Int, onlyExpenses: Bool = true)
    /// `u` after the newest quick-add reached the server: its `undo` (a delete) stored after a yes.
    case deleteSent(UndoEntry)
    /// Take a queued or refused write out of the outbox (the pending list's `d`, a waiting
    /// expense's `d` on the month): never sent — an expense is gone, an operation leaves the
    /// server's copy on screen again.
    case dropPending(PendingWrite)
    /// `x` on a prévision with transactions not checked yet: check them too? (« non » checks the
    /// prévision alone.)
    case checkLineTransactions(lineId: String, name: String, count: Int)
    /// `b` with `count` lines and transactions not checked off: the « À pointer » list first?
    /// (« non » opens the balances form at once.)
    case reconcileToCheck(count: Int)
    /// `D`: « Se déconnecter ? », saying first what stays queued for this account (`pending`
    /// writes, worded as `quitWithPending`); a yes signs out to the login screen, where another
    /// account or the demo can be chosen (« Changer de compte »).
    case signOut(pending: Int, onlyExpenses: Bool = true)
}
