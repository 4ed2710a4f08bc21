import Foundation
import PulpeDomain

/// What a month holds: a budget with its details, or the known fact that there is none.
public enum MonthContent: Hashable, Sendable {
    case budget(BudgetDetails)
    case noBudget
}
