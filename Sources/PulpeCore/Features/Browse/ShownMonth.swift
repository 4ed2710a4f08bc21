import Foundation
import PulpeDomain

/// A month as the month panel shows it, without a terminal: the server's (or the cache's) details
/// with what waits in the outbox merged in (`PendingOverlay`), for `pulpe month` and the shell's
/// write verbs, which build their operation from what the user would see.
public struct ShownMonth: Sendable, Hashable {
    public var month: BudgetMonth
    public var settings: UserSettings
    /// `.budget` holds the details with the outbox's rows merged in, as the panel shows them.
    public var content: MonthContent
    /// The state of each merged row still in the outbox, by transaction id.
    public var pendingStates: [String: PendingExpense.State]
    public var fetchedAt: Date
    public var isStale: Bool
    /// The local day the figures were read on (« par jour » counts from it).
    public var today: CalendarDay

    /// `content` as read, merged with `outbox` as the TUI merges it.
    public init(month: BudgetMonth, settings: UserSettings, read content: MonthContent, outbox: OutboxSnapshot,
                fetchedAt: Date, isStale: Bool, today: CalendarDay) {
        // A month without a budget is overlaid too: its creation or plan may wait (then it reads
        // as the template makes it, as the panel shows it).
        let overlay = PendingOverlay(month: month, details: content.details, outbox: outbox)
        self.month = month
        self.settings = settings
        self.content = (overlay.merged ?? content.details).map(MonthContent.budget) ?? content
        pendingStates = overlay.states
        self.fetchedAt = fetchedAt
        self.isStale = isStale
        self.today = today
    }
}
