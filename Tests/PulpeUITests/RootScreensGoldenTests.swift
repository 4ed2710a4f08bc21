import PulpeCore
import PulpeDomain
import PulpeTerminal
@testable import PulpeUI
import Testing

/// Golden screens of the root state machine's screens (issue 5 and the login/PIN of issue 4), at
/// 80×24 and 60×20, in UTF-8 colour and in ASCII without colour.
@Suite struct RootScreensGoldenTests {
    static let variants: [(name: String, columns: Int, rows: Int, context: ViewContext)] = [
        ("80x24", 80, 24, Contexts.colour),
        ("60x20", 60, 20, Contexts.colour),
        ("80x24-ascii", 80, 24, Contexts.asciiNoColour),
        ("60x20-ascii", 60, 20, Contexts.asciiNoColour),
    ]

    private func each(_ name: String, _ screen: Screen, home: HomeState? = nil, now: AppTime = .zero, configure: (inout AppState) -> Void = { _ in },
                      sourceLocation: SourceLocation = #_sourceLocation) {
        for variant in Self.variants {
            var state = AppState.at(screen, columns: variant.columns, rows: variant.rows)
            state.home = home
            configure(&state)
            expectGolden("\(name)-\(variant.name)", state: state, now: now, context: variant.context, sourceLocation: sourceLocation)
        }
    }

    @Test func checking() {
        each("checking", .checking, now: .milliseconds(170)) { state in
            state.status.post(StatusEntry(.checkingService), now: .zero)
        }
    }

    @Test func networkUnavailable() {
        each("network-unavailable", .networkUnavailable(NetworkUnavailableState()))
        var retrying = NetworkUnavailableState()
        retrying.isChecking = true
        each("network-unavailable-checking", .networkUnavailable(retrying), now: .milliseconds(250))
        var failedAgain = NetworkUnavailableState(offlineSession: SessionSummary(email: "a@b.ch", isDemo: false, isUnlocked: false))
        failedAgain.stillUnreachable = true
        each("network-unavailable-again-with-cache", .networkUnavailable(failedAgain))
        // Issue 48: the proxy failed, not the connection — its setting is named.
        var proxy = NetworkUnavailableState()
        proxy.throughProxy = true
        each("network-unavailable-proxy", .networkUnavailable(proxy))
    }

    @Test func login() {
        each("login-empty", .login(LoginForm()))
        var form = LoginForm(email: "alice@example.ch")
        form.password.text = "secret"
        form.error = .failed(.invalidCredentials)
        each("login-error", .login(form))
        var submitting = form
        submitting.error = nil
        submitting.isSubmitting = true
        each("login-submitting", .login(submitting), now: .milliseconds(90))
    }

    @Test func pin() {
        var form = PinForm(email: "alice@example.ch")
        form.apply(.insert("1"))
        form.apply(.insert("2"))
        each("pin-two-digits", .pin(form))
        var wrong = PinForm(email: "alice@example.ch")
        wrong.error = .failed(.wrongPin)
        each("pin-wrong", .pin(wrong))
        var unlocking = PinForm(email: "alice@example.ch")
        for digit in "1234" { unlocking.apply(.insert(digit)) }
        unlocking.isUnlocking = true
        each("pin-unlocking", .pin(unlocking), now: .milliseconds(170))
    }

    /// The status line in each state, on the home screen.
    @Test(arguments: [
        ("loading-before-spinner", StatusEntry.Kind.loadingMonth, 150),
        ("loading-with-spinner", .loadingMonth, 250),
        ("syncing", .syncing(done: 1, total: 3), 250),
        ("updated", .updated(at: at("14:32")), 10),
        ("offline", .offline(pending: 2), 10),
        ("error", .error(.unreachable, retry: .browse(.refresh)), 10),
    ])
    func statusLine(name: String, kind: StatusEntry.Kind, at milliseconds: Int) {
        each("status-\(name)", .home, home: .alice, now: .milliseconds(milliseconds)) { state in
            state.status.post(StatusEntry(kind), now: .zero)
        }
    }

    @Test func placeholdersAreGreyFramesNeverZeros() {
        for variant in Self.variants {
            var painter = Painter(width: variant.columns, height: 8, context: variant.context)
            PlaceholderView.draw(in: Rect(x: 0, y: 0, width: variant.columns / 2, height: 8), title: "Mois", into: &painter)
            let text = painter.buffer.textLines().joined()
            #expect(!text.contains("0"))
            let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
            if let difference = Golden.check(name: "placeholder-\(variant.name)", lines: painter.buffer.textLines(),
                                             styles: painter.buffer.styleLines(), size: (variant.columns, 8), directory: directory) {
                Issue.record(Comment(rawValue: difference))
            }
        }
    }

