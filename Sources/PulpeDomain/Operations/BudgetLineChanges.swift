import Foundation

/// The fields of a prévision a patch changes: name, amount, and its whole edit's kind and
/// recurrence (§15.5). On the wire it always carries `id` and `isManuallyAdjusted: true`
/// (omitting the flag writes `false`, §14.3). Nil: unchanged.
public struct BudgetLineChanges: Hashable, Sendable, Codable {
    public var name: String?
    public var amount: Decimal?
    public var kind: TransactionKind?
    public var recurrence: Recurrence?
    /// The whole set of tags afterwards (a PATCH replaces it, §15.2).
    public var tagIds: [String]?
    /// The savings-goal link set or cleared (a saving line only, §15.5); nil: as it is.
    public var goal: GoalLink?

    public init(name: String? = nil, amount: Decimal? = nil, kind: TransactionKind? = nil, recurrence: Recurrence? = nil,
                tagIds: [String]? = nil, goal: GoalLink? = nil) {
        self.name = name
        self.amount = amount
        self.kind = kind
        self.recurrence = recurrence
        self.tagIds = tagIds
        self.goal = goal
    }

    public func merged(with later: BudgetLineChanges) -> BudgetLineChanges {
        BudgetLineChanges(name: later.name ?? name, amount: later.amount ?? amount, kind: later.kind ?? kind,
                          recurrence: later.recurrence ?? recurrence, tagIds: later.tagIds ?? tagIds, goal: later.goal ?? goal)
    }

    public var isEmpty: Bool { name == nil && amount == nil && kind == nil && recurrence == nil && tagIds == nil && goal == nil }
}
