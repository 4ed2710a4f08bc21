import PulpeDomain
import Testing
@testable import PulpeCore

/// Decision 43: the PIN screen comes back over open data — after `lock_after` without a key press, on
/// the lock key, or when the server refuses a key that had worked (the PIN changed elsewhere) —
/// keeping the screen behind it, and bringing it back as it was after the PIN.
@Suite struct StaleKeyAndIdleLockTests {
    private let settings = UserSettings(payDayOfMonth: 25, currency: .chf)
    private let november = BudgetMonth(year: 2026, month: 11)
    private let lockAfter = Duration.seconds(900)

    /// At home with the month's settings loaded, `lock_after` set as the runtime sets it.
    private func browsing(lockAfter: Duration? = .seconds(900), demo: Bool = false) -> Session {
        var session = Session()
        session.state.lockAfter = lockAfter
        session.send(.started(at: .zero, size: standardSize))
        session.fire(.splashMinimum, at: .milliseconds(1200))
        session.send(.availability(.serviceChecked(.available, at: .milliseconds(1300))))
        if demo {
            session.send(.session(.sessionRestored(SessionSummary(email: "demo@pulpe.local", isDemo: true, isUnlocked: true),
                                          at: .milliseconds(1310))))
        } else {
            session.send(.session(.sessionRestored(Session.alice, at: .milliseconds(1310))))
            for digit in "1234" { session.send(.text(.insert(digit))) }
            session.send(.session(.unlockFinished(.unlocked, at: .milliseconds(1500))))
        }
        session.send(.budgets(.settingsLoaded(.loaded(settings, today: november21), at: .seconds(2))))
        return session
    }

    private func home(_ session: Session) -> HomeState? {
        if case .home = session.state.screen, let home = session.state.home { home } else { nil }
    }

    private func pin(_ session: Session) -> PinForm? {
        if case let .pin(form) = session.state.screen { form } else { nil }
    }

    private func idleArmings(_ effects: [Effect]) -> [Duration] {
        effects.compactMap { if case let .schedule(token, after) = $0, token.id == .idleLock { after } else { nil } }
    }

    @Test func theIdleLockIsArmedWhenTheDataOpensAndAgainAtEveryKeyPress() {
        var session = browsing()
        #expect(idleArmings(session.effects) == [lockAfter], "armed once the home is open")
        #expect(idleArmings(session.send(.action(.browse(.moveDown)))) == [lockAfter])
        #expect(idleArmings(session.send(.text(.insert("x")))) == [lockAfter])
        #expect(idleArmings(session.send(.unboundKey)) == [lockAfter])
    }

    @Test func timersAnswersAndResizesAreNotActivity() {
        var session = browsing()
        #expect(idleArmings(session.send(.resized(Size(width: 100, height: 30)))).isEmpty)
        #expect(idleArmings(session.send(.budgets(.monthLoaded(november, .failed(.serverError), at: .seconds(5))))).isEmpty)
        #expect(idleArmings(session.send(.availability(.connectivityChanged(offline: false)))).isEmpty)
    }

    @Test func idlePastLockAfterHidesTheDataBehindThePinAndForgetsTheKey() {
        var session = browsing()
        session.send(.action(.browse(.nextMonth)))
        let before = home(session)
        let effects = session.fire(.idleLock, at: .seconds(902))
        #expect(pin(session)?.notice == .locked)
        #expect(effects.contains(.session(.lock)), "the key is forgotten in memory and where it was kept")
        #expect(session.state.resumeScreen == .home, "the home waits behind the PIN, as it was")
        #expect(session.state.home == before, "the home waits behind the PIN, as it was")
        #expect(session.state.session?.isUnlocked == false)
        #expect(!Core.maySend(session.state), "nothing is sent while locked")
    }

    /// The home screen's one slot: kept while the PIN waits in front of it, and dropped — month and
    /// all — once no screen refers to it (signing out from the PIN), so a later user never sees it.
    @Test func theHomeSlotLastsAsLongAsAScreenRefersToIt() {
        var session = browsing()
        session.fire(.idleLock, at: .seconds(902))
        #expect(session.state.resumeScreen == .home)
        #expect(session.state.home?.session.email == Session.alice.email, "kept behind the PIN")
        #expect(session.send(.action(.pin(.signOut))) == [.session(.signOut)])
        #expect(session.state.screen == .login(LoginForm(email: "alice@example.ch")))
        #expect(session.state.resumeScreen == nil)
        #expect(session.state.home == nil, "no screen refers to it: gone")
        // Another account signs in: a fresh home, nothing of the last one's.
        var bob = LoginForm(email: "bob@example.ch")
        bob.isSubmitting = true
        session.state.screen = .login(bob)
        session.send(.session(.loginFinished(.signedIn(SessionSummary(email: "bob@example.ch", isDemo: false, isUnlocked: false)),
                                             at: .seconds(903))))
        for digit in "5678" { session.send(.text(.insert(digit))) }
        session.send(.session(.unlockFinished(.unlocked, at: .seconds(904))))
        #expect(session.state.screen == .home)
        #expect(session.state.home?.session.email == "bob@example.ch")
        #expect(session.state.home?.settings == .loading, "bob's home starts from nothing: \(String(describing: session.state.home))")
    }

