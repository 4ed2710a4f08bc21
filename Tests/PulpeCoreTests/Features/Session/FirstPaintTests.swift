import PulpeDomain
import Testing
@testable import PulpeCore

/// docs/product.md §2.2 and decision 35: a returning user whose data needs no PIN sees the cached month
/// before `GET /maintenance/status` answers, and nothing talks to the API before it says available.
@Suite struct FirstPaintTests {
    static let demo = SessionSummary(email: "demo-1@pulpe.local", isDemo: true, isUnlocked: false)
    static let settings = UserSettings(payDayOfMonth: 25, currency: .chf)
    static let november = BudgetMonth(year: 2026, month: 11)
    static let cachedNovember = Fetched(MonthContent.noBudget, fetchedAt: at("08:00"), fromCache: true)
    static let year2026 = (1...11).map { (month: Int) in BudgetSummary(id: "b-2026-\(month)", month: month, year: 2026) }

    /// What may run while the check is out: timers, the check itself, and local reads.
    static func isLocal(_ effect: Effect) -> Bool {
        switch effect {
        case .schedule, .availability(.checkService), .session(.checkOfflineData), .budgets(.loadCached), .outbox(.loadOutbox),
             .budgets(.loadTags(askServer: false)), .budgets(.loadSavingsGoals(askServer: false)), .budgets(.loadRecapSeen),
             .budgets(.markRecapSeen): true
        case let .outbox(.storeChange(_, thenSync)): !thenSync
        default: false
        }
    }

    /// Started; the saved demo session and the cache answered; the cached month is on screen.
    static func painted() -> Session {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.send(.session(.offlineDataChecked(demo)))
        session.send(.budgets(.settingsLoaded(.cached(settings, today: november21), at: .milliseconds(30))))
        session.send(.budgets(.yearLoaded(2026, .fetched(Fetched(year2026, fetchedAt: at("08:00"), fromCache: true)), at: .milliseconds(35))))
        session.send(.budgets(.monthLoaded(november, .fetched(cachedNovember), at: .milliseconds(40))))
        return session
    }

