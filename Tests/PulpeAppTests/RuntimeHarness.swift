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
