import PulpeDomain
import Testing
@testable import PulpeCore

@Suite struct OfflineBrowseTests {
    @Test func offlineWithCachedDataShowsItsAgeNotAnError() {
        var session = Session.atHome()
        let november = BudgetMonth(year: 2026, month: 11)
        session.send(.budgets(.settingsLoaded(.loaded(UserSettings(payDayOfMonth: 25, currency: .chf), today: november21),
                                     at: .seconds(2))))
        session.send(.budgets(.monthLoaded(november, .fetched(Fetched(.noBudget, fetchedAt: at("09:15"), fromCache: true)), at: .seconds(2))))
        session.send(.budgets(.monthLoaded(november, .failed(Failure.unreachable), at: .seconds(3))))
        #expect(session.state.isOffline)
        #expect(!(session.state.status.current?.isError ?? false))
        let said = [session.state.status.current] + session.state.status.queue.map { Optional($0) }
        #expect(said.contains(StatusEntry(.cached(at: at("09:15")))))
    }
}
