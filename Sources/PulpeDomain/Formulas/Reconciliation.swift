import Foundation

/// « Rapprocher mes comptes » (§15.4, as iOS does it): the balances the user reads in the bank,
/// against what Pulpe says is checked off (« Pointé ») plus the month's rollover. Pure; the TUI's
/// form and `pulpe reconcile` both compute their figures here, and the write resolver its entry.
public struct Reconciliation: Sendable, Hashable {
    /// The sum of the balances typed (every account).
    public var bankTotal: Decimal
    /// « Pointé »: realised income − realised expenses (§14.6).
    public var pointed: Decimal
    /// The month's rollover (0 when the server gave none).
    public var rollover: Decimal
    /// Lines and transactions not checked off yet: iOS offers the « À pointer » step first.
    public var unchecked: Int

    /// `unchecked`: counted once by the caller that keeps it (the TUI's form, while it is open,
    /// for every frame); nil counts the month's rows here.
    public init(bankTotal: Decimal, details: BudgetDetails, unchecked: Int? = nil) {
        self.bankTotal = bankTotal
        pointed = details.checkedFigures.realizedIncome - details.checkedFigures.realizedExpenses
        rollover = details.budget.rollover ?? 0
        self.unchecked = unchecked ?? Self.uncheckedCount(in: details)
    }

    /// The lines and transactions not checked off yet.
    public static func uncheckedCount(in details: BudgetDetails) -> Int {
        details.budgetLines.count { !$0.isChecked } + details.transactions.count { !$0.isChecked }
    }

    /// What Pulpe says the accounts hold: « Pointé » plus the rollover (iOS's « Solde à date »).
    public var expected: Decimal { pointed + rollover }
    /// Bank − Pulpe: > 0, the bank has more (an income is missing); < 0, an expense is.
    public var gap: Decimal { bankTotal - expected }
    /// No tolerance: a centime apart is a gap.
    public var isUpToDate: Bool { gap == 0 }
    /// The entry that closes the gap: an income when the bank has more, else an expense — never a
    /// saving; nil when up to date.
    public var adjustmentKind: TransactionKind? { gap == 0 ? nil : gap > 0 ? .income : .expense }
    /// The entry's amount: the gap without its sign.
    public var adjustmentAmount: Decimal { gap < 0 ? -gap : gap }

    /// The name the adjustment entry gets unless the user types another.
    public static let defaultName = "Rapprochement bancaire"
}
