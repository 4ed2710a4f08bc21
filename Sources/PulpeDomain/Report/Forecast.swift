import Foundation

/// The months ahead (issue 61, decision 116): where each lands — its « Disponible », the rollover
/// chain carried forward — from what is known of it: the current month's own figures, a month
/// already budgeted ahead, else the default template's plan, else the recurring (« fixe »)
/// prévisions of the latest budgeted month. `projected` carries, besides, the current month at its
/// pace: the free expenses so far (on no prévision: the only spending the envelopes do not already
/// hold), per day elapsed, over the days left.
public struct Forecast: Sendable, Hashable {
    /// Where a month's plan comes from.
    public enum Source: String, Sendable, Hashable {
        case current, budget, template, recurring
    }

    public struct Month: Sendable, Hashable {
        public var month: BudgetMonth
        /// Its « Disponible à dépenser » by the plan: the current month's is the hero's.
        public var available: Decimal
        /// The same at the current month's pace (« fin de mois à ce rythme »).
        public var projected: Decimal
        public var source: Source
    }

    public var months: [Month]

    /// The year's closing balance by the plan and at this pace: the last forecast month of `year`.
    public func closing(ofYear year: Int) -> Month? { months.last { $0.month.year == year } }

    /// `count` months from the current one (`today`'s period). `details`: every budgeted month,
    /// what waits applied; their rollover chain is recomputed from their own results, as the
    /// server's (§10).
    public static func build(_ details: [BudgetDetails], today: CalendarDay, payDay: Int?, template: TemplatePreview?,
                             count: Int) -> Forecast {
        let current = PayDayCalendar.budgetMonth(for: today, payDay: payDay)
        var byMonth: [BudgetMonth: BudgetDetails] = [:]
        for month in details { byMonth[BudgetMonth(year: month.budget.year, month: month.budget.month)] = month }
        func ownDelta(_ month: BudgetDetails) -> Decimal {
            BudgetTotals(lines: month.budgetLines, transactions: month.transactions, rollover: 0).ownDelta
        }
        // What earlier months carry into the current one.
        var available = byMonth.filter { $0.key < current }.values.reduce(Decimal(0)) { $0 + ownDelta($1) }
        var projected = available
        let recurring = byMonth.keys.filter { $0 <= current }.max().flatMap { byMonth[$0] }.map { latest in
            latest.budgetLines.filter { $0.recurrence == .fixed }.reduce(Decimal(0)) { $0 + $1.signed }
        }
        var months: [Month] = []
        for offset in 0..<max(1, count) {
            let month = current.advanced(by: offset)
            let source: Source
            let delta: Decimal
            var pace: Decimal = 0
            if let budget = byMonth[month] {
                source = offset == 0 ? .current : .budget
                delta = ownDelta(budget)
                if offset == 0 { pace = Self.paceLoss(budget, month: month, today: today, payDay: payDay) }
            } else if let template {
                (source, delta) = (.template, template.plannedRemaining)
            } else {
                (source, delta) = (.recurring, recurring ?? 0)
            }
            available += delta
            projected += delta - pace
            months.append(Month(month: month, available: available, projected: projected, source: source))
        }
        return Forecast(months: months)
    }

    /// What the current month's free expenses would take by its last day at the pace so far:
    /// their sum over the days elapsed (today included), times the days left after today —
    /// rounded to the cent, up (never promise a centime that is not there).
    public static func paceLoss(_ month: BudgetDetails, month budgetMonth: BudgetMonth, today: CalendarDay, payDay: Int?) -> Decimal {
        let period = PayDayCalendar.period(of: budgetMonth, payDay: payDay)
        guard period.contains(today) else { return 0 }
        let elapsed = today.daysSinceEpoch - period.start.daysSinceEpoch + 1
        let left = period.end.daysSinceEpoch - today.daysSinceEpoch
        guard left > 0 else { return 0 }
        let free = month.figures.freeExpenses
            ?? month.transactions.filter { $0.kind == .expense && $0.budgetLineId == nil }.reduce(Decimal(0)) { $0 + $1.amount }
        // Multiplied first: one inexact step (20 / 3 × 27 would round up to a cent too many).
        var loss = free * Decimal(left) / Decimal(elapsed)
        var rounded = Decimal()
        NSDecimalRound(&rounded, &loss, 2, .up)
        return rounded
    }
}
