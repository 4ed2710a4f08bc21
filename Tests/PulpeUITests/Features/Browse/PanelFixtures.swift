import Foundation
import PulpeCore
import PulpeDomain
import PulpeUI

/// A realistic Swiss household for the panel tests: salary 7’450, rent 2’150, LAMal, groceries, 3a,
/// pay day the 25th (so November 2026 runs 25.10. – 24.11.), today frozen on 21 November 2026.
enum PanelFixtures {
    /// A fixed offset, not a named zone: goldens must not depend on the machine's time-zone data.
    static let timeZone = LocalZone.fixed(secondsFromGMT: 3600)
    static let payDay = 25
    static let today = CalendarDay(year: 2026, month: 11, day: 21)!
    static let november = BudgetMonth(year: 2026, month: 11)
    static let october = BudgetMonth(year: 2026, month: 10)
    static let december = BudgetMonth(year: 2026, month: 12)
    static let january2027 = BudgetMonth(year: 2027, month: 1)
    static let created = date(2026, 1, 1)

    /// Noon (local) on a calendar day.
    static func date(_ year: Int, _ month: Int, _ day: Int, hour: Int = 12) -> Date {
        CalendarDay(year: year, month: month, day: day)!.startDate(in: timeZone).addingTimeInterval(Double(hour) * 3600)
    }

    static func amount(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }

    static func line(_ id: String, _ name: String, _ amount: String, _ kind: TransactionKind, budget: String) -> BudgetLine {
        BudgetLine(id: id, budgetId: budget, name: name, amount: self.amount(amount), kind: kind, createdAt: created, updatedAt: created)
    }

    static func transaction(_ id: String, _ name: String, _ amount: String, _ kind: TransactionKind, line: String?,
                            on day: (Int, Int, Int), checked: Bool = false, budget: String) -> Transaction {
        let when = date(day.0, day.1, day.2)
        return Transaction(id: id, createdAt: when, updatedAt: when, budgetId: budget, budgetLineId: line,
                           amount: self.amount(amount), name: name, kind: kind, transactionDate: when,
                           checkedAt: checked ? when : nil)
    }

    static func budget(_ id: String, _ month: BudgetMonth, rollover: String) -> Budget {
        Budget(id: id, createdAt: created, updatedAt: created, userId: "user-1", templateId: "template-1",
               month: month.month, year: month.year, rollover: amount(rollover))
    }

    // MARK: November 2026: a comfortable month with an overspent envelope

    static let novemberLines: [BudgetLine] = [
        line("l-salary", "Salaire", "7450", .income, budget: "b-nov"),
        line("l-rent", "Loyer", "2150", .expense, budget: "b-nov"),
        line("l-lamal", "LAMal — assurance maladie", "412.35", .expense, budget: "b-nov"),
        line("l-groceries", "Courses", "800", .expense, budget: "b-nov"),
        line("l-power", "Électricité et chauffage — acompte trimestriel", "240", .expense, budget: "b-nov"),
        line("l-transport", "Transports publics", "85", .expense, budget: "b-nov"),
        line("l-phone", "Téléphone et internet", "69.90", .expense, budget: "b-nov"),
        line("l-restaurants", "Restaurants", "100", .expense, budget: "b-nov"),
        line("l-3a", "3e pilier A", "588", .saving, budget: "b-nov"),
    ]

