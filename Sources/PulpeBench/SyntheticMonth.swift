import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import PulpeTestSupport
import PulpeUI

/// A long month built in memory: the shape of the demo's (budget lines of each kind, free and
/// allocated transactions, accents), `transactions` rows long.
enum SyntheticMonth {
    static let timeZone = LocalZone(TimeZone(identifier: "Europe/Zurich") ?? .current)
    static let today = CalendarDay(year: 2026, month: 11, day: 21)!
    static let month = BudgetMonth(year: 2026, month: 11)

    static func details(transactions count: Int) -> BudgetDetails {
        let created = Date(timeIntervalSince1970: 1_792_000_000)
        let budget = Budget(id: "budget-2026-11", createdAt: created, updatedAt: created, userId: "bench", templateId: nil,
                            month: month.month, year: month.year, description: "", rollover: 420)
        let lines: [(String, Decimal, TransactionKind)] = [
            ("Salaire — Helvetia Conseil SA", 7_450, .income), ("Loyer", 2_150, .expense), ("Assurance maladie", 438.6, .expense),
            ("Épicerie", 900, .expense), ("Cafés et sorties", 250, .expense), ("Électricité", 85, .expense),
            ("Épargne", 800, .saving), ("Pilier 3a", 587, .saving),
        ]
        let budgetLines = lines.enumerated().map { index, line in
            BudgetLine(id: "line-\(index)", budgetId: budget.id, name: line.0, amount: line.1, kind: line.2,
                       createdAt: created, updatedAt: created)
        }
        let names = ["Café du Marché", "Kiosque — journaux", "Boulangerie Poyet", "TL — billet de bus", "Migros Daily",
                     "Coop Pronto", "Pharmacie Amavita", "Crêperie La Bolée"]
        let start = CalendarDay(year: 2026, month: 10, day: 25)!.startDate(in: timeZone)
        let rows = (0..<count).map { index in
            let when = start.addingTimeInterval(Double(index % (27 * 24)) * 3600)
            let cents = 20 + (index * 37) % 900
            return Transaction(id: "tx-\(index)", createdAt: when, updatedAt: when, budgetId: budget.id,
                               budgetLineId: index % 3 == 0 ? "line-\(3 + index % 3)" : nil,
                               amount: Decimal(cents) / 100, name: names[index % names.count], kind: .expense,
                               transactionDate: when, checkedAt: index % 4 == 0 ? nil : when)
        }.sorted { $0.transactionDate > $1.transactionDate }
        return BudgetDetails(budget: budget, transactions: rows, budgetLines: budgetLines)
    }

    /// The home screen showing `details` as the current month, settled (no splash, no status).
    static func homeState(_ details: BudgetDetails, size: Size) -> AppState {
        let settings = UserSettings(payDayOfMonth: 25, currency: .chf)
        var browse = BrowseState(today: today, settings: settings)
        browse.months[month] = .loaded(Fetched(.budget(details), fetchedAt: Date(timeIntervalSince1970: 1_795_000_000), fromCache: false))
        // The year's sparse list: the quick-add form finds the month's budget id in it.
        browse.years[month.year] = .loaded(Fetched([BudgetSummary(id: details.budget.id, month: month.month, year: month.year)],
                                                   fetchedAt: Date(timeIntervalSince1970: 1_795_000_000), fromCache: false))
        let session = SessionSummary(email: "bench@pulpe.local", isDemo: false, isUnlocked: true)
        browse.layOutList(in: size)
        var state = AppState(home: HomeState(session: session, settings: .loaded(settings), browse: browse),
                             terminalSize: size, seed: 1)
        state.session = session
        return state
    }
}
