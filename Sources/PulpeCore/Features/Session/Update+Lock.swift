/// The PIN screen coming back over open data (decision 43):
/// - **idle lock**: no key pressed for `lock_after` (timers and redraws are not activity), or the
///   lock key; the client key is forgotten in memory and where it was kept, like `pulpe lock`;
/// - **a changed key**: the server refused the key after it had worked (the PIN was changed on
///   another device); the services have already dropped it.
/// Either way the screen and its overlay are kept behind the PIN and come back as they were once
/// the PIN unlocks (`finishStartup` resumes the kept home); the cached figures and the outbox are
/// untouched, and nothing is sent meanwhile (`maySend` needs an unlocked session).
extension Core {
    /// A key was pressed: the idle lock starts counting again.
    static func noteActivity(_ state: inout AppState) -> [Effect] {
        guard let lockAfter = state.lockAfter, canLock(state) else {
            state.timers.cancel(.idleLock)
            return []
        }
        return [.schedule(state.timers.arm(.idleLock), after: lockAfter)]
    }

    /// `lock_after` passed without a key press, or the lock key.
    static func lockNow(_ state: inout AppState) -> [Effect] {
        guard canLock(state) else { return [] }
        return askPin(&state, notice: .locked) + [.session(.lock)]
    }

    /// The server refused the key: ask the PIN with the reason (demo keys are public and fixed).
    static func keyRefused(_ state: inout AppState) -> [Effect] {
        guard let session = state.session, !session.isDemo else { return [] }
        if case .pin = state.screen { return [] }
        return askPin(&state, notice: .keyChanged)
    }

    /// A password session whose data is open (or shown from a kept key) on a screen that shows it.
    private static func canLock(_ state: AppState) -> Bool {
        guard let session = state.session, !session.isDemo, session.isUnlocked || session.hasKeptKey else { return false }
        switch state.screen {
        case .home, .maintenance, .networkUnavailable, .checking, .splash: return true
        case .login, .pin: return false
        }
    }

    /// The PIN screen over the current screen, which waits behind it with its overlay.
    private static func askPin(_ state: inout AppState, notice: PinNotice) -> [Effect] {
        guard var session = state.session else { return [] }
        session.isUnlocked = false
        session.hasKeptKey = false
        state.session = session
        if homeOnScreen(state) != nil {
            state.resumeScreen = .home
            state.overlayBehindPin = state.overlay
        }
        state.overlay = nil
        state.timers.cancel(.idleLock)
        state.timers.cancel(.outboxRetry)
        state.writes.retries = 0
        state.startup = .done
        leave(to: .pin(PinForm(email: session.email, notice: notice)), &state)
        return []
    }
}

extension Msg {
    /// A person pressed a key (bound or not).
    var isKeyPress: Bool {
        switch self {
        case .action, .text, .unboundKey: true
        default: false
        }
    }

    /// An answer saying the server refused a key that had worked (`Failure.keyChanged`).
    var saysKeyChanged: Bool {
        switch self {
        case .budgets(.monthLoaded(_, .failed(.keyChanged), _)), .budgets(.yearLoaded(_, .failed(.keyChanged), _)),
             .budgets(.settingsLoaded(.failed(.keyChanged), _)), .outbox(.syncFinished(_, _, .keyChanged?)):
            true
        default:
            false
        }
    }
}
