/// Why a spread stores nothing (§16.3), as data: the TUI and the shell word it.
public enum SpreadObstacle: Hashable, Sendable {
    /// An income is not spread (the apps do not either).
    case income
    /// A prévision that comes back from the template (fixe), or already one month of a spread.
    case notOneOff
    /// A transaction on a prévision: only a free one is spread.
    case onPrevision
    /// From scratch 1 to 36 months; from an existing item 2 to 36.
    case months(Int)
    /// One line of a « Piocher dans son épargne » pair (the server refuses it), or nothing to split.
    case notSpreadable
    /// The month's budget waits in the outbox: the spread or the pair goes once it is sent.
    case monthWaits
}
