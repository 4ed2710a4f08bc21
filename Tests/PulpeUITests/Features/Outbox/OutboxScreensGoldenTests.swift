import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import Testing
@testable import PulpeUI

/// The outbox on screen: a pending row in the month list, the pending list, the questions.
@Suite struct OutboxScreensGoldenTests {
    private func expense(_ id: String, _ name: String, _ amount: Decimal, state: PendingExpense.State = .pending) -> PendingExpense {
        PendingExpense(id: id, draft: ExpenseDraft(amount: amount, name: name, kind: .expense,
                                                   date: CalendarDay(year: 2026, month: 11, day: 21)!, checked: true,
                                                   month: PanelFixtures.november, budgetId: PanelFixtures.novemberDetails.budget.id),
                       state: state)
    }

    private func home(columns: Int, rows: Int, outbox: OutboxSnapshot) -> AppState {
        let settings = UserSettings(payDayOfMonth: PanelFixtures.payDay, currency: .chf)
        var browse = BrowseState(today: PanelFixtures.today, settings: settings)
        browse.months[PanelFixtures.november] = .loaded(Fetched(.budget(PanelFixtures.novemberDetails), fetchedAt: at("14:32"),
                                                                fromCache: false))
        browse.years[2026] = .loaded(Fetched(PanelFixtures.year2026, fetchedAt: at("14:32"), fromCache: false))
        browse.applyPending(outbox)
        browse.layOutList(in: Size(width: columns, height: rows))
        let session = SessionSummary(email: "demo@pulpe.local", isDemo: false, isUnlocked: true)
        var state = AppState.at(home: (HomeState(session: session, settings: .loaded(settings), browse: browse)),
                                columns: columns, rows: rows)
        state.writes.outbox = outbox
        return state
    }

    private var context: ViewContext {
        ViewContext(capabilities: Contexts.colour.capabilities, animations: Contexts.animations, timeZone: PanelFixtures.timeZone)
    }

    @Test func aPendingRowIsMarkedAndTheBadgeCountsIt() {
        let state = home(columns: 100, rows: 30, outbox: OutboxSnapshot(items: [expense("p1", "Café de la gare", 4.5)]))
        let screen = RootView.render(state, now: .zero, context: context).buffer.textLines().joined(separator: "\n")
        #expect(screen.contains("Café de la gare"))
        #expect(screen.contains("en attente"))
        #expect(screen.contains("1 dépense en attente"))
        expectGolden("outbox-pending-row-100x30", state: state, context: context)
    }

    @Test func thePendingListAndItsRefusal() {
        var state = home(columns: 80, rows: 24, outbox: OutboxSnapshot(items: [
            expense("p1", "Café de la gare", 4.5),
            expense("p2", "Cadeau", 80, state: .refused(reason: .server("Budget not found"))),
        ]))
        state.overlay = .pendingList(selected: 1)
        expectGolden("outbox-pending-list-80x24", state: state, context: context)
    }

    @Test func quittingWithExpensesQueuedAsks() {
        var state = home(columns: 80, rows: 24, outbox: OutboxSnapshot(items: [expense("p1", "Café", 4.5), expense("p2", "Pain", 3)]))
        state.overlay = .confirm(.quitWithPending(count: 2))
        let screen = RootView.render(state, now: .zero, context: context).buffer.textLines().joined(separator: "\n")
        #expect(screen.contains("2 dépenses pas encore envoyées — quitter quand même ?"))
        #expect(screen.contains("(elles partiront au prochain lancement)"))
        expectGolden("outbox-confirm-quit-80x24", state: state, context: context)
    }
}
