/// A period as `date:` and `month:` read it: one end or a range (`..`, either end open) of years,
/// budget months or days, or a word relative to the day the query is asked.
enum QueryPeriod {
    /// One end: a span of budget months (a year, a month) or of days.
    enum End {
        case months(BudgetMonth, BudgetMonth)
        case days(CalendarDay, CalendarDay)
    }

    /// The term `text` names (`word` says where, for an error); `daysAllowed` false for `month:`.
    static func term(_ text: String, word: QueryWord, today: CalendarDay, payDay: Int?,
                     daysAllowed: Bool) throws(QueryError) -> QueryTerm {
        let bad = QueryError(.badPeriod, column: word.column, word: word.text)
        let parts = text.components(separatedBy: "..")
        guard parts.count <= 2, !(parts.count == 2 && parts[0].isEmpty && parts[1].isEmpty) else { throw bad }
        let first = parts[0].isEmpty ? nil : end(parts[0], today: today, payDay: payDay)
        let last = parts.count == 2 ? (parts[1].isEmpty ? nil : end(parts[1], today: today, payDay: payDay)) : first
        if !parts[0].isEmpty, first == nil { throw bad }
        if parts.count == 2, !parts[1].isEmpty, last == nil { throw bad }
        let usesDays = [first, last].contains { if case .days? = $0 { true } else { false } }
        if usesDays {
            guard daysAllowed else { throw QueryError(.daysInMonth, column: word.column, word: word.text) }
            let from = first.map { start(of: $0, payDay: payDay) } ?? CalendarDay(daysSinceEpoch: -1_000_000)
            let to = last.map { finish(of: $0, payDay: payDay) } ?? CalendarDay(daysSinceEpoch: 1_000_000)
            guard from <= to else { throw bad }
            return .days(from...to)
        }
        let from: BudgetMonth = if case let .months(low, _)? = first { low } else { BudgetMonth(monthIndex: 0) }
        let to: BudgetMonth = if case let .months(_, high)? = last { high } else { BudgetMonth(monthIndex: 12 * 10_000) }
        guard from <= to else { throw bad }
        return .months(from...to)
    }

    private static func end(_ text: String, today: CalendarDay, payDay: Int?) -> End? {
        let current = PayDayCalendar.budgetMonth(for: today, payDay: payDay)
        switch text.lowercased() {
        case "today": return .days(today, today)
        case "yesterday": return .days(today.adding(days: -1), today.adding(days: -1))
        case "thismonth": return .months(current, current)
        case "lastmonth": return .months(current.previous, current.previous)
        case "nextmonth": return .months(current.next, current.next)
        case "thisyear": return year(current.year)
        case "lastyear": return year(current.year - 1)
        case "nextyear": return year(current.year + 1)
        default: break
        }
        let fields = text.split(separator: "-", omittingEmptySubsequences: false)
        guard fields.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              fields[0].count == 4, let yearValue = Int(fields[0]) else { return nil }
        switch fields.count {
        case 1:
            return year(yearValue)
        case 2:
            guard fields[1].count == 2, let month = Int(fields[1]), (1...12).contains(month) else { return nil }
            let budget = BudgetMonth(year: yearValue, month: month)
            return .months(budget, budget)
        case 3:
            guard fields[1].count == 2, fields[2].count == 2, let month = Int(fields[1]), let day = Int(fields[2]),
                  let date = CalendarDay(year: yearValue, month: month, day: day) else { return nil }
            return .days(date, date)
        default:
            return nil
        }
    }

    private static func year(_ year: Int) -> End {
        .months(BudgetMonth(year: year, month: 1), BudgetMonth(year: year, month: 12))
    }

    /// An end's first day: a month's is its pay-day period's.
    private static func start(of end: End, payDay: Int?) -> CalendarDay {
        switch end {
        case let .days(first, _): first
        case let .months(first, _): PayDayCalendar.period(of: first, payDay: payDay).start
        }
    }

    private static func finish(of end: End, payDay: Int?) -> CalendarDay {
        switch end {
        case let .days(_, last): last
        case let .months(_, last): PayDayCalendar.period(of: last, payDay: payDay).end
        }
    }
}
