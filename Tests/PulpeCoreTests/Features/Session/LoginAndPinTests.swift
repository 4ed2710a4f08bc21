import Testing
@testable import PulpeCore

/// docs/product.md §2.5–2.6: the login and PIN forms.
@Suite struct LoginAndPinTests {
    private func atLogin() -> Session {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.available, at: .seconds(2))))
        session.send(.session(.sessionRestored(nil, at: .seconds(2))))
        return session
    }

    private func type(_ text: String, into session: inout Session) {
        for character in text { session.send(.text(.insert(character))) }
    }

    private var form: (Session) -> LoginForm? {
        { if case let .login(form) = $0.state.screen { form } else { nil } }
    }

    @Test func focusWrapsAroundBothWays() {
        var session = atLogin()
        session.send(.action(.login(.previousField)))
        #expect(form(session)?.focus == .demo)
        session.send(.action(.login(.nextField)))
        #expect(form(session)?.focus == .email)
    }

    @Test func typingFillsTheFocusedFieldAndEnterMovesOn() {
        var session = atLogin()
        type("alice@example.ch", into: &session)
        session.send(.action(.login(.submit)))
        #expect(form(session)?.focus == .password)
        type("secret!", into: &session)
        session.send(.text(.deleteBackward))
        #expect(form(session)?.email.text == "alice@example.ch")
        #expect(form(session)?.password.text == "secret")
    }

    @Test func submittingSendsTheTrimmedEmailOnceAndIgnoresInputMeanwhile() {
        var session = atLogin()
        type(" alice@example.ch ", into: &session)
        session.send(.action(.login(.nextField)))
        type("pw", into: &session)
        #expect(session.send(.action(.login(.submit))) == [.session(.logIn(email: "alice@example.ch", password: "pw"))])
        #expect(form(session)?.isSubmitting == true)
        #expect(session.send(.action(.login(.submit))).isEmpty, "no second request while the first runs")
        session.send(.text(.insert("x")))
        #expect(form(session)?.password.text == "pw")
        #expect(session.state.status.current == StatusEntry(.connecting))
    }

    @Test(arguments: [("", "pw", FormProblem.emailMissing), ("alice", "pw", .emailInvalid),
                      ("a@b.ch", "", .passwordMissing)])
    func invalidFormsSayWhy(email: String, password: String, problem: FormProblem) {
        var session = atLogin()
        type(email, into: &session)
        session.send(.action(.login(.nextField)))
        type(password, into: &session)
        let effects = session.send(.action(.login(.submit)))
        #expect(!effects.contains { if case .session(.logIn) = $0 { true } else { false } })
        #expect(form(session)?.error == problem)
    }

    @Test func wrongCredentialsKeepTheFormAndShowTheMessage() {
        var session = atLogin()
        type("a@b.ch", into: &session)
        session.send(.action(.login(.nextField)))
        type("bad", into: &session)
        session.send(.action(.login(.submit)))
        session.send(.session(.loginFinished(.failed(Failure.invalidCredentials), at: .seconds(3))))
        #expect(form(session)?.error == .failed(.invalidCredentials))
        #expect(form(session)?.isSubmitting == false)
        #expect(form(session)?.password.text == "bad")
    }

    @Test func successLeadsToThePinAndTheFourthDigitUnlocks() {
        var session = atLogin()
        type("a@b.ch", into: &session)
        session.send(.action(.login(.nextField)))
        type("pw", into: &session)
        session.send(.action(.login(.submit)))
        let alice = SessionSummary(email: "a@b.ch", isDemo: false, isUnlocked: false)
        session.send(.session(.loginFinished(.signedIn(alice), at: .seconds(3))))
        #expect(session.state.screen == .pin(PinForm(email: "a@b.ch")))
        type("12a3", into: &session)
        let effects = session.send(.text(.insert("4")))
        #expect(effects.contains(.session(.unlock(pin: "1234"))))
        session.send(.session(.unlockFinished(.unlocked, at: .seconds(4))))
        #expect(session.state.screen == .home)
        #expect(session.state.home == HomeState(session: SessionSummary(email: "a@b.ch", isDemo: false, isUnlocked: true)))
    }

    @Test func aWrongPinClearsTheDigitsAndSaysSo() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.available, at: .seconds(2))))
        session.send(.session(.sessionRestored(Session.alice, at: .seconds(2))))
        type("9999", into: &session)
        session.send(.session(.unlockFinished(.failed(Failure.wrongPin), at: .seconds(3))))
        guard case let .pin(form) = session.state.screen else {
            Issue.record("\(session.state.screen)")
            return
        }
        #expect(form.digits.isEmpty)
        #expect(form.error == .failed(.wrongPin))
        #expect(session.state.session?.isUnlocked == false, "nothing is shown with zero amounts")
    }

    @Test func theDemoButtonStartsADemoSession() {
        var session = atLogin()
        session.send(.action(.login(.nextField)))
        session.send(.action(.login(.nextField)))
        #expect(form(session)?.focus == .demo)
        #expect(session.send(.action(.login(.submit))) == [.session(.startDemo)])
        let demo = SessionSummary(email: "demo@pulpe.app", isDemo: true, isUnlocked: false)
        #expect(session.send(.session(.loginFinished(.signedIn(demo), at: .seconds(3)))) == [.session(.unlockDemo)])
        session.send(.session(.unlockFinished(.unlocked, at: .seconds(3))))
        guard case .home = session.state.screen else {
            Issue.record("\(session.state.screen)")
            return
        }
    }

    @Test func signingOutFromThePinReturnsToLoginWithTheEmail() {
        var session = Session.pastSplash()
        session.send(.availability(.serviceChecked(.available, at: .seconds(2))))
        session.send(.session(.sessionRestored(Session.alice, at: .seconds(2))))
        #expect(session.send(.action(.pin(.signOut))) == [.session(.signOut)])
        #expect(session.state.screen == .login(LoginForm(email: "alice@example.ch")))
        #expect(session.state.session == nil)
    }
}
