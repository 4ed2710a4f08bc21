import Foundation
import PulpeDomain

/// What a month holds: a budget with its details, or the known fact that there is none.
public enum MonthContent: Hashable, Sendable {
    case budget(BudgetDetails)
    case noBudget
}

extension MonthContent {
    /// The budget's details; nil for a month known to have none.
    public var details: BudgetDetails? {
        if case let .budget(details) = self { return details }
        return nil
    }
}
