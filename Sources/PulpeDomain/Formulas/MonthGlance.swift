import Foundation

/// The month at a glance (decision 48; docs/contract.md §14.6, what the iOS home shows): what is
/// already checked off (« Solde pointé »), what is left per remaining day of the period, and the
/// prévisions already over their amount (« Ça dérive »). Pure, from the details alone — no date
/// range: every line and transaction of the budget counts, whatever its date.
public struct MonthGlance: Sendable, Hashable {
    /// A prévision spent beyond its amount.
    public struct Drift: Sendable, Hashable, Codable {
        public var lineId: String
        public var name: String
        /// How much beyond its amount (> 0).
        public var overrun: Decimal
    }

    /// Σ checked income lines + Σ checked income transactions.
    public var realizedIncome: Decimal
    /// Per expense or saving line: its amount if checked and more than what was checked against it,
    /// else what was checked against it; plus the checked free expenses and savings.
    public var realizedExpenses: Decimal
    /// « Solde pointé »: realised income − realised expenses (as the web app; iOS adds the rollover).
    public var realized: Decimal { realizedIncome - realizedExpenses }
    /// Days from today to the period's last day, today included (≥ 1); nil when the month is not
    /// the current period (a past or future month has no « per day »).
    public var daysLeft: Int?
    /// The period's last day (the « jusqu'au » of « Par jour jusqu'au 19.12. »).
    public var lastDay: CalendarDay
    /// What is left per remaining day: « Disponible » / days left when positive, else 0; nil when
    /// `daysLeft` is.
    public var perDay: Decimal?
    /// Expense prévisions over their amount, biggest overrun first.
    public var drift: [Drift]
    public var driftTotal: Decimal { drift.reduce(0) { $0 + $1.overrun } }

    public init(_ details: BudgetDetails, month: BudgetMonth, today: CalendarDay?, payDay: Int?) {
        let checked = details.checkedFigures
        realizedIncome = checked.realizedIncome
        realizedExpenses = checked.realizedExpenses
        drift = checked.drift
        let pay = PayDayCalendar.normalizedPayDay(payDay)
        let period = PayDayCalendar.period(of: month, payDay: payDay)
        lastDay = pay > 1 ? period.end : month.lastDay
        if let today, period.contains(today) || (pay == 1 && today.calendarMonth == month) {
            let days = max(1, lastDay.daysSinceEpoch - today.daysSinceEpoch + 1)
            daysLeft = days
            let remaining = details.totals.remaining
            perDay = remaining > 0 ? Self.cents(remaining / Decimal(days)) : 0
        } else {
            daysLeft = nil
            perDay = nil
        }
    }

    /// Rounded to the cent, down: never promise a centime that is not there.
    static func cents(_ value: Decimal) -> Decimal {
        var value = value
        var result = Decimal()
        NSDecimalRound(&result, &value, 2, .down)
        return result
    }
}
