import PulpeDomain

/// The whole account as this machine holds it, for a query or a report (issue 61): every month of
/// the replica with what waits in the outbox applied (`PendingOverlay`, as the panels and `pulpe
/// month` show it), what still waits, the tags, and the settings periods are read against.
public struct AccountSnapshot: Sendable, Hashable {
    /// Every month, oldest first, what waits applied.
    public var months: [BudgetDetails]
    /// The transactions still in the outbox.
    public var pending: Set<String>
    /// The account's tags by id (lowercased), to name them.
    public var tagNames: [String: String]
    public var payDay: Int?
    /// The day `thismonth` and the other relative periods are read against.
    public var today: CalendarDay
    public var currency: Currency
    public var timeZone: LocalZone
    /// The template a month not yet budgeted would be made from (the default one), if kept.
    public var template: TemplatePreview?

    public init(months replica: [BudgetDetails], outbox: OutboxSnapshot, tags: [Tag], payDay: Int?, today: CalendarDay,
                currency: Currency, timeZone: LocalZone) {
        tagNames = Dictionary(tags.map { ($0.id.lowercased(), $0.name) }, uniquingKeysWith: { first, _ in first })
        let byMonth = Dictionary(replica.map { (BudgetMonth(year: $0.budget.year, month: $0.budget.month), $0) },
                                 uniquingKeysWith: { first, _ in first })
        let waiting = Set(outbox.items.filter { !$0.isRefused }.map(\.draft.month))
        var months: [BudgetDetails] = []
        var pending: Set<String> = []
        for month in Set(byMonth.keys).union(waiting).sorted() {
            let overlay = PendingOverlay(month: month, details: byMonth[month], outbox: outbox)
            guard let details = overlay.merged ?? byMonth[month] else { continue }
            months.append(details)
            pending.formUnion(overlay.states.keys)
        }
        self.months = months
        self.pending = pending
        self.payDay = payDay
        self.today = today
        self.currency = currency
        self.timeZone = timeZone
    }

    /// The current budget month (today's pay-day period).
    public var currentMonth: BudgetMonth { PayDayCalendar.budgetMonth(for: today, payDay: payDay) }

    /// Every transaction as a query sees it, oldest first, a waiting one marked.
    public var rows: [QueryRow] {
        var rows = QueryRow.rows(of: months, tagNames: tagNames, timeZone: timeZone)
        for index in rows.indices where pending.contains(rows[index].id) { rows[index].pending = true }
        return rows
    }

    /// The next `count` months from the current one (`pulpe forecast`).
    public func forecast(months count: Int) -> Forecast {
        Forecast.build(months, today: today, payDay: payDay, template: template, count: count)
    }

    /// `text` read as a query against this account's day and pay day.
    public func query(_ text: String) throws(QueryError) -> LedgerQuery {
        try QueryParser.parse(text, today: today, payDay: payDay)
    }

    /// Whether `transaction` (of `month`, on `line`) answers `query`: the report's filter.
    public func keeps(_ query: LedgerQuery, _ transaction: Transaction, month: BudgetMonth, line: BudgetLine?) -> Bool {
        query.matches(QueryRow(transaction, month: month, line: line?.name, tagNames: tagNames, timeZone: timeZone,
                               pending: pending.contains(transaction.id)))
    }
}
