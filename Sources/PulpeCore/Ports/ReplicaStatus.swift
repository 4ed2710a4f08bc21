import Foundation
import PulpeDomain

/// The replica's last complete read: how many months, and when (wall clock).
public struct ReplicaStatus: Hashable, Sendable {
    public var months: Int
    public var at: Date
    /// The account's tags as the replica holds them (`GET /tags`, read with it): the month list
    /// names an item's tags by them.
    public var tags: [Tag]
    /// The savings goals (`GET /savings-goals`, read with it): a saving prévision links to one.
    public var savingsGoals: [SavingsGoal]

    public init(months: Int, at: Date, tags: [Tag] = [], savingsGoals: [SavingsGoal] = []) {
        self.months = months
        self.at = at
        self.tags = tags
        self.savingsGoals = savingsGoals
    }
}
