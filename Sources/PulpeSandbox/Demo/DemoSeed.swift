import Foundation
import GRDB
import PulpeDomain

/// Everything the demo account holds besides the account itself.
struct DemoData: Sendable {
    var template: BudgetTemplate
    var templateLines: [TemplateLine]
    var budgets: [Budget]
    var lines: [BudgetLine]
    var transactions: [Transaction]
}

/// Builds the demo household's budgets: from 12 months before the current budget month to 2 months
/// after it, around an injectable "today" (`--today`), with a seeded generator (`--seed`) so the
/// same inputs always give the same amounts, dates and names. Ids are random (each demo session
/// gets its own rows).
///
/// What it shows: salary and fixed charges as allocated transactions; groceries, cafés and leisure
/// spread over each pay-day period (sometimes over the envelope); free transactions of both kinds;
/// a December with the 13th salary (mostly moved to savings); a summer holiday; and a month in
/// deficit: the first month of the window (or the second when the first is December) pays a car
/// repair and the dentist, and with nothing carried in yet its `remaining` goes below zero.
/// Past months are mostly ticked ("pointé"), the current month partly, future months are plans only.
enum DemoSeed {
    /// The household lives in Switzerland; periods and dates are computed in this zone.
    static let timeZone = LocalZone(TimeZone(identifier: "Europe/Zurich") ?? TimeZone(secondsFromGMT: 3600)!)
    /// Pay day 25 (> 15: a budget is named after the following month, `docs/contract.md` §11).
    static let payDay = 25
    static let monthsBefore = 12
    static let monthsAfter = 2

    /// `extraTransactions` small expenses are added to the current month after the household's own.
    static func generate(userId: String, today: CalendarDay, seed: UInt64, extraTransactions: Int = 0) -> DemoData {
        var builder = DemoBuilder(userId: userId, today: today, generator: SplitMix64(seed: seed))
        return builder.build(extraTransactions: extraTransactions)
    }

    /// Writes `data` and stores each budget's own result (via the shared formulas).
    static func insert(_ data: DemoData, now: Date, in db: Database) throws {
        try TemplateStore.insert(data.template, userId: data.budgets.first?.userId ?? "", now: now, in: db)
        for (position, line) in data.templateLines.enumerated() {
            try TemplateStore.insert(line, position: position, in: db)
        }
        for budget in data.budgets { try BudgetStore.insert(budget, in: db) }
        for (position, line) in data.lines.enumerated() { try BudgetLineStore.insert(line, position: position, in: db) }
        for transaction in data.transactions { _ = try TransactionStore.insertIfAbsent(transaction, in: db) }
        for budget in data.budgets {
            try BudgetLedger.refreshEndingBalance(budgetId: budget.id, now: budget.updatedAt, in: db)
        }
    }

    /// An exact amount from cents (no floating point).
    static func money(_ cents: Int) -> Decimal {
        Decimal(sign: cents < 0 ? .minus : .plus, exponent: -2, significand: Decimal(cents.magnitude))
    }

    /// `hour:minute` local time on `day` in the household's zone.
    static func instant(_ day: CalendarDay, hour: Int, minute: Int) -> Date {
        day.startDate(in: timeZone).addingTimeInterval(Double(hour * 3600 + minute * 60))
    }
}
