import Foundation
import GRDB
import PulpeDomain

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
public enum DemoSeed {
    /// The household lives in Switzerland; periods and dates are computed in this zone.
    static let timeZone = LocalZone(TimeZone(identifier: "Europe/Zurich") ?? TimeZone(secondsFromGMT: 3600)!)
    /// Pay day 25 (> 15: a budget is named after the following month, `docs/contract.md` §11).
    static let payDay = 25
    public static let monthsBefore = 12
    static let monthsAfter = 2

    /// `extraTransactions` small expenses are added to the current month after the household's own.
    /// `history`: a heavier account (decision 81's benchmark: 120 months × 500 transactions).
    static func generate(userId: String, today: CalendarDay, seed: UInt64, extraTransactions: Int = 0,
                         history: DemoHistory = .standard) -> DemoData {
        var builder = DemoBuilder(userId: userId, today: today, generator: SplitMix64(seed: seed))
        return builder.build(extraTransactions: extraTransactions, history: history)
    }

    /// Writes `data` and stores each budget's own result (via the shared formulas).
    static func insert(_ data: DemoData, now: Date, in db: Database) throws {
        try TemplateStore.insert(data.template, userId: data.budgets.first?.userId ?? "", now: now, in: db)
        for (position, line) in data.templateLines.enumerated() {
            try TemplateStore.insert(line, position: position, in: db)
        }
        try insertHolidayTemplate(userId: data.budgets.first?.userId ?? "", now: now, in: db)
        try insertSavingsGoals(userId: data.budgets.first?.userId ?? "", now: now, in: db)
        for budget in data.budgets { try BudgetStore.insert(budget, in: db) }
        for (position, line) in data.lines.enumerated() { try BudgetLineStore.insert(line, position: position, in: db) }
        for transaction in data.transactions { _ = try TransactionStore.insertIfAbsent(transaction, in: db) }
        for budget in data.budgets {
            try BudgetLedger.refreshEndingBalance(budgetId: budget.id, now: budget.updatedAt, in: db)
        }
    }

    /// A second template, not the default, so choosing one is demonstrable (`pulpe budget create
    /// --template "Mois de vacances"`): the standard month with more for leisure and restaurants,
    /// less for groceries, and a holiday line.
    static func insertHolidayTemplate(userId: String, now: Date, in db: Database) throws {
        let template = BudgetTemplate(id: UUIDText.random(), name: "Mois de vacances",
                                      description: "Le mois type, avec les vacances d'été", isDefault: false)
        try TemplateStore.insert(template, userId: userId, now: now, in: db)
        let adjusted: [DemoCatalogue.Line: Int] = [.groceries: 80_000, .leisure: 60_000, .restaurants: 50_000]
        var entries = DemoCatalogue.templateLines.map { (name: $0.line.rawValue, cents: adjusted[$0.line] ?? $0.cents, kind: $0.kind) }
        entries.append((name: "Vacances", cents: 150_000, kind: .expense))
        for (position, entry) in entries.enumerated() {
            try TemplateStore.insert(TemplateLine(id: UUIDText.random(), templateId: template.id, name: entry.name,
                                                  amount: money(entry.cents), kind: entry.kind, recurrence: .fixed),
                                     position: position, in: db)
        }
    }

    /// Two goals a saving prévision may be linked to (none linked: the months stay as they were).
    static func insertSavingsGoals(userId: String, now: Date, in db: Database) throws {
        try SavingsGoalStore.insert(SavingsGoal(id: UUIDText.random(), userId: userId, name: "Voyage au Japon", targetAmount: 6000,
                                                targetDate: "2027-09-30", createdAt: now, updatedAt: now), in: db)
        try SavingsGoalStore.insert(SavingsGoal(id: UUIDText.random(), userId: userId, name: "Fonds d'urgence", targetAmount: 15000,
                                                createdAt: now.addingTimeInterval(1), updatedAt: now.addingTimeInterval(1)), in: db)
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