    @Test func thePinBringsBackTheSameMonthAndRowAndTheOverlay() {
        var session = browsing()
        session.send(.action(.browse(.nextMonth)))
        session.send(.action(.app(.showHelp)))
        let before = home(session)
        session.fire(.idleLock, at: .seconds(1000))
        #expect(session.state.overlay == nil, "nothing of the data shows over the PIN")
        for digit in "1234" { session.send(.text(.insert(digit))) }
        let effects = session.send(.session(.unlockFinished(.unlocked, at: .seconds(1010))))
        #expect(home(session)?.browse?.month == before?.browse?.month)
        #expect(home(session)?.browse?.list == before?.browse?.list, "the same rows and the same selected row")
        #expect(session.state.overlay == .help)
        #expect(effects.contains(.budgets(.loadMonth(BudgetMonth(year: 2026, month: 12)))), "the shown month is asked again")
        #expect(idleArmings(effects) == [lockAfter], "and the idle lock counts again")
    }

    @Test func theLockKeyLocksAtOnce() {
        var session = browsing()
        let effects = session.send(.action(.app(.lockNow)))
        #expect(pin(session)?.notice == .locked)
        #expect(effects.contains(.session(.lock)))
        #expect(idleArmings(effects).isEmpty, "no idle timer over the PIN screen")
    }

    @Test func neverWhenLockAfterIsZeroNorForADemoSessionNorOnThePinScreen() {
        var never = browsing(lockAfter: nil)
        #expect(idleArmings(never.effects).isEmpty)
        #expect(idleArmings(never.send(.action(.browse(.moveDown)))).isEmpty)
        var demo = browsing(demo: true)
        #expect(idleArmings(demo.send(.action(.browse(.moveDown)))).isEmpty, "the demo key is public: nothing to lock")
        #expect(demo.send(.action(.app(.lockNow))).isEmpty)
        var locked = browsing()
        locked.send(.action(.app(.lockNow)))
        #expect(idleArmings(locked.send(.text(.insert("1")))).isEmpty, "typing the PIN arms nothing")
    }

    @Test func aStaleIdleTickAfterAKeyPressIsDropped() {
        var session = browsing()
        let first = session.effects.compactMap { if case let .schedule(token, _) = $0, token.id == .idleLock { token } else { nil } }.last!
        session.send(.action(.browse(.moveDown)))
        #expect(session.send(.timerFired(first, at: .seconds(901))).isEmpty)
        #expect(home(session) != nil, "a key pressed since: not idle")
    }

    @Test(arguments: [
        Msg.budgets(.monthLoaded(BudgetMonth(year: 2026, month: 11), .failed(.keyChanged), at: .seconds(5))),
        Msg.budgets(.yearLoaded(2026, .failed(.keyChanged), at: .seconds(5))),
        Msg.budgets(.settingsLoaded(.failed(.keyChanged), at: .seconds(5))),
        Msg.outbox(.syncFinished(sent: 0, remaining: 2, stoppedBy: .keyChanged)),
    ])
    func aRefusedKeyAsksThePinWithTheReasonAndKeepsTheData(msg: Msg) {
        var session = browsing()
        let before = home(session)
        let effects = session.send(msg)
        #expect(pin(session)?.notice == .keyChanged)
        #expect(!effects.contains(.session(.lock)), "the services dropped the key already")
        #expect(session.state.resumeScreen == .home, "the cached figures wait behind the PIN")
        #expect(session.state.home == before, "the cached figures wait behind the PIN")
        #expect(!effects.contains(.outbox(.syncOutbox)))
    }

    @Test func aKeyRefusedAtRestoreAsksThePinWithTheReason() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.available, at: .milliseconds(1300))))
        var summary = Session.alice
        summary.keyWasRefused = true
        session.send(.session(.sessionRestored(summary, at: .milliseconds(1310))))
        #expect(pin(session)?.notice == .keyChanged)
    }

    @Test func queuedWritesStoppedByARefusedKeyAreNotRefused() {
        var session = browsing()
        let effects = session.send(.outbox(.syncFinished(sent: 0, remaining: 1, stoppedBy: .keyChanged)))
        #expect(!effects.contains { if case .outbox(.removePending) = $0 { true } else { false } })
        #expect(session.state.writes.outbox.items.allSatisfy { $0.state != .refused(reason: .server("")) })
    }

    /// During maintenance nothing may reach the API (decision 35): a PIN typed over a locked
    /// screen is checked locally, not sent.
    @Test func aPinBehindTheClosedGateIsCheckedLocally() {
        var session = browsing()
        session.send(.action(.app(.lockNow)))
        session.send(.availability(.maintenanceDetected(message: nil, at: .seconds(10))))
        session.state.screen = .pin(PinForm(email: "alice@example.ch", notice: .locked))
        session.state.service = .maintenance
        var effects: [Effect] = []
        for digit in "1234" { effects += session.send(.text(.insert(digit))) }
        #expect(effects.contains(.session(.unlockLocally(pin: "1234"))))
        #expect(!effects.contains(.session(.unlock(pin: "1234"))))
    }
}
