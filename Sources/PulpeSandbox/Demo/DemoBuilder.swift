import Foundation
import PulpeDomain

/// Generates the demo months one by one with a seeded generator (see `DemoSeed` for what they show).
struct DemoBuilder {
    let userId: String
    let today: CalendarDay
    var generator: SplitMix64
    var lines: [BudgetLine] = []
    var transactions: [Transaction] = []

    init(userId: String, today: CalendarDay, generator: SplitMix64) {
        self.userId = userId
        self.today = today
        self.generator = generator
    }

    mutating func build(extraTransactions: Int = 0, history: DemoHistory = .standard) -> DemoData {
        let current = PayDayCalendar.budgetMonth(for: today, payDay: DemoSeed.payDay)
        let first = current.advanced(by: -history.monthsBefore)
        let template = BudgetTemplate(id: UUIDText.random(), name: "Budget standard",
                                      description: "Charges fixes, courses et épargne d'un mois ordinaire",
                                      isDefault: true)
        let templateLines = DemoCatalogue.templateLines.map { entry in
            TemplateLine(id: UUIDText.random(), templateId: template.id, name: entry.line.rawValue,
                         amount: money(entry.cents), kind: entry.kind, recurrence: .fixed)
        }
        let toughOffset = first.month == 12 ? 1 : 0
        var budgets: [Budget] = []
        for offset in 0...(history.monthsBefore + DemoSeed.monthsAfter) {
            let month = first.advanced(by: offset)
            budgets.append(makeMonth(month, isTough: offset == toughOffset, template: template,
                                     templateLines: templateLines))
            if history.extraPerPastMonth > 0, month < current, let budget = budgets.last {
                addExtraTransactions(history.extraPerPastMonth, to: budget, of: month)
            }
        }
        if extraTransactions > 0, let budget = budgets.first(where: { $0.month == current.month && $0.year == current.year }) {
            addExtraTransactions(extraTransactions, to: budget, of: current)
        }
        return DemoData(template: template, templateLines: templateLines, budgets: budgets, lines: lines,
                        transactions: transactions)
    }

    private mutating func makeMonth(_ month: BudgetMonth, isTough: Bool, template: BudgetTemplate,
                                    templateLines: [TemplateLine]) -> Budget {
        let period = PayDayCalendar.period(of: month, payDay: DemoSeed.payDay)
        let created = instant(min(period.start, today), hour: 8, minute: 0)
        var description = ""
        if isTough { description = "Mois difficile : réparation de la voiture et dentiste" }
        if month.month == 12 { description = "Mois du 13e salaire" }
        if month.month == 7, !isTough { description = "Vacances d'été au Tessin" }
        let budget = Budget(id: UUIDText.random(), createdAt: created, updatedAt: created, userId: userId,
                            templateId: template.id, month: month.month, year: month.year, description: description,
                            endingBalance: 0)

        var lineIds: [DemoCatalogue.Line: String] = [:]
        for templateLine in templateLines {
            let line = BudgetLine(id: UUIDText.random(), budgetId: budget.id, templateLineId: templateLine.id,
                                  name: templateLine.name, amount: templateLine.amount, kind: templateLine.kind,
                                  recurrence: .fixed, createdAt: created, updatedAt: created)
            lines.append(line)
            if let key = DemoCatalogue.Line(rawValue: templateLine.name) { lineIds[key] = line.id }
        }

        var context = MonthContext(budgetId: budget.id, period: period, created: created)
        addFixedPayments(&context, lineIds: lineIds)
        addEnvelopeSpending(&context, lineIds: lineIds)
        addFreeTransactions(&context)
        if isTough {
            addOneOff(&context, name: "Réparation voiture (garage)", cents: 235_000, kind: .expense,
                      payments: [("Garage du Léman — embrayage", 235_000, 9)])
            addOneOff(&context, name: "Dentiste (franchise LAMal)", cents: 48_000, kind: .expense,
                      payments: [("Cabinet dentaire Dr Favre", 48_000, 16)])
        }
        if month.month == 12 {
            addOneOff(&context, name: "13e salaire", cents: 745_000, kind: .income,
                      payments: [("13e salaire — Helvetia Conseil SA", 745_000, 0)])
            addOneOff(&context, name: "Cadeaux de Noël", cents: 65_000, kind: .expense,
                      payments: [("Manor — cadeaux", 21_000, 18), ("Fnac — cadeaux", 18_550, 22),
                                 ("Payot — livres", 9_640, 24)])
            addOneOff(&context, name: "Épargne — 13e salaire", cents: 600_000, kind: .saving,
                      payments: [("Virement épargne — 13e salaire", 600_000, 2)])
        }
        if month.month == 7, !isTough {
            addOneOff(&context, name: "Vacances d'été au Tessin", cents: 180_000, kind: .expense,
                      payments: [("CFF — billets Lausanne–Lugano", 16_800, 12), ("Hôtel Splendide Lugano", 96_000, 14),
                                 ("Lido di Lugano", 2_400, 15), ("Grotto Ticinese", 11_200, 16)])
        }
        return budget
    }

    /// Many small expenses spread over the current period's past days (a stress test of long lists).
    private mutating func addExtraTransactions(_ count: Int, to budget: Budget, of month: BudgetMonth) {
        let period = PayDayCalendar.period(of: month, payDay: DemoSeed.payDay)
        let context = MonthContext(budgetId: budget.id, period: period, created: budget.createdAt)
        let pastDays = max(1, min(period.dayCount, today.daysSinceEpoch - period.start.daysSinceEpoch + 1))
        guard period.start <= today else { return }
        for _ in 0..<count {
            let item = pick(DemoCatalogue.smallExpenses)
            addTransaction(context, name: item.name, cents: cents(in: item.cents), kind: .expense, lineId: nil,
                           dayOffset: int(in: 0...(pastDays - 1)))
        }
    }

