import Foundation

/// How much of one budget line's envelope is used (for the consumption bar).
public struct LineConsumption: Sendable, Hashable, Codable {
    /// The line's planned amount.
    public var planned: Decimal
    /// Σ of the transactions allocated to the line (of the line's kind).
    public var consumed: Decimal

    public init(planned: Decimal, consumed: Decimal) {
        self.planned = planned
        self.consumed = consumed
    }

    /// How much the transactions exceed the plan (0 when within it).
    public var overage: Decimal { max(0, consumed - planned) }

    /// What is left in the envelope (0 once exceeded).
    public var left: Decimal { max(0, planned - consumed) }

    /// What the line weighs in the totals: `max(planned, consumed)`.
    public var effective: Decimal { max(planned, consumed) }

    /// The transactions exceed the plan.
    public var isOver: Bool { consumed > planned }

    /// `consumed / planned` (may exceed 1); `nil` when nothing is planned.
    public var ratio: Decimal? {
        planned > 0 ? consumed / planned : nil
    }
}
