import PulpeDomain
import Clocks
import Logging
import PulpeCore
import PulpeServices
import PulpeTerminal
import PulpeUI
import Testing
@testable import PulpeApp
#if canImport(Glibc)
import Glibc
#endif

@MainActor
@Suite(.timeLimit(.minutes(1))) struct AppRuntimeTests {
    @Test func theFirstFrameIsPaintedBeforeAnyServiceAnswers() {
        let harness = RuntimeHarness(services: ScriptedServices(check: .unreachable))
        harness.runtime.begin()
        #expect(harness.terminal.presentCount == 1)
        guard case .splash = harness.runtime.state.screen else {
            Issue.record("expected the splash, got \(harness.runtime.state.screen)")
            return
        }
    }

    @Test func aNetworkResultThenATimerBringTheNextScreen() async {
        let harness = RuntimeHarness(services: ScriptedServices(check: .unreachable))
        harness.runtime.begin()
        // The check's answer arrives as a message; the splash still plays its minimum.
        #expect(await harness.stepUntil { harness.runtime.state.afterSplash != nil || !harness.isOnSplash })
        #expect(!harness.screen.contains("Connexion impossible"))
        // The splash's timer fires on the injected clock: the screen changes without a key.
        await harness.clock.advance(by: .seconds(2))
        #expect(await harness.stepUntil { harness.screen.contains("Connexion impossible") })
        // The check and the saved session's local read start together, in either order.
        #expect(Set(harness.services.recorded.prefix(2)) == ["checkService", "offlineSession"])
    }

    @Test func aKeyGoesThroughTheKeyTableAndTheCoreToTheScreen() async {
        let harness = RuntimeHarness(services: ScriptedServices(check: .unreachable))
        harness.runtime.begin()
        await harness.clock.advance(by: .seconds(2))
        #expect(await harness.stepUntil { harness.screen.contains("Connexion impossible") })
        let before = harness.terminal.presentCount
        harness.press(.char("?"))
        #expect(harness.runtime.state.overlay == .help)
        #expect(harness.terminal.presentCount == before + 1)
        #expect(harness.screen.contains("Quitter"))
        harness.press(.escape)
        #expect(harness.runtime.state.overlay == nil)
        harness.press(.char("q"))
        #expect(harness.runtime.state.isQuitting)
        #expect(harness.runtime.exitStatus == 0)
    }

    @Test func aResizeRepaintsAtTheNewSize() {
        let harness = RuntimeHarness(services: ScriptedServices(check: .unreachable))
        harness.runtime.begin()
        harness.terminal.resize(to: Size(width: 40, height: 10))
        harness.runtime.step(.input)
        #expect(harness.runtime.state.terminalSize == Size(width: 40, height: 10))
        #expect(harness.screen.contains("Terminal trop petit"))
        // SIGWINCH: the size is read from the kernel, and the frame is drawn in full.
        harness.terminal.setKernelSize(Size(width: 100, height: 30))
        harness.runtime.step(.signal(SIGWINCH))
        #expect(harness.terminal.screenLines.count == 30)
        #expect(harness.terminal.screenLines.first?.count == 100)
        #expect(!harness.screen.contains("Terminal trop petit"))
    }

    @Test func ctrlCQuitsWithTheShellsStatus() {
        let harness = RuntimeHarness(services: ScriptedServices(check: .unreachable))
        harness.runtime.begin()
        harness.runtime.step(.signal(SIGINT))
        #expect(harness.runtime.state.isQuitting)
        #expect(harness.runtime.exitStatus == 130)
    }

    /// The terminal window closed: SIGHUP (or the input's hang-up, which the runtime posts as
    /// SIGHUP) quits like a signal does, with 128 + 1.
    @Test func aHangUpQuitsWith129() {
        let harness = RuntimeHarness(services: ScriptedServices(check: .unreachable))
        harness.runtime.begin()
        harness.runtime.step(.signal(SIGHUP))
        #expect(harness.runtime.state.isQuitting)
        #expect(harness.runtime.exitStatus == 129)
    }

    @Test func aSignedInUserSeesTheMonthTheServicesSend() async {
        let session = SessionSummary(email: "ana@example.ch", isDemo: false, isUnlocked: true)
        let harness = RuntimeHarness(services: ScriptedServices(check: .available, session: session),
                                     size: Size(width: 100, height: 30))
        harness.runtime.begin()
        await harness.clock.advance(by: .seconds(2))
        // The server's answer for the current month (pay day 25, 21 November → November) arrives
        // as a message after the settings, and is painted.
        #expect(await harness.stepUntil(limit: 60) { harness.hasFreshMonth })
        #expect(harness.services.recorded.contains("fetchMonth"))
        #expect(harness.screen.contains("Novembre 2026"))
    }
}
