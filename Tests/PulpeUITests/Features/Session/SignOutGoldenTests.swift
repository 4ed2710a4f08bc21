import Foundation
import PulpeCore
import PulpeDomain
import PulpeTerminal
import Testing
@testable import PulpeUI

/// « Se déconnecter ? » over the home screen (`D`, decision 101): what waits is said first.
@Suite struct SignOutGoldenTests {
    private func expense(_ id: String, _ name: String, _ amount: Decimal) -> PendingExpense {
        PendingExpense(id: id, draft: ExpenseDraft(amount: amount, name: name, kind: .expense,
                                                   date: CalendarDay(year: 2026, month: 11, day: 21)!, checked: true,
                                                   month: PanelFixtures.november, budgetId: PanelFixtures.novemberDetails.budget.id),
                       state: .pending)
    }

    private func home(outbox: OutboxSnapshot) -> AppState {
        let settings = UserSettings(payDayOfMonth: PanelFixtures.payDay, currency: .chf)
        var browse = BrowseState(today: PanelFixtures.today, settings: settings)
        browse.months[PanelFixtures.november] = .loaded(Fetched(.budget(PanelFixtures.novemberDetails), fetchedAt: at("14:32"),
                                                                fromCache: false))
        browse.years[2026] = .loaded(Fetched(PanelFixtures.year2026, fetchedAt: at("14:32"), fromCache: false))
        browse.applyPending(outbox)
        browse.layOutList(in: Size(width: 100, height: 30))
        let session = SessionSummary(email: "alice@example.ch", isDemo: false, isUnlocked: true)
        var state = AppState.at(home: HomeState(session: session, settings: .loaded(settings), browse: browse), columns: 100, rows: 30)
        state.writes.outbox = outbox
        state.overlay = .confirm(.signOut(pending: outbox.pendingCount, onlyExpenses: outbox.onlyExpensesPending))
        return state
    }

    private var context: ViewContext {
        ViewContext(capabilities: Contexts.colour.capabilities, animations: Contexts.animations, timeZone: PanelFixtures.timeZone)
    }

    private func screen(_ state: AppState) -> String {
        RootView.render(state, now: .zero, context: context).buffer.textLines().joined(separator: "\n")
    }

    @Test func withOneWriteWaitingItSaysItStaysForThisAccount() {
        let state = home(outbox: OutboxSnapshot(items: [expense("p1", "Café de la gare", 4.5)]))
        #expect(screen(state).contains("Se déconnecter ?"))
        #expect(screen(state).contains("1 dépense en attente reste gardée pour ce compte"))
        #expect(screen(state).contains("et partira à ta prochaine connexion."))
        #expect(screen(state).contains("Entrée  Se déconnecter     Échap  Rester"))
        expectGolden("sign-out-one-waiting-100x30", state: state, context: context)
    }

    @Test func withNothingWaitingItSaysSo() {
        let state = home(outbox: OutboxSnapshot())
        #expect(screen(state).contains("Rien en attente."))
        #expect(!screen(state).contains("ta prochaine connexion"))
        expectGolden("sign-out-nothing-waiting-100x30", state: state, context: context)
    }
}
