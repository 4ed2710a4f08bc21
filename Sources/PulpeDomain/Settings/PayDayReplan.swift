import Foundation

/// A new pay day moves every period's bounds (§11, §16.6): an expense waiting in the outbox was
/// put in the budget of the period its date fell in, and may now belong to another. What moves,
/// worked out before the new pay day is stored — said first, then applied to the queue before
/// anything is sent, so nothing lands in the month it no longer belongs to.
public enum PayDayReplan {
    /// One waiting creation, dated.
    public struct Waiting: Hashable, Sendable {
        public var id: String
        public var label: String
        public var day: CalendarDay
        public var month: BudgetMonth
        /// On a prévision of its month: it stays there (the server refuses a line of another budget).
        public var onLine: Bool

        public init(id: String, label: String, day: CalendarDay, month: BudgetMonth, onLine: Bool = false) {
            self.id = id
            self.label = label
            self.day = day
            self.month = month
            self.onLine = onLine
        }
    }

    public struct Move: Hashable, Sendable {
        public var id: String
        public var label: String
        public var from: BudgetMonth
        public var to: BudgetMonth
        /// The budget of `to`, when the account has it (nil: it stays where it is — no budget to go
        /// to, or it is on a prévision of its month).
        public var budgetId: String?

        public init(id: String, label: String, from: BudgetMonth, to: BudgetMonth, budgetId: String?) {
            self.id = id
            self.label = label
            self.from = from
            self.to = to
            self.budgetId = budgetId
        }
    }

    public static func moves(_ waiting: [Waiting], payDay: Int?, budgets: [BudgetMonth: String]) -> [Move] {
        waiting.compactMap { item in
            let to = PayDayCalendar.budgetMonth(for: item.day, payDay: payDay)
            guard to != item.month else { return nil }
            return Move(id: item.id, label: item.label, from: item.month, to: to, budgetId: item.onLine ? nil : budgets[to])
        }
    }
}
