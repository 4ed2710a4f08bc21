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

/// The main loop on an in-memory terminal: wakes go in one at a time, frames come out. Time is
/// a `TestClock`, so timers fire only when the test advances it.
@MainActor
final class RuntimeHarness {
    let terminal: MemoryTerminal
    let inbox = Inbox()
    let clock = TestClock()
    let services: ScriptedServices
    let runtime: AppRuntime
    private var wakes: AsyncStream<Wake>.Iterator

    init(services: ScriptedServices, provider: ServiceProvider? = nil, size: Size = Size(width: 80, height: 24)) {
        terminal = MemoryTerminal(size: size)
        self.services = services
        let context = ViewContext(capabilities: Capabilities(unicode: true, colorDepth: .none, reducedMotion: true),
                                  animations: AnimationLibrary(animations: [:]))
        runtime = AppRuntime(terminal: terminal, inbox: inbox, context: context, clock: ClockAdapter(clock),
                             services: provider ?? services.provider, seed: 7,
                             logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }))
        wakes = inbox.stream.makeAsyncIterator()
    }

    var screen: String { terminal.screenLines.joined(separator: "\n") }

    /// Takes wakes from the inbox, in order, until `done` holds (at most `limit` wakes).
    @discardableResult
    func stepUntil(limit: Int = 20, _ done: () -> Bool) async -> Bool {
        for _ in 0..<limit {
            if done() { return true }
            var iterator = wakes
            let wake = await iterator.next(isolation: #isolation)
            wakes = iterator
            guard let wake else { return done() }
            runtime.step(wake)
        }
        return done()
    }

    /// Keys as if typed: queued on the terminal, then the « input is waiting » wake.
    func press(_ keys: Key...) {
        terminal.inject(keys: keys)
        runtime.step(.input)
    }
}

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
        #expect(harness.runtime.state.terminalSize == TerminalSize(columns: 40, rows: 10))
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

extension RuntimeHarness {
    /// The shown month holds the server's answer (not the cached copy).
    var hasFreshMonth: Bool {
        guard case .home = runtime.state.screen, let home = runtime.state.home, let browse = home.browse,
              case let .loaded(fetched)? = browse.months[browse.month] else { return false }
        return !fetched.fromCache
    }

    var isOnSplash: Bool {
        if case .splash = runtime.state.screen { return true }
        return false
    }
}
