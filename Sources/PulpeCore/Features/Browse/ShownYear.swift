import Foundation
import PulpeDomain

/// A year as the year panel shows it, without a terminal (`pulpe year`): the sparse list, each
/// month's remaining moved by what waits in the outbox as the grid moves it
/// (`BudgetSummary.shifted`).
public struct ShownYear: Sendable, Hashable {
    public var year: Int
    /// Today's budget month (the panel highlights it).
    public var currentMonth: BudgetMonth
    public var settings: UserSettings
    public var summaries: [BudgetSummary]
    public var fetchedAt: Date
    public var isStale: Bool

    public init(year: Int, currentMonth: BudgetMonth, settings: UserSettings, summaries: [BudgetSummary],
                fetchedAt: Date, isStale: Bool) {
        self.year = year
        self.currentMonth = currentMonth
        self.settings = settings
        self.summaries = summaries
        self.fetchedAt = fetchedAt
        self.isStale = isStale
    }
}