    @Test func theCachedMonthIsPaintedBeforeTheCheckAnswersWithNoRequest() {
        var session = Session()
        #expect(session.send(.started(at: .zero, size: standardSize)).suffix(2) == [.availability(.checkService), .session(.checkOfflineData)])
        #expect(session.send(.session(.offlineDataChecked(Self.demo))).filter { !$0.isSchedule }
                == [.budgets(.loadCached(.settings)), .outbox(.loadOutbox)])
        #expect(session.state.afterSplash == .home, "waits for its month behind the splash")
        #expect(session.state.home == HomeState(session: Self.demo), "waits for its month behind the splash")
        let period = session.send(.budgets(.settingsLoaded(.cached(Self.settings, today: november21), at: .milliseconds(30))))
        #expect(period.filter { !$0.isSchedule } == [.budgets(.loadCached(.month(Self.november))), .budgets(.loadCached(.year(2026))),
                           .budgets(.loadCached(.month(Self.november.previous))), .budgets(.loadCached(.month(Self.november.next)))])
        #expect(session.send(.budgets(.monthLoaded(Self.november, .fetched(Self.cachedNovember), at: .milliseconds(40))))
                .filter { !$0.isSchedule } == [.budgets(.loadTags(askServer: false)), .budgets(.loadSavingsGoals(askServer: false)),
                                               .budgets(.loadRecapSeen)],
                "the replica's tags and savings goals, from the cache; whether a « Bilan du mois » is due")
        guard case .home = session.state.screen, let home = session.state.home else {
            Issue.record("the cached month ends the splash at once: \(session.state.screen)")
            return
        }
        #expect(home.browse?.months[Self.november] == .loaded(Self.cachedNovember))
        #expect(!session.state.timers.isArmed(.splashMinimum) && !session.state.timers.isArmed(.splashMaximum))
        #expect(session.state.startup == .checkingService, "the check still runs and still decides")
        // « Chargement du mois… » was queued behind « Vérification du service… »: the month is on
        // screen now, so it leaves unseen and the line says the data's age next.
        #expect(session.state.status.current == StatusEntry(.checkingService))
        #expect(session.state.status.queue == [StatusEntry(.cached(at: at("08:00")))])
        #expect(session.effects.allSatisfy { Self.isLocal($0) }, "\(session.effects)")
    }

    @Test func availableRestoresTheSessionBehindThePaintedMonthThenRefreshesAndSends() {
        var session = Self.painted()
        let statusBefore = session.state.status
        #expect(session.send(.availability(.serviceChecked(.available, at: .seconds(3)))).filter { !$0.isSchedule } == [.session(.restoreSession)])
        #expect(session.state.status.queue == statusBefore.queue, "no « Connexion… » over a painted month")
        guard case .home = session.state.screen else { Issue.record("\(session.state.screen)"); return }
        let unlocked = SessionSummary(email: Self.demo.email, isDemo: true, isUnlocked: true)
        let effects = session.send(.session(.sessionRestored(unlocked, at: .seconds(3)))).filter { !$0.isSchedule }
        // The shown month and year as on every arrival home, then what only the cache answered for.
        #expect(effects
                == [.budgets(.loadSettings), .outbox(.loadOutbox), .outbox(.syncOutbox), .budgets(.loadMonth(Self.november)),
                    .budgets(.loadYear(2026)),
                            .budgets(.loadMonth(Self.november.previous)), .budgets(.loadMonth(Self.november.next))])
        guard case .home = session.state.screen, let home = session.state.home else { Issue.record("\(session.state.screen)"); return }
        #expect(home.session == unlocked)
        #expect(home.browse?.months[Self.november] == .loaded(Self.cachedNovember), "no placeholder, no splash again")
        let said = [session.state.status.current] + session.state.status.queue.map { Optional($0) }
        #expect(!said.contains(StatusEntry(.loadingMonth)), "the painted month is not announced as loading: \(said)")
    }

    /// The check said available before the cache answered: what the cache's settings ask while the
    /// session is restored (its kept key not checked yet) still reads the cache only, a miss is no
    /// failure, and the server is asked once the session is back. The restore itself waits for the
    /// cache's first answer (decision 77).
    @Test func loadsWhileTheSessionIsRestoredReadTheCacheOnly() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.send(.session(.offlineDataChecked(Self.demo)))
        #expect(session.send(.availability(.serviceChecked(.available, at: .milliseconds(20)))).filter { !$0.isSchedule }.isEmpty)
        let period = session.send(.budgets(.settingsLoaded(.cached(Self.settings, today: november21), at: .milliseconds(30))))
        #expect(period.filter { !$0.isSchedule } == [.budgets(.loadCached(.month(Self.november))), .budgets(.loadCached(.year(2026))),
                           .budgets(.loadCached(.month(Self.november.previous))), .budgets(.loadCached(.month(Self.november.next)))])
        #expect(session.send(.budgets(.yearLoaded(2026, .failed(.pinRequired), at: .milliseconds(35)))).filter { !$0.isSchedule }
                == [.session(.restoreSession)])
        #expect(session.state.home?.browse?.years[2026] == .loading, "a cache miss while the key is checked is no failure")
        #expect(session.state.status.current?.isError != true, "\(session.state.status)")
        let unlocked = SessionSummary(email: Self.demo.email, isDemo: true, isUnlocked: true)
        let effects = session.send(.session(.sessionRestored(unlocked, at: .seconds(1)))).filter { !$0.isSchedule }
        #expect(effects.contains(.budgets(.loadYear(2026))) && effects.contains(.budgets(.loadMonth(Self.november))), "\(effects)")
    }

    @Test func theSplashLeavesAtItsMinimumWhenTheCacheHasNoMonthAndTheMissIsNoFailure() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.send(.session(.offlineDataChecked(Self.demo)))
        session.send(.budgets(.settingsLoaded(.cached(Self.settings, today: november21), at: .milliseconds(30))))
        session.send(.budgets(.monthLoaded(Self.november, .failed(.offline), at: .milliseconds(40))))
        #expect(session.state.afterSplash != nil, "nothing to paint yet")
        session.fire(.splashMinimum, at: .milliseconds(1200))
        guard case .home = session.state.screen, let home = session.state.home else { Issue.record("\(session.state.screen)"); return }
        #expect(home.browse?.months[Self.november] == .loading, "placeholders until the server may be asked")
        #expect(session.state.status.current?.isError != true)
    }

    @Test func aSessionThatNeedsThePinWaitsForTheCheck() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        #expect(session.send(.session(.offlineDataChecked(Session.alice))).isEmpty)
        #expect(session.state.afterSplash == nil)
        #expect(session.state.screen == .splash(SplashState(shownAt: .zero)))
    }

    @Test func aSessionReadAfterTheCheckAnsweredPaintsNothing() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        #expect(session.send(.availability(.serviceChecked(.available, at: .milliseconds(20)))).filter { !$0.isSchedule }
                == [.session(.restoreSession)])
        #expect(session.send(.session(.offlineDataChecked(Self.demo))).isEmpty)
        #expect(session.state.afterSplash == nil)
    }

    @Test func maintenanceTakesOverThePaintedMonthAndOBringsItBackOffline() {
        var session = Self.painted()
        let effects = session.send(.availability(.serviceChecked(.maintenance(message: nil), at: .seconds(3))))
        #expect(effects.filter { !$0.isSchedule } == [.session(.checkOfflineData)])
        #expect(session.state.timers.isArmed(.maintenanceRecheck))
        guard case .maintenance = session.state.screen, case .home? = session.state.resumeScreen, let kept = session.state.home else {
            Issue.record("\(session.state.screen)")
            return
        }
        session.send(.session(.offlineDataChecked(Self.demo)))
        let opened = session.send(.action(.startup(.continueOffline))).filter { !$0.isSchedule }
        #expect(opened
                == [.budgets(.loadCached(.settings)), .outbox(.loadOutbox), .budgets(.loadCached(.month(Self.november))),
                    .budgets(.loadCached(.year(2026)))])
        #expect(session.state.screen == .home, "the same month, as it was")
        #expect(session.state.home == kept, "the same month, as it was")
        #expect(session.state.isOffline)
        #expect(session.state.backgroundMaintenance != nil)
        #expect(session.state.resumeScreen == nil)
    }

    @Test func oOnMaintenanceNeedsACache() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.maintenance(message: nil), at: .seconds(2))))
        session.send(.session(.offlineDataChecked(nil)))
        #expect(session.send(.action(.startup(.continueOffline))).isEmpty)
        guard case .maintenance = session.state.screen else { Issue.record("\(session.state.screen)"); return }
    }

    @Test func unreachableKeepsThePaintedMonthMarkedOffline() {
        var session = Self.painted()
        session.fire(.statusLine, at: .milliseconds(800))
        let screen = session.state.screen
        #expect(session.send(.availability(.serviceChecked(.unreachable, at: .seconds(3)))).allSatisfy { $0.isSchedule },
                "no « Connexion impossible » detour, no request")
        #expect(session.state.screen == screen)
        #expect(session.state.isOffline)
        #expect(session.state.service == .unreachable)
        #expect(session.state.status.current == StatusEntry(.cached(at: at("08:00"))), "the line says how old it is")
    }

    @Test func theNetworkComingBackRunsTheCheckAgainBehindTheMonth() {
        var session = Self.painted()
        session.send(.availability(.serviceChecked(.unreachable, at: .seconds(3))))
        #expect(session.send(.availability(.connectivityChanged(offline: false))).filter { !$0.isSchedule } == [.availability(.checkService)])
        #expect(session.state.startup == .checkingService)
        #expect(session.send(.availability(.serviceChecked(.available, at: .seconds(9)))).filter { !$0.isSchedule } == [.session(.restoreSession)])
        #expect(!session.state.isOffline)
        let unlocked = SessionSummary(email: Self.demo.email, isDemo: true, isUnlocked: true)
        let effects = session.send(.session(.sessionRestored(unlocked, at: .seconds(9))))
        #expect(effects.contains(.budgets(.loadMonth(Self.november))) && effects.contains(.outbox(.syncOutbox)))
        guard case .home = session.state.screen, let home = session.state.home else { Issue.record("\(session.state.screen)"); return }
        #expect(home.browse?.months[Self.november] == .loaded(Self.cachedNovember))
    }

    @Test func rOfflineChecksAgainInsteadOfLoadsThatCannotWork() {
        var session = Self.painted()
        session.send(.availability(.serviceChecked(.unreachable, at: .seconds(3))))
        #expect(session.send(.action(.browse(.refresh))).filter { !$0.isSchedule } == [.availability(.checkService)])
        #expect(session.state.status.current == StatusEntry(.checkingService) || session.state.status.queue.contains(StatusEntry(.checkingService)))
        #expect(session.send(.action(.browse(.refresh))).allSatisfy { $0.isSchedule }, "once at a time")
        session.send(.availability(.serviceChecked(.unreachable, at: .seconds(5))))
        #expect(session.state.isOffline)
        guard case .home = session.state.screen else { Issue.record("\(session.state.screen)"); return }
        session.send(.action(.browse(.refresh)))
        session.send(.availability(.serviceChecked(.maintenance(message: nil), at: .seconds(7))))
        guard case .maintenance = session.state.screen, case .home? = session.state.resumeScreen else {
            Issue.record("maintenance takes over, keeping the month: \(session.state.screen)")
            return
        }
    }

    @Test func withoutAPaintedMonthUnreachableIsConnexionImpossible() {
        var session = Session.pastSplash()
        session.send(.session(.offlineDataChecked(Session.alice)))
        #expect(session.send(.availability(.serviceChecked(.unreachable, at: .seconds(3)))).filter { !$0.isSchedule }
                == [.session(.checkOfflineData)])
        guard case .networkUnavailable = session.state.screen else { Issue.record("\(session.state.screen)"); return }
    }

    @Test func oOnConnexionImpossibleAsksThePinBeforeAnyRead() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.unreachable, at: .seconds(2))))
        session.send(.session(.offlineDataChecked(Session.alice)))
        #expect(session.send(.action(.startup(.continueOffline))).isEmpty)
        #expect(session.state.screen == .pin(PinForm(email: Session.alice.email)))
        #expect(session.state.resumeScreen == nil)
    }

    /// Decision 110: the check's « unreachable » may come before the cache's answer (a proxy that
    /// refuses at once, a loaded machine); the cached month is then opened offline all the same —
    /// the screen does not depend on which answer came first.
    @Test func theCacheAnsweringAfterUnreachableStillOpensTheMonthOffline() {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.send(.availability(.serviceChecked(.proxyRefused, at: .milliseconds(10))))
        guard case let .networkUnavailable(network) = session.state.afterSplash ?? session.state.screen else {
            Issue.record("\(session.state.screen)")
            return
        }
        #expect(network.reachedAtStartUp && network.throughProxy)
        let effects = session.send(.session(.offlineDataChecked(Self.demo)))
        #expect(effects.filter { !$0.isSchedule } == [.budgets(.loadSettings), .outbox(.loadOutbox)], "as `o` would")
        #expect(session.state.screen == .home && session.state.isOffline)
        #expect(session.state.afterSplash == nil && !session.state.timers.isArmed(.splashMinimum))
        #expect(session.state.service == .unreachable, "the network coming back checks again")
    }

    /// After `R`, « Connexion impossible » is the user's own: a late answer only offers `o`.
    @Test func aRetriedConnexionImpossibleOnlyOffersO() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.unreachable, at: .seconds(2))))
        session.send(.action(.startup(.retry)))
        session.send(.session(.offlineDataChecked(Self.demo)))
        guard case let .networkUnavailable(network) = session.state.screen else { Issue.record("\(session.state.screen)"); return }
        #expect(network.offlineSession == Self.demo && !network.reachedAtStartUp)
    }
}
