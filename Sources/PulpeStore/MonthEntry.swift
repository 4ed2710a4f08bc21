import PulpeDomain

/// What the cache knows about one budget month.
///
/// "No budget" is a fact worth keeping: offline, the UI can then say « Pas encore de budget pour ce
/// mois » instead of "no data".
public enum MonthEntry: Sendable, Hashable {
    /// The month's details as last fetched.
    case budget(BudgetDetails)
    /// The server said this month has no budget.
    case noBudget

    /// The details, or `nil` for a month without budget.
    public var details: BudgetDetails? {
        if case .budget(let details) = self { return details }
        return nil
    }
}