    /// Newest first, as the API sends them. Restaurants total 288 against 100 planned: +188.00.
    static let novemberTransactions: [Transaction] = [
        transaction("t01", "Migros Plainpalais", "84.35", .expense, line: "l-groceries", on: (2026, 11, 21), checked: true, budget: "b-nov"),
        transaction("t02", "Café du Marché", "6.80", .expense, line: nil, on: (2026, 11, 20), budget: "b-nov"),
        transaction("t03", "Restaurant Les Armures", "96", .expense, line: "l-restaurants", on: (2026, 11, 19), checked: true, budget: "b-nov"),
        transaction("t04", "Coop Pronto", "23.70", .expense, line: "l-groceries", on: (2026, 11, 18), budget: "b-nov"),
        transaction("t05", "Remboursement Twint — Léa", "45", .income, line: nil, on: (2026, 11, 17), checked: true, budget: "b-nov"),
        transaction("t06", "Électricité et chauffage — acompte trimestriel (Services industriels de Genève)", "240", .expense,
                    line: "l-power", on: (2026, 11, 15), checked: true, budget: "b-nov"),
        transaction("t07", "寿司 Sushi Zen Genève — dîner d'anniversaire", "92", .expense, line: "l-restaurants", on: (2026, 11, 14), budget: "b-nov"),
        transaction("t08", "Denner", "41.20", .expense, line: "l-groceries", on: (2026, 11, 12), checked: true, budget: "b-nov"),
        transaction("t09", "Pizzeria Da Michele", "100", .expense, line: "l-restaurants", on: (2026, 11, 10), checked: true, budget: "b-nov"),
        transaction("t10", "Billet CFF Genève–Lausanne", "27.60", .expense, line: "l-transport", on: (2026, 11, 8), budget: "b-nov"),
        transaction("t11", "Swisscom", "69.90", .expense, line: "l-phone", on: (2026, 11, 5), checked: true, budget: "b-nov"),
        transaction("t12", "Migros Plainpalais", "112.55", .expense, line: "l-groceries", on: (2026, 11, 3), checked: true, budget: "b-nov"),
        transaction("t13", "Loyer novembre", "2150", .expense, line: "l-rent", on: (2026, 11, 1), checked: true, budget: "b-nov"),
        transaction("t14", "Helsana — prime LAMal", "412.35", .expense, line: "l-lamal", on: (2026, 10, 28), checked: true, budget: "b-nov"),
        transaction("t15", "Virement 3a VIAC", "588", .saving, line: "l-3a", on: (2026, 10, 27), checked: true, budget: "b-nov"),
        transaction("t16", "Salaire octobre", "7450", .income, line: "l-salary", on: (2026, 10, 25), checked: true, budget: "b-nov"),
    ]

    /// Rollover −420.60: October ended in deficit. Remaining 7’495 − 420.60 − 4’640.05 = 2’434.35.
    static let novemberDetails = BudgetDetails(budget: budget("b-nov", november, rollover: "-420.60"),
                                               transactions: novemberTransactions, budgetLines: novemberLines)

    // MARK: October 2026: a deficit month

    static let octoberDetails: BudgetDetails = {
        let b = "b-oct"
        let lines = [
            line("o-salary", "Salaire", "7450", .income, budget: b),
            line("o-rent", "Loyer", "2150", .expense, budget: b),
            line("o-lamal", "LAMal — assurance maladie", "412.35", .expense, budget: b),
            line("o-groceries", "Courses", "800", .expense, budget: b),
            line("o-garage", "Garage — service et pneus d'hiver", "1980", .expense, budget: b),
            line("o-dentist", "Dentiste", "1650", .expense, budget: b),
            line("o-holidays", "Vacances d'automne au Tessin", "1540", .expense, budget: b),
            line("o-3a", "3e pilier A", "588", .saving, budget: b),
        ]
        let transactions = [
            transaction("u1", "Coop City", "212.25", .expense, line: "o-groceries", on: (2026, 10, 22), budget: b),
            transaction("u2", "Garage du Lac SA", "1980", .expense, line: "o-garage", on: (2026, 10, 18), checked: true, budget: b),
            transaction("u3", "Hôtel Lago Maggiore, Locarno", "1540", .expense, line: "o-holidays", on: (2026, 10, 12), checked: true, budget: b),
            transaction("u4", "Migros Plainpalais", "700", .expense, line: "o-groceries", on: (2026, 10, 8), checked: true, budget: b),
            transaction("u5", "Dr Rossier, médecin-dentiste", "1650", .expense, line: "o-dentist", on: (2026, 10, 3), checked: true, budget: b),
            transaction("u6", "Loyer octobre", "2150", .expense, line: "o-rent", on: (2026, 10, 1), checked: true, budget: b),
            transaction("u7", "Salaire septembre", "7450", .income, line: "o-salary", on: (2026, 9, 25), checked: true, budget: b),
        ]
        // Courses 912.25 against 800 (+112.25): expenses 9’232.60, available 7’450 + 1’362 = 8’812, remaining −420.60.
        return BudgetDetails(budget: budget(b, october, rollover: "1362"), transactions: transactions, budgetLines: lines)
    }()

