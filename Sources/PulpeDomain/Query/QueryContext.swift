/// What a month's `/` filter needs to read a query as `pulpe query` reads it (issue 61): the day and
/// the pay day its periods are resolved against, the month shown, and what still waits there.
public struct QueryContext: Sendable, Hashable {
    public var today: CalendarDay
    public var payDay: Int?
    public var month: BudgetMonth
    public var timeZone: LocalZone
    /// The ids of the rows still in the outbox.
    public var pending: Set<String>

    public init(today: CalendarDay, payDay: Int?, month: BudgetMonth, timeZone: LocalZone = .system, pending: Set<String> = []) {
        self.today = today
        self.payDay = payDay
        self.month = month
        self.timeZone = timeZone
        self.pending = pending
    }
}
