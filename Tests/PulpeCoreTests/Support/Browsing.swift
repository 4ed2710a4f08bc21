import PulpeDomain
@testable import PulpeCore

/// What the browsing tests start from: the home screen with settings for pay day 25 on the 21st
/// of November (the period named November is current), and months of plain transactions.
enum Browsing {
    static let settings = UserSettings(payDayOfMonth: 25, currency: .chf)
    static let november = BudgetMonth(year: 2026, month: 11)

    /// At home, the settings loaded.
    static func session() -> Session {
        var session = Session.atHome()
        session.send(.budgets(.settingsLoaded(.loaded(settings, today: november21), at: .seconds(2))))
        return session
    }

    /// The browse state while the home screen shows.
    static func browse(_ session: Session) -> BrowseState? {
        if case .home = session.state.screen, let home = session.state.home { home.browse } else { nil }
    }

    /// November with `count` transactions of 1 CHF, no prévisions.
    static func details(transactions count: Int) -> BudgetDetails {
        let budget = Budget(id: "b", createdAt: .distantPast, updatedAt: .distantPast, userId: "u", templateId: "t",
                            month: 11, year: 2026, description: "")
        let transactions = (0..<count).map { index in
            Transaction(id: "t\(index)", createdAt: .distantPast, updatedAt: .distantPast, budgetId: "b", budgetLineId: nil,
                        amount: 1, name: "T\(index)", kind: .expense, transactionDate: .distantPast, tagIds: [], checkedAt: nil)
        }
        return BudgetDetails(budget: budget, transactions: transactions, budgetLines: [])
    }
}
