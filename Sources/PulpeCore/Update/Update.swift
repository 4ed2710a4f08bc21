/// The one place where the app's state changes: `update(&state, msg) -> [Effect]`.
///
/// Pure: no clock, no I/O, no randomness. The runtime owns all of those and speaks to the core
/// only through messages and effects, which is what makes every transition testable.
public enum Core {
    public static func update(_ state: inout AppState, _ msg: Msg) -> [Effect] {
        if state.isQuitting { return [] }
        switch msg {
        case let .started(at, size):
            state.terminalSize = size
            return startSplash(&state, at: at)
        case let .resized(size):
            state.terminalSize = size
            return []
        case let .interrupted(signal):
            return quit(&state, exitCode: signal.exitCode)
        case let .timerFired(token, at):
            guard state.timers.consume(token) else { return [] }
            return timerFired(&state, token.id, at: at)
        case let .action(action):
            return perform(&state, action)
        case .unboundKey:
            if case .splash = state.screen, state.overlay == nil { return leaveSplash(&state) }
            return []
        }
    }

    private static func perform(_ state: inout AppState, _ action: Action) -> [Effect] {
        switch action {
        case .quit:
            return quit(&state, exitCode: 0)
        case .showHelp:
            state.overlay = .help
            return []
        case .closeOverlay:
            state.overlay = nil
            return []
        case .redraw:
            return [.redrawAll]
        case .skipSplash:
            return leaveSplash(&state)
        }
    }

    private static func quit(_ state: inout AppState, exitCode: Int32) -> [Effect] {
        state.isQuitting = true
        return [.quit(exitCode: exitCode)]
    }
}
