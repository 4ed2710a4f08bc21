import Foundation

/// A month's figures by the shared formulas (§10).
public struct BudgetTotals: Sendable, Hashable, Codable {
    /// Envelope total for {income}.
    public var totalIncome: Decimal
    /// Envelope total for {expense, saving}.
    public var totalExpenses: Decimal
    /// Envelope total for {saving} (already inside `totalExpenses`).
    public var totalSavings: Decimal
    /// What earlier months carry in.
    public var rollover: Decimal

    public init(totalIncome: Decimal, totalExpenses: Decimal, totalSavings: Decimal, rollover: Decimal) {
        self.totalIncome = totalIncome
        self.totalExpenses = totalExpenses
        self.totalSavings = totalSavings
        self.rollover = rollover
    }

    /// Computes the totals of a month from its lines and transactions.
    public init<Line: BudgetLineRepresentable, Entry: TransactionRepresentable>(
        lines: [Line], transactions: [Entry], rollover: Decimal
    ) {
        self.init(totalIncome: BudgetMath.totalIncome(lines: lines, transactions: transactions),
                  totalExpenses: BudgetMath.totalExpenses(lines: lines, transactions: transactions),
                  totalSavings: BudgetMath.totalSavings(lines: lines, transactions: transactions),
                  rollover: rollover)
    }

    /// `totalIncome + rollover`.
    public var available: Decimal { BudgetMath.available(totalIncome: totalIncome, rollover: rollover) }

    /// `available − totalExpenses`: « Disponible à dépenser », the cumulative balance.
    public var remaining: Decimal { BudgetMath.remaining(available: available, totalExpenses: totalExpenses) }

    /// `totalIncome − totalExpenses`: the month's own result (the stored `endingBalance`).
    public var ownDelta: Decimal { totalIncome - totalExpenses }

    /// Deficit / tight / comfortable.
    public var health: BudgetHealth {
        BudgetHealth(remaining: remaining, totalExpenses: totalExpenses, available: available)
    }
}
