import Foundation
import PulpeDomain

/// What the year panel has to show.
public enum YearPanelData: Sendable, Hashable {
    /// Still loading: grey frames, never zeros.
    case loading
    /// The year's budgets (`GET /budgets?fields=month,year,remaining&year=…`): months without a budget are absent.
    case loaded([BudgetSummary])
}
