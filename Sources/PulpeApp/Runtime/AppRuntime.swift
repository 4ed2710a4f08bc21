import Logging
import PulpeCore
import PulpeDomain
import PulpeServices
import PulpeTerminal
import PulpeUI
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The main loop: owns the state, the terminal and the effect runner.
///
/// A key press travels: stdin readable → `InputWaker` → `Wake.input` → `readEvents()` →
/// `KeyTable.message` → `Core.update` → effects (run by `EffectRunner`) → `RootView.render`
/// → `present` (only changed cells reach the terminal). It runs over any `TerminalDevice`, so
/// unit tests drive it on a `MemoryTerminal` one wake at a time (`begin`, `step`).
@MainActor
public final class AppRuntime {
    private(set) var state: AppState
    private let terminal: any TerminalDevice
    private let context: ViewContext
    private let clock: any AppClock
    private let inbox: Inbox
    private let runner: EffectRunner
    private let services: ServiceProvider
    private let logger: Logger
    private var frameWake: WakeHandle?
    /// One sleeping task per timer: re-arming a timer cancels the task of its previous arming.
    private var timerTasks: [TimerID: Task<Void, Never>] = [:]
    private var exitCode: Int32 = 0
    private var needsPaint = true

    public init(terminal: any TerminalDevice, inbox: Inbox, context: ViewContext, clock: any AppClock,
                services: ServiceProvider, seed: UInt64, logger: Logger, lockAfter: Duration? = nil) {
        self.services = services
        self.terminal = terminal
        self.inbox = inbox
        self.context = context
        self.clock = clock
        self.logger = logger
        let size = terminal.size
        self.state = .initial(size: size, seed: seed)
        self.state.lockAfter = lockAfter
        self.state.timeZone = context.timeZone
        self.runner = EffectRunner(clock: clock, services: services) { inbox.post(.message($0)) }
    }

    /// Runs until the user quits; returns the process exit status.
    public func run(input: InputReadiness) async -> Int32 {
        let inbox = self.inbox
        let forwarder = Task.detached {
            for await _ in input.stream { inbox.post(.input) }
            // stdin hung up (the terminal went away): there is nobody left to draw for.
            inbox.post(.signal(SIGHUP))
        }
        let watchers = watchServiceSignals()
        defer {
            forwarder.cancel()
            watchers.cancel()
            stop()
        }

        begin()
        for await wake in inbox.stream {
            step(wake)
            if case .input = wake { input.acknowledge() }
            if state.isQuitting { break }
        }
        return exitCode
    }

    /// The first message and the first frame.
    func begin() {
        dispatch(.started(at: clock.now(), size: currentSize()))
        paint()
    }

    /// Handles one wake-up, then repaints if anything changed.
    func step(_ wake: Wake) {
        switch wake {
        case .input:
            for event in terminal.readEvents() { handle(event) }
        case let .message(msg):
            dispatch(msg)
        case let .signal(number):
            handleSignal(number)
        case .frameDue:
            needsPaint = true
        }
        if needsPaint { paint() }
    }

    /// The status the process exits with once `state.isQuitting`.
    var exitStatus: Int32 { exitCode }

    /// Cancels every sleeping timer and the next frame's wake-up.
    func stop() {
        frameWake?.cancel()
        for task in timerTasks.values { task.cancel() }
    }

    /// Maintenance announced by any answer, and connectivity changes, become messages as soon as
    /// the services are ready.
    private func watchServiceSignals() -> Task<Void, Never> {
        let inbox = self.inbox
        let clock = self.clock
        let provider = self.services
        return Task.detached {
            let services = await provider.services
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    for await message in services.availability.maintenanceSignals {
                        inbox.post(.message(.availability(.maintenanceDetected(message: message, at: clock.now()))))
                    }
                }
                group.addTask {
                    for await offline in services.availability.offlineChanges {
                        inbox.post(.message(.availability(.connectivityChanged(offline: offline))))
                    }
                }
            }
        }
    }

    private func currentSize() -> Size {
        terminal.size
    }

    /// The wheel scrolls what the arrows would: the search's hits when it is open, else the panels.
    private func wheel(up: Bool) {
        guard let home = state.shownHome, state.overlay == nil else { return }
        dispatch(.action(home.search != nil ? .search(up ? .moveUp : .moveDown) : .browse(up ? .moveUp : .moveDown)))
    }

    private func handle(_ event: TerminalEvent) {
        switch event {
        case let .key(key):
            dispatch(KeyTable.message(for: key, in: state))
        case .mouse(.wheelUp):
            wheel(up: true)
        case .mouse(.wheelDown):
            wheel(up: false)
        case .mouse:
            break
        case let .resize(size):
            dispatch(.resized(size))
        }
    }

    private func handleSignal(_ number: Int32) {
        switch number {
        case SIGINT: dispatch(.interrupted(.interrupt))
        case SIGTERM: dispatch(.interrupted(.terminate))
        case SIGHUP: dispatch(.interrupted(.hangUp))
        case SIGWINCH:
            let size = terminal.resizeFromKernel()
            dispatch(.resized(size))
        case SIGTSTP:
            logger.info("suspending on Ctrl-Z")
            terminal.suspend()
            let size = terminal.resizeFromKernel()   // the window may have changed while stopped
            dispatch(.resized(size))
            terminal.forceFullRedraw()
        case SIGCONT:
            terminal.forceFullRedraw()
            needsPaint = true
        default:
            break
        }
    }

    private func dispatch(_ msg: Msg) {
        let statusBefore = state.status.current
        let effects = Core.update(&state, msg, handledAt: clock.now())
        if let entry = state.status.current, entry != statusBefore {
            // The status history as kinds and counts: the sentence names and amounts (decision 100).
            logger.info("status: \(entry.logDescription)")
        }
        needsPaint = true
        for effect in effects {
            switch effect {
            case .redrawAll:
                terminal.forceFullRedraw()
            case let .quit(code):
                exitCode = code
                logger.info("quitting", metadata: ["status": "\(code)"])
            case let .schedule(token, _):
                timerTasks[token.id]?.cancel()
                timerTasks[token.id] = runner.run(effect)
            default:
                // Everything else is a service's: dispatched in one place, the runner.
                logger.debug("effect \(LogToken.caseName(effect))")
                runner.run(effect)
            }
        }
    }

    /// Renders the state, presents it, and arms a wake-up for the next animation frame, if any:
    /// between frames and keys the loop sleeps, so an idle screen costs no CPU.
    private func paint() {
        needsPaint = false
        let now = clock.now()
        let frame = RootView.render(state, now: now, context: context)
        terminal.present(frame.buffer)
        frameWake?.cancel()
        frameWake = nil
        if let deadline = frame.nextRedraw {
            // Straight back into `step`, not through the inbox: one thread hop less per frame.
            frameWake = clock.wake(at: deadline) { [weak self] in self?.step(.frameDue) }
        }
    }
}
