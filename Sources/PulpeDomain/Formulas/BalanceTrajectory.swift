import Foundation

/// Where the month's period is forecast to land, read once per day elapsed (issue 63): the
/// Pulpe apps' `BalanceTrajectory` (iOS `Domain/Formulas/BalanceTrajectory.swift`). Day 0 knows
/// only the plan; each later day the transactions dated before it; today every transaction — so
/// the line opens on the plan and arrives on the hero's « Disponible ». It moves only when the
/// month leaves its plan (an envelope overrun, income beyond its plan, a free row): checking an
/// operation confirms a forecast, it never changes one.
public struct BalanceTrajectory: Sendable, Hashable {
    /// The landing as known at the start of `day` (0 … `today`).
    public struct Point: Sendable, Hashable {
        public var day: Int
        public var balance: Decimal
    }

    public var landing: [Point]
    /// The first day the forecast left the plan it opened on; nil while it lands on the plan.
    public var driftDay: CalendarDay?
    /// Today's place in the period (1 … `totalDays`).
    public var today: Int
    public var totalDays: Int

    /// Where the plan alone lands (day 0).
    public var planned: Decimal { landing.first?.balance ?? 0 }
    /// Where it lands now: the hero's « Disponible ».
    public var estimated: Decimal { landing.last?.balance ?? 0 }
    public var drift: Decimal { estimated - planned }

    /// The trajectory of `details` (budget `month`) on `today`; nil when today is outside its
    /// pay-day period. `timeZone`: the day each transaction is dated in.
    public static func of(_ details: BudgetDetails, month: BudgetMonth, today day: CalendarDay, payDay: Int?,
                          timeZone: LocalZone) -> BalanceTrajectory? {
        let period = PayDayCalendar.period(of: month, payDay: payDay)
        guard period.contains(day) else { return nil }
        let start = period.start.daysSinceEpoch
        let totalDays = max(1, period.end.daysSinceEpoch - start + 1)
        let today = min(max(day.daysSinceEpoch - start + 1, 1), totalDays)
        // Running sums, the envelope rule of §10 read each day: O(rows + days × prévisions), so a
        // 100 000-row month costs one pass (the apps replay the formulas once per day).
        var running = EnvelopeRunning(lines: details.budgetLines, rollover: details.budget.rollover ?? 0)
        var byDay: [Int: [Transaction]] = [:]
        var outside: [Transaction] = []
        for transaction in details.transactions {
            let offset = CalendarDay(transaction.transactionDate, in: timeZone).daysSinceEpoch - start
            if offset >= 0, offset < today { byDay[offset, default: []].append(transaction) } else { outside.append(transaction) }
        }
        var landing = [Point(day: 0, balance: running.remaining)]
        for reading in 1..<max(1, today) {
            for transaction in byDay[reading - 1] ?? [] { running.add(transaction) }
            landing.append(Point(day: reading, balance: running.remaining))
        }
        // Today's reading is the hero's: every transaction, dated in the period or not.
        if today >= 1 {
            for transaction in byDay[today - 1] ?? [] { running.add(transaction) }
            for transaction in outside { running.add(transaction) }
            landing.append(Point(day: today, balance: running.remaining))
        }
        // A reading at index d covers the days before it: the one that first differs was moved
        // by activity on the day before its own index.
        let opening = landing.first?.balance
        let drift = landing.first { $0.balance != opening }.map { period.start.adding(days: $0.day - 1) }
        return BalanceTrajectory(landing: landing, driftDay: drift, today: today, totalDays: totalDays)
    }
}

/// The envelope sums of §10 kept as transactions arrive: income and outflows, free and per prévision.
private struct EnvelopeRunning {
    let lines: [BudgetLine]
    let rollover: Decimal
    var freeIncome: Decimal = 0
    var freeOut: Decimal = 0
    var allocatedIncome: [String: Decimal] = [:]
    var allocatedOut: [String: Decimal] = [:]

    init(lines: [BudgetLine], rollover: Decimal) {
        self.lines = lines
        self.rollover = rollover
    }

    mutating func add(_ transaction: Transaction) {
        let income = transaction.kind == .income
        if let line = transaction.budgetLineId {
            if income { allocatedIncome[line, default: 0] += transaction.amount } else { allocatedOut[line, default: 0] += transaction.amount }
        } else if income {
            freeIncome += transaction.amount
        } else {
            freeOut += transaction.amount
        }
    }

    /// `rollover + income − outflows`, each prévision at the larger of its plan and what is on it.
    var remaining: Decimal {
        var total = rollover + freeIncome - freeOut
        for line in lines {
            if line.kind == .income {
                total += max(line.amount, allocatedIncome[line.id] ?? 0)
            } else {
                total -= max(line.amount, allocatedOut[line.id] ?? 0)
            }
        }
        return total
    }
}