    // MARK: January 2027: a fresh budget without any transaction

    static let emptyDetails: BudgetDetails = {
        let b = "b-jan"
        let lines = [
            line("j-salary", "Salaire", "7450", .income, budget: b),
            line("j-rent", "Loyer", "2150", .expense, budget: b),
            line("j-lamal", "LAMal — assurance maladie", "428.90", .expense, budget: b),
            line("j-groceries", "Courses", "800", .expense, budget: b),
            line("j-3a", "3e pilier A", "588", .saving, budget: b),
        ]
        return BudgetDetails(budget: budget(b, january2027, rollover: "2434.35"), transactions: [], budgetLines: lines)
    }()

    // MARK: Many transactions

    static let generatedNames = [
        "Migros", "Coop", "Denner", "Boulangerie Wyss", "Café de la Gare", "Pharmacie Amavita", "Kiosque k kiosk",
        "Fromagerie Alpage — Gruyère AOP", "Manor Genève", "Décathlon", "Librairie Payot", "Aldi Suisse",
    ]

    /// `count` transactions over November's period, newest first: the 16 real ones plus small everyday
    /// purchases (1.50 to 21.50) with deterministic amounts, dates and pointé marks.
    static func manyTransactions(_ count: Int) -> [Transaction] {
        let lineIds = ["l-groceries", "l-restaurants", "l-transport", nil]
        let periodStart = CalendarDay(year: 2026, month: 10, day: 25)!
        let extra = max(0, count - novemberTransactions.count)
        let generated = (0..<extra).map { index -> Transaction in
            let day = periodStart.adding(days: 30 - (index * 31 / max(1, extra)))
            let kind: TransactionKind = index % 25 == 7 ? .income : (index % 40 == 3 ? .saving : .expense)
            let amount = Decimal(150 + (index * 7_919) % 2_000) / 100
            let when = day.startDate(in: timeZone).addingTimeInterval(Double(8 + index % 12) * 3600)
            return Transaction(id: "g\(index)", createdAt: when, updatedAt: when, budgetId: "b-nov",
                               budgetLineId: kind == .expense ? lineIds[index % lineIds.count] : nil, amount: amount,
                               name: "\(generatedNames[index % generatedNames.count]) n°\(index + 1)", kind: kind,
                               transactionDate: when, checkedAt: index % 3 == 0 ? when : nil)
        }
        let all = generated + novemberTransactions.prefix(count)
        // Newest first, ties by id so the order is stable.
        return all.sorted { ($0.transactionDate, $0.id) > ($1.transactionDate, $1.id) }
    }

    static func novemberWith(transactions count: Int) -> BudgetDetails {
        BudgetDetails(budget: novemberDetails.budget, transactions: manyTransactions(count), budgetLines: novemberLines)
    }

    // MARK: Year 2026

    /// Cumulative remaining per month; March and December have no budget, October is in deficit.
    static let year2026: [BudgetSummary] = [
        (1, "1850.40"), (2, "2930.15"), (4, "3412.80"), (5, "2105"), (6, "4020.35"), (7, "1120.90"),
        (8, "2480"), (9, "1362"), (10, "-420.60"), (11, "2434.35"),
    ].map { BudgetSummary(id: "s\($0.0)", month: $0.0, year: 2026, remaining: amount($0.1)) }

    // MARK: Models

    static func month(_ data: MonthPanelData, month: BudgetMonth = november, filter: String = "", offset: Int = 0,
                      selected: Int? = nil, isPrivate: Bool = false) -> MonthPanelModel {
        // The rows as the core would have filtered them.
        var rows: FilteredTransactions?
        if case let .loaded(details) = data { rows = FilteredTransactions(details, filter: TransactionFilter(filter)) }
        return MonthPanelModel(month: month, payDay: payDay, currency: .chf, timeZone: timeZone, data: data, rows: rows,
                               scrollOffset: offset, selectedRow: selected, isPrivate: isPrivate)
    }

    static func year(_ data: YearPanelData, selected: Int? = 9, isPrivate: Bool = false) -> YearPanelModel {
        YearPanelModel(year: 2026, currentMonth: november, selectedMonth: selected, currency: .chf, data: data,
                       isPrivate: isPrivate)
    }
}
