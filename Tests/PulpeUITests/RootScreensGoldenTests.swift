import PulpeCore
import PulpeDomain
import PulpeTerminal
@testable import PulpeUI
import Testing
import Foundation
import PulpeTestSupport

/// Golden screens of the root state machine's screens (the login and PIN screens among them), at
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
        // Decision 86: the proxy failed, not the connection — its setting is named.
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
