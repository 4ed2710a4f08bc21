import Foundation
import PulpeDomain
@testable import PulpeCore

/// A signed-in user browsing November 2026 (pay day the 25th, today the 21st), with the year's
/// budgets January…November (none for December yet) and a few named transactions to complete from.
enum QuickAddFixture {
    static let settings = UserSettings(payDayOfMonth: 25, currency: .chf)
    static let november = BudgetMonth(year: 2026, month: 11)
    static let december = BudgetMonth(year: 2026, month: 12)
    static let year2026 = (1...11).map { (month: Int) in BudgetSummary(id: "b-2026-\(month)", month: month, year: 2026) }

    static func transaction(_ id: String, _ name: String, day: Int) -> Transaction {
        let when = at("12:00", day: day)
        return Transaction(id: id, createdAt: when, updatedAt: when, budgetId: "b-2026-11", amount: 10, name: name,
                           kind: .expense, transactionDate: when)
    }

    static let novemberDetails: BudgetDetails = {
        let budget = Budget(id: "b-2026-11", createdAt: .distantPast, updatedAt: .distantPast, userId: "u", templateId: "t",
                            month: 11, year: 2026, description: "")
        return BudgetDetails(budget: budget, transactions: [
            transaction("t1", "Cafétéria HUG", day: 10),
            transaction("t2", "Café du Marché", day: 20),
            transaction("t3", "Migros Plainpalais", day: 19),
            transaction("t4", "Minigolf", day: 5),
            transaction("t5", "café du marché", day: 2),
            transaction("t6", "Œuvre d'entraide", day: 1),
        ], budgetLines: [])
    }()

    static func browsing() -> Session {
        var session = Session.atHome()
        session.send(.budgets(.settingsLoaded(.loaded(settings, today: november21), at: .seconds(2))))
        session.send(.budgets(.yearLoaded(2026, .fetched(Fetched(year2026, fetchedAt: at("14:32"), fromCache: false)), at: .seconds(2))))
        session.send(.budgets(.monthLoaded(november, .fetched(Fetched(.budget(novemberDetails), fetchedAt: at("14:32"), fromCache: false)),
                                  at: .seconds(2))))
        return session
    }

    /// Browsing, with the form open.
    static func opened() -> Session {
        var session = browsing()
        session.send(.action(.quickAdd(.open)))
        return session
    }
}

extension Session {
    var home: HomeState? {
        if case .home = state.screen, let home = state.home { home } else { nil }
    }

    var form: QuickAddForm? { home?.quickAdd }

    mutating func type(_ text: String) {
        for character in text { send(.text(.insert(character))) }
    }

    mutating func press(_ action: Action, times: Int = 1) {
        for _ in 0..<times { send(.action(action)) }
    }
}

func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))! }
