import Foundation

/// The budget formulas of §10, in one place for the client and the sandbox server.
///
/// Everything is exact `Decimal` arithmetic on already-decoded values; nothing here rounds.
public enum BudgetMath {
    /// The envelope total for the kinds `kinds`:
    /// for each budget line whose kind is in `kinds`, `max(line.amount, Σ transactions allocated to it whose kind is in
    /// kinds)`, plus `Σ` free transactions whose kind is in `kinds`.
    ///
    /// A transaction pointing at a line that is not in `lines` counts nowhere, exactly as the formula reads
    /// (the backend frees transactions when their line is deleted, so this does not happen with server data).
    public static func envelopeTotal<Line: BudgetLineRepresentable, Entry: TransactionRepresentable>(
        for kinds: Set<TransactionKind>, lines: [Line], transactions: [Entry]
    ) -> Decimal {
        var allocated: [String: MoneySum] = [:]
        var free = MoneySum()
        for entry in transactions where kinds.contains(entry.kind) {
            if let lineId = entry.budgetLineId {
                allocated[lineId, default: MoneySum()].add(entry.amount)
            } else {
                free.add(entry.amount)
            }
        }
        var total = free.total
        for line in lines where kinds.contains(line.kind) {
            total += max(line.amount, allocated[line.id]?.total ?? 0)
        }
        return total
    }

    /// Envelope total for {income}.
    public static func totalIncome<Line: BudgetLineRepresentable, Entry: TransactionRepresentable>(
        lines: [Line], transactions: [Entry]
    ) -> Decimal {
        envelopeTotal(for: [.income], lines: lines, transactions: transactions)
    }

    /// Envelope total for {expense, saving}: savings count as expenses.
    public static func totalExpenses<Line: BudgetLineRepresentable, Entry: TransactionRepresentable>(
        lines: [Line], transactions: [Entry]
    ) -> Decimal {
        envelopeTotal(for: TransactionKind.outflows, lines: lines, transactions: transactions)
    }

    /// Envelope total for {saving}.
    public static func totalSavings<Line: BudgetLineRepresentable, Entry: TransactionRepresentable>(
        lines: [Line], transactions: [Entry]
    ) -> Decimal {
        envelopeTotal(for: [.saving], lines: lines, transactions: transactions)
    }

    /// `available = totalIncome + rollover`.
    public static func available(totalIncome: Decimal, rollover: Decimal) -> Decimal {
        totalIncome + rollover
    }

    /// `remaining = available − totalExpenses` (this is also the month's `endingBalance` with its rollover).
    public static func remaining(available: Decimal, totalExpenses: Decimal) -> Decimal {
        available - totalExpenses
    }

    /// The month's own result, computed with rollover 0: what the backend stores as `endingBalance`.
    public static func ownDelta<Line: BudgetLineRepresentable, Entry: TransactionRepresentable>(
        lines: [Line], transactions: [Entry]
    ) -> Decimal {
        totalIncome(lines: lines, transactions: transactions) - totalExpenses(lines: lines, transactions: transactions)
    }

    /// How much of a line's envelope its allocated transactions use: the transactions allocated to
    /// `line.id` whose kind is the line's kind.
    public static func consumption<Line: BudgetLineRepresentable, Entry: TransactionRepresentable>(
        of line: Line, transactions: [Entry]
    ) -> LineConsumption {
        var consumed = MoneySum()
        for entry in transactions where entry.budgetLineId == line.id && entry.kind == line.kind {
            consumed.add(entry.amount)
        }
        return LineConsumption(planned: line.amount, consumed: consumed.total)
    }
}
