import Logging
import PulpeCore
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
/// → `present` (only changed cells reach the terminal).
@MainActor
public final class AppRuntime {
    private var state: AppState
    private let terminal: NcursesTerminal
    private let context: ViewContext
    private let clock: any AppClock
    private let inbox: Inbox
    private let runner: EffectRunner
    private let logger: Logger
    private var frameTask: Task<Void, Never>?
    /// One sleeping task per timer: re-arming a timer cancels the task of its previous arming.
    private var timerTasks: [TimerID: Task<Void, Never>] = [:]
    private var exitCode: Int32 = 0
    private var needsPaint = true

    private let gateway: any ServiceGateway

    public init(terminal: NcursesTerminal, inbox: Inbox, context: ViewContext, clock: any AppClock,
                gateway: any ServiceGateway, seed: UInt64, logger: Logger) {
        self.gateway = gateway
        self.terminal = terminal
        self.inbox = inbox
        self.context = context
        self.clock = clock
        self.logger = logger
        let size = terminal.size
        self.state = .initial(size: TerminalSize(columns: size.width, rows: size.height), seed: seed)
        self.runner = EffectRunner(clock: clock, gateway: gateway) { inbox.post(.message($0)) }
    }

    /// Runs until the user quits; returns the process exit status.
    public func run(signals: SignalWatcher, waker: InputWaker) async -> Int32 {
        let inbox = self.inbox
        let forwarder = Task.detached {
            for await _ in waker.stream { inbox.post(.input) }
            // stdin hung up (the terminal went away): there is nobody left to draw for.
            inbox.post(.signal(SIGHUP))
        }
        let clock = self.clock
        let maintenanceWatcher = Task.detached { [gateway] in
            for await message in gateway.maintenanceSignals {
                inbox.post(.message(.maintenanceDetected(message: message, at: clock.now())))
            }
        }
        let connectivityWatcher = Task.detached { [gateway] in
            for await offline in gateway.offlineChanges {
                inbox.post(.message(.connectivityChanged(offline: offline)))
            }
        }
        defer {
            forwarder.cancel()
            maintenanceWatcher.cancel()
            connectivityWatcher.cancel()
            frameTask?.cancel()
            for task in timerTasks.values { task.cancel() }
        }

        dispatch(.started(at: clock.now(), size: currentSize()))
        paint()
        for await wake in inbox.stream {
            switch wake {
            case .input:
                for event in terminal.readEvents() { handle(event) }
                waker.acknowledge()
            case let .message(msg):
                dispatch(msg)
            case let .signal(number):
                handleSignal(number)
            case .frameDue:
                needsPaint = true
            }
            if state.isQuitting { break }
            if needsPaint { paint() }
        }
        return exitCode
    }

    private func currentSize() -> TerminalSize {
        TerminalSize(columns: terminal.size.width, rows: terminal.size.height)
    }

    private func handle(_ event: TerminalEvent) {
        switch event {
        case let .key(key):
            dispatch(KeyTable.message(for: key, in: state))
        case .mouse(.wheelUp):
            if case .home = state.screen, state.overlay == nil { dispatch(.action(.moveUp)) }
        case .mouse(.wheelDown):
            if case .home = state.screen, state.overlay == nil { dispatch(.action(.moveDown)) }
        case .mouse:
            break
        case let .resize(size):
            dispatch(.resized(TerminalSize(columns: size.width, rows: size.height)))
        }
    }

    private func handleSignal(_ number: Int32) {
        switch number {
        case SIGINT: dispatch(.interrupted(.interrupt))
        case SIGTERM, SIGHUP: dispatch(.interrupted(.terminate))
        case SIGWINCH:
            let size = terminal.resizeFromKernel()
            dispatch(.resized(TerminalSize(columns: size.width, rows: size.height)))
        case SIGTSTP:
            logger.info("suspending on Ctrl-Z")
            terminal.suspend()
            let size = terminal.resizeFromKernel()   // the window may have changed while stopped
            dispatch(.resized(TerminalSize(columns: size.width, rows: size.height)))
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
        let effects = Core.update(&state, msg)
        if let entry = state.status.current, entry != statusBefore {
            // The status history, as sentences, for support and for `--plain` users' records.
            logger.info("status: \(entry.accessibilityLabel)")
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
            case .checkService, .restoreSession, .logIn, .startDemo, .unlock, .unlockDemo, .signOut, .loadSettings,
                 .loadMonth, .loadYear, .checkOfflineData:
                logger.debug("effect \(effect)")
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
        frameTask?.cancel()
        frameTask = nil
        if let deadline = frame.nextRedraw {
            let clock = self.clock
            let inbox = self.inbox
            frameTask = Task {
                do {
                    try await clock.sleep(until: deadline)
                    inbox.post(.frameDue)
                } catch {}
            }
        }
    }
}
