import PulpeDomain
import Testing
@testable import PulpeCore

/// Decision 77: the status check said available while the cached home was still being read — the
/// session restore waits for the cache's first answer, so its network and key work never competes
/// with the first paint; it is sent exactly once, whatever the cache answers.
@Suite struct RestoreAfterTheCacheTests {
    typealias Paint = FirstPaintTests

    /// Started, the saved demo session read, the home waiting for the cache behind the splash, and
    /// the check answered available.
    static func checkedBeforeTheCache() -> Session {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.send(.session(.offlineDataChecked(Paint.demo)))
        #expect(session.send(.availability(.serviceChecked(.available, at: .milliseconds(20)))).filter { !$0.isSchedule }.isEmpty,
                "nothing goes while the cache is read")
        #expect(session.state.startup == .restoringSession && session.state.restoreWaitsForTheCache)
        return session
    }

    static func restores(_ effects: [Effect]) -> Int { effects.filter { $0 == .session(.restoreSession) }.count }

    @Test func theFirstCachedMonthSendsTheRestoreOnce() {
        var session = Self.checkedBeforeTheCache()
        let period = session.send(.budgets(.settingsLoaded(.cached(Paint.settings, today: november21), at: .milliseconds(30))))
        #expect(Self.restores(period) == 0, "the settings name the month; the month is not read yet")
        let month = session.send(.budgets(.monthLoaded(Paint.november, .fetched(Paint.cachedNovember), at: .milliseconds(40))))
        #expect(Self.restores(month) == 1, "\(month)")
        guard case .home = session.state.screen else { Issue.record("the month ends the splash: \(session.state.screen)"); return }
        let year = session.send(.budgets(.yearLoaded(2026, .fetched(Fetched(Paint.year2026, fetchedAt: at("08:00"), fromCache: true)),
                                                     at: .milliseconds(45))))
        #expect(Self.restores(year) == 0 && !session.state.restoreWaitsForTheCache)
        let unlocked = SessionSummary(email: Paint.demo.email, isDemo: true, isUnlocked: true)
        let effects = session.send(.session(.sessionRestored(unlocked, at: .milliseconds(60))))
        #expect(effects.contains(.budgets(.loadMonth(Paint.november))), "then the server is asked as before: \(effects)")
    }

    @Test func settingsTheCacheDoesNotHoldSendTheRestore() {
        var session = Self.checkedBeforeTheCache()
        let effects = session.send(.budgets(.settingsLoaded(.failed(.offline), at: .milliseconds(30))))
        #expect(Self.restores(effects) == 1, "no month will come: \(effects)")
    }

    @Test func aMonthAlreadyReadWhenTheCheckAnswersRestoresAtOnce() {
        var session = Paint.painted()
        #expect(Self.restores(session.send(.availability(.serviceChecked(.available, at: .seconds(3))))) == 1)
        #expect(!session.state.restoreWaitsForTheCache)
    }

    @Test func maintenanceWhileWaitingRestoresOnlyWhenItEnds() {
        var session = Self.checkedBeforeTheCache()
        session.send(.availability(.maintenanceDetected(message: nil, at: .milliseconds(25))))
        let month = session.send(.budgets(.monthLoaded(Paint.november, .fetched(Paint.cachedNovember), at: .milliseconds(40))))
        #expect(Self.restores(month) == 0, "in maintenance nothing is restored: \(month)")
    }
}
