import Foundation
import PulpeDomain

/// Why an item write leaves the item as it is, known before asking (for a postpone, §15.3's 409s).
public enum ItemObstacle: Hashable, Sendable {
    /// Checked off: it belongs to the month it was paid in.
    case checked
    /// A transaction on a prévision: it moves with it, not alone.
    case allocated
    /// A fixed prévision comes back every month from the template.
    case fixed
    /// A prévision with transactions: they would be left behind.
    case hasTransactions(Int)
    /// A prévision without transactions: nothing tells what it should be.
    case noTransactions
}