    /// Where a month's transactions go and which days they may use.
    struct MonthContext {
        let budgetId: String
        let period: PayPeriod
        let created: Date
    }

    private mutating func addFixedPayments(_ context: inout MonthContext, lineIds: [DemoCatalogue.Line: String]) {
        for payment in DemoCatalogue.fixedPayments {
            let kind = DemoCatalogue.templateLines.first { $0.line == payment.line }?.kind ?? .expense
            addTransaction(context, name: payment.name, cents: cents(in: payment.cents), kind: kind,
                           lineId: lineIds[payment.line], dayOffset: payment.dayOffset)
        }
    }

    private mutating func addEnvelopeSpending(_ context: inout MonthContext, lineIds: [DemoCatalogue.Line: String]) {
        let days = context.period.dayCount
        for _ in 0..<int(in: 11...15) {
            let shop = pick(DemoCatalogue.groceryShops)
            addTransaction(context, name: shop, cents: cents(in: 1_800...14_500), kind: .expense,
                           lineId: lineIds[.groceries], dayOffset: int(in: 0...(days - 1)))
        }
        for _ in 0..<int(in: 5...8) {
            let place = pick(DemoCatalogue.cafes)
            addTransaction(context, name: place.name, cents: cents(in: place.cents), kind: .expense,
                           lineId: lineIds[.restaurants], dayOffset: int(in: 0...(days - 1)))
        }
        for _ in 0..<int(in: 2...4) {
            let outing = pick(DemoCatalogue.leisure)
            addTransaction(context, name: outing.name, cents: cents(in: outing.cents), kind: .expense,
                           lineId: lineIds[.leisure], dayOffset: int(in: 0...(days - 1)))
        }
        for _ in 0..<int(in: 0...2) {
            addTransaction(context, name: DemoCatalogue.mobilityTrip.name, cents: cents(in: DemoCatalogue.mobilityTrip.cents),
                           kind: .expense, lineId: lineIds[.mobility], dayOffset: int(in: 0...(days - 1)))
        }
    }

    private mutating func addFreeTransactions(_ context: inout MonthContext) {
        let days = context.period.dayCount
        for _ in 0..<int(in: 1...3) {
            let item = pick(DemoCatalogue.freeExpenses)
            addTransaction(context, name: item.name, cents: cents(in: item.cents), kind: .expense, lineId: nil,
                           dayOffset: int(in: 0...(days - 1)))
        }
        if chance(0.35) {
            let item = pick(DemoCatalogue.freeIncomes)
            addTransaction(context, name: item.name, cents: cents(in: item.cents), kind: .income, lineId: nil,
                           dayOffset: int(in: 0...(days - 1)))
        }
    }

    /// A line for this month only (`one_off`) and the transactions paid from it.
    private mutating func addOneOff(_ context: inout MonthContext, name: String, cents: Int, kind: TransactionKind,
                                    payments: [(String, Int, Int)]) {
        let line = BudgetLine(id: UUIDText.random(), budgetId: context.budgetId, name: name, amount: money(cents),
                              kind: kind, recurrence: .oneOff, createdAt: context.created, updatedAt: context.created)
        lines.append(line)
        for (label, amount, dayOffset) in payments {
            addTransaction(context, name: label, cents: amount, kind: kind, lineId: line.id, dayOffset: dayOffset)
        }
    }

    /// Adds a transaction on the period's `dayOffset`-th day, unless that day is after today
    /// (the future has plans, not transactions).
    private mutating func addTransaction(_ context: MonthContext, name: String, cents: Int, kind: TransactionKind,
                                         lineId: String?, dayOffset: Int) {
        let day = min(context.period.start.adding(days: dayOffset), context.period.end)
        let hour = int(in: 8...20)
        let minute = int(in: 0...59)
        guard day <= today else { return }
        let date = instant(day, hour: hour, minute: minute)
        let ageInDays = today.daysSinceEpoch - day.daysSinceEpoch
        var checkedAt: Date?
        if ageInDays > 3 ? chance(0.93) : chance(0.3) {
            let tickDay = min(day.adding(days: int(in: 0...min(3, ageInDays))), today)
            checkedAt = max(date, instant(tickDay, hour: int(in: 18...22), minute: int(in: 0...59)))
        }
        let createdAt = date.addingTimeInterval(Double(int(in: 30...900)))
        transactions.append(Transaction(id: UUIDText.random(), createdAt: createdAt, updatedAt: checkedAt ?? createdAt,
                                        budgetId: context.budgetId, budgetLineId: lineId, amount: money(cents),
                                        name: name, kind: kind, transactionDate: date, checkedAt: checkedAt))
    }

    // MARK: Seeded choices

    /// Written out (not `Int.random(in:using:)`) so the sequence cannot change with the standard library.
    private mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(generator.next() % UInt64(range.count))
    }

    private mutating func cents(in range: ClosedRange<Int>) -> Int {
        int(in: range)
    }

    private mutating func chance(_ probability: Double) -> Bool {
        Double(generator.next() >> 11) / Double(1 << 53) < probability
    }

    private mutating func pick<T>(_ items: [T]) -> T {
        items[int(in: 0...(items.count - 1))]
    }
}

private func money(_ cents: Int) -> Decimal { DemoSeed.money(cents) }
private func instant(_ day: CalendarDay, hour: Int, minute: Int) -> Date { DemoSeed.instant(day, hour: hour, minute: minute) }
