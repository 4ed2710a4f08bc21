import Foundation

/// What an answer read with a wrong client key looks like (docs/contract.md §5): the server cannot
/// decrypt the amounts, so it answers 200 with every amount 0. A key can become wrong behind the
/// client's back (the PIN changed on another device), so an all-zero answer where the cache knew
/// real figures is suspect: it is checked with `validate-key` before being shown or stored
/// (decision 43). Pure, so every case is tested on its own.
public enum WrongKeySignature {
    /// True when `fresh` has amounts and every one is 0, while `cached` (the same month, kept
    /// from an earlier answer) had at least one that was not. A month with no rows, or a cache
    /// that was itself all zeros, proves nothing.
    public static func looksZeroed(_ fresh: BudgetDetails, comparedTo cached: BudgetDetails?) -> Bool {
        guard let cached, mayBeZeroed(fresh) else { return false }
        return !allZero(cached)
    }

    /// Whether `fresh` could be a wrong key's zeros (it has amounts, all 0): only then is the
    /// cached copy worth reading to compare — a 100 000-row month is not read back at every answer.
    public static func mayBeZeroed(_ fresh: BudgetDetails) -> Bool {
        hasAmounts(fresh) && allZero(fresh)
    }

    /// The same for a year's list (`GET /budgets`): every figure of every month 0, where the
    /// cached list had some that were not.
    public static func looksZeroed(_ fresh: [BudgetSummary], comparedTo cached: [BudgetSummary]?) -> Bool {
        guard let cached, !fresh.isEmpty, fresh.allSatisfy(allZero) else { return false }
        return !cached.allSatisfy(allZero)
    }

    static func hasAmounts(_ details: BudgetDetails) -> Bool {
        !details.budgetLines.isEmpty || !details.transactions.isEmpty
    }

    static func allZero(_ details: BudgetDetails) -> Bool {
        details.budgetLines.allSatisfy { $0.amount == 0 } && details.transactions.allSatisfy { $0.amount == 0 }
    }

    static func allZero(_ summary: BudgetSummary) -> Bool {
        [summary.totalExpenses, summary.totalSavings, summary.totalIncome, summary.remaining, summary.rollover]
            .allSatisfy { ($0 ?? 0) == 0 }
    }
}