    @Test func theSpinnerAsksForItsNextFrame() {
        var state = AppState.at(home: .alice, columns: 80, rows: 24)
        state.status.post(StatusEntry(.loadingMonth), now: .zero)
        #expect(RootView.render(state, now: .milliseconds(100), context: Contexts.colour).nextRedraw == .milliseconds(200))
        #expect(RootView.render(state, now: .milliseconds(250), context: Contexts.colour).nextRedraw == .milliseconds(320))
        #expect(RootView.render(state, now: .milliseconds(250), context: Contexts.reducedMotion).nextRedraw == nil)
    }
}

import Foundation
import PulpeTestSupport

/// `--plain`: status changes as plain sentences, never a spinner.
@Suite struct PlainModeTests {
    @Test func theStatusLineSpeaksInSentencesWithoutASpinner() {
        let plain = ViewContext(capabilities: Contexts.colour.capabilities, animations: Contexts.animations, plain: true)
        var state = AppState.at(home: .alice, columns: 80, rows: 24)
        state.status.post(StatusEntry(.loadingMonth), now: .zero)
        let frame = RootView.render(state, now: .milliseconds(400), context: plain)
        #expect(frame.buffer.textLines()[22].hasPrefix(" Chargement du mois en cours."))
        #expect(frame.nextRedraw == nil, "nothing moves in plain mode")
        #expect(plain.capabilities.reducedMotion)
    }
}

/// The status line's right-hand badges: offline, and the pending-expenses slot.
@Suite struct StatusBadgeTests {
    @Test func offlineAndPendingBadges() {
        var state = AppState.at(home: .alice, columns: 80, rows: 24)
        state.isOffline = true
        let waiting = ExpenseDraft(amount: 4.5, name: "Café", kind: .expense, date: CalendarDay(year: 2026, month: 11, day: 21)!,
                                   checked: true, month: BudgetMonth(year: 2026, month: 11), budgetId: "b")
        state.writes.outbox = OutboxSnapshot(items: ["a", "b"].map { PendingExpense(id: $0, draft: waiting, state: .pending) })
        state.status.post(StatusEntry(.error(.unreachable, retry: .browse(.refresh))),
                          now: .zero)
        expectGolden("status-badges-80x24", state: state, context: Contexts.colour)
        var small = state
        small.terminalSize = TerminalSize(columns: 60, rows: 20)
        expectGolden("status-badges-60x20-ascii", state: small, context: Contexts.asciiNoColour)
    }
}

/// The animation player crops a picture larger than its rectangle around the centre.
@Suite struct AnimationCroppingTests {
    @Test func aSmallRectangleShowsTheMiddleOfThePicture() {
        let animation = Animation(name: "t", framesPerSecond: 1, loops: true,
                                  frames: [AnimationFrame(lines: ["abcdefgh", "ijklmnop", "qrstuvwx", "yz012345"])])
        var painter = Painter(width: 4, height: 2, context: Contexts.colour)
        AnimationView.draw(AnimationPlayer(animation: animation, reducedMotion: false), at: .zero,
                           in: Rect(x: 0, y: 0, width: 4, height: 2), into: &painter, style: Style())
        #expect(painter.buffer.textLines() == ["klmn", "stuv"])
    }

    @Test func aLargeRectangleCentresThePicture() {
        let animation = Animation(name: "t", framesPerSecond: 1, loops: true, frames: [AnimationFrame(lines: ["ab", "cd"])])
        var painter = Painter(width: 6, height: 4, context: Contexts.colour)
        AnimationView.draw(AnimationPlayer(animation: animation, reducedMotion: false), at: .zero,
                           in: Rect(x: 0, y: 0, width: 6, height: 4), into: &painter, style: Style())
        #expect(painter.buffer.textLines() == ["      ", "  ab  ", "  cd  ", "      "])
    }
}

/// The splash in the four variants of issue 5 (80×24 and 60×20, UTF-8 colour and ASCII NO_COLOR).
@Suite struct SplashVariantsGoldenTests {
    @Test func splashVariants() {
        for variant in RootScreensGoldenTests.variants {
            let state = AppState.at(.splash(SplashState(shownAt: .zero)), columns: variant.columns, rows: variant.rows)
            expectGolden("splash-\(variant.name)", state: state, now: .milliseconds(1200), context: variant.context)
        }
    }
}
