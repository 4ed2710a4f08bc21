import PulpeDomain

extension OutboxSnapshot {
    /// A year's list as the server answered it, with the months a waiting creation or plan makes in
    /// `year` added as their template makes them — so a month planned ahead is in `pulpe year` and
    /// the year panel at once, not after the next full read (decision 94). Both readers
    /// call this one function.
    ///
    /// Such a month's remaining is its template's own delta plus what the latest budgeted month
    /// before it leaves (the rollover is the running balance, docs/contract.md §10); when no month
    /// before it is known in this year, its remaining is unknown (« — »), never guessed. A month
    /// the server lists already is left as the server says it.
    public func summaries(_ summaries: [BudgetSummary], year: Int) -> [BudgetSummary] {
        Self.summaries(summaries, year: year, makers: monthMakers)
    }

    /// The waiting changes that make months (a creation, a plan): what the year adds. Kept by the
    /// browse state when the outbox changes, so the year panel does no more per frame than check
    /// that this is empty.
    public var monthMakers: [PendingChange] {
        changes.filter { !$0.isRefused && !$0.operation.madeMonths.isEmpty }
    }

    /// `summaries` with the months `makers` make in `year` (`monthMakers`).
    public static func summaries(_ summaries: [BudgetSummary], year: Int, makers waiting: [PendingChange]) -> [BudgetSummary] {
        guard !waiting.isEmpty else { return summaries }
        let held = Set(summaries.compactMap(\.budgetMonth))
        let made = Set(waiting.flatMap(\.operation.madeMonths)).filter { $0.year == year && !held.contains($0) }
        guard !made.isEmpty else { return summaries }
        var known = Dictionary(summaries.compactMap { summary in summary.budgetMonth.map { ($0, summary) } },
                               uniquingKeysWith: { first, _ in first })
        for month in made.sorted() {
            guard let details = PendingOverlay.provisional(month, waiting) else { continue }
            let totals = details.totals
            let before = known.keys.filter { $0 < month }.max().flatMap { known[$0]?.remaining }
            known[month] = BudgetSummary(id: details.budget.id, month: month.month, year: month.year,
                                         totalExpenses: totals.totalExpenses, totalSavings: totals.totalSavings,
                                         totalIncome: totals.totalIncome, remaining: before.map { $0 + totals.remaining },
                                         rollover: before)
        }
        let added = made.sorted().compactMap { known[$0] }
        return (summaries + added).sorted { left, right in
            switch (left.budgetMonth, right.budgetMonth) {
            case let (first?, second?): first < second
            case (nil, _?): true
            default: false
            }
        }
    }
}
