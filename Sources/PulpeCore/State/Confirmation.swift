/// What a yes/no overlay asks, and so what « oui » does.
public enum Confirmation: Hashable, Sendable {
    /// `q` with writes not yet sent (they stay queued and leave at the next start); `onlyExpenses`
    /// when all of them are new expenses (worded « dépenses », else « modifications »).
    case quitWithPending(count: Int, onlyExpenses: Bool = true)
    /// `u` after the last quick-add reached the server: `DELETE` it there.
    case deleteSent(PendingExpense)
    /// Delete a queued or refused expense from the pending list.
    case deletePending(PendingExpense)
    /// Drop a queued or refused operation (a check, an edit, a delete…) from the pending list:
    /// it is never sent, and the screen shows the server's copy again.
    case dropChange(PendingChange)
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
