import Foundation
import PulpeCore
import PulpeDomain

/// What the month panel has to show: nothing yet, « no budget », or the month's details.
public enum MonthPanelData: Sendable, Hashable {
    /// Still loading: grey frames, never zeros (docs/product.md §3).
    case loading
    /// The month has no budget.
    case noBudget
    /// `GET /budgets/:id/details`.
    case loaded(BudgetDetails)
}
