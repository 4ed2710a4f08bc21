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
    private var effectTasks: [Task<Void, Never>] = []
    private var exitCode: Int32 = 0
    private var needsPaint = true

    public init(terminal: NcursesTerminal, inbox: Inbox, context: ViewContext, clock: any AppClock, logger: Logger) {
        self.terminal = terminal
        self.inbox = inbox
        self.context = context
        self.clock = clock
        self.logger = logger
        let size = terminal.size
        self.state = .initial(size: TerminalSize(columns: size.width, rows: size.height))
        self.runner = EffectRunner(clock: clock) { inbox.post(.message($0)) }
    }

    /// Runs until the user quits; returns the process exit status.
    public func run(signals: SignalWatcher, waker: InputWaker) async -> Int32 {
        let inbox = self.inbox
        let forwarder = Task.detached {
            for await _ in waker.stream { inbox.post(.input) }
        }
        defer {
            forwarder.cancel()
            frameTask?.cancel()
            for task in effectTasks { task.cancel() }
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
        case .mouse:
            break  // Nothing scrolls yet; lists will take the wheel.
        case let .resize(size):
            dispatch(.resized(TerminalSize(columns: size.width, rows: size.height)))
        }
    }

    private func handleSignal(_ number: Int32) {
        switch number {
        case SIGINT: dispatch(.interrupted(.interrupt))
        case SIGTERM: dispatch(.interrupted(.terminate))
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
        let effects = Core.update(&state, msg)
        needsPaint = true
        for effect in effects {
            switch effect {
            case .redrawAll:
                terminal.forceFullRedraw()
            case let .quit(code):
                exitCode = code
                logger.info("quitting", metadata: ["status": "\(code)"])
            case .schedule:
                if let task = runner.run(effect) { effectTasks.append(task) }
            }
        }
        effectTasks.removeAll { $0.isCancelled }
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
