@testable import PulpeCore

let standardSize = TerminalSize(columns: 80, rows: 24)

/// A little driver: sends messages in order and keeps every effect, so a test reads like the
/// story of a session.
struct Session {
    var state = AppState.initial(size: standardSize, seed: 42)
    private(set) var effects: [Effect] = []

    @discardableResult
    mutating func send(_ msg: Msg) -> [Effect] {
        let produced = Core.update(&state, msg)
        effects += produced
        return produced
    }

    /// Fires the armed timer `id` at `at`, with the generation the core armed last.
    @discardableResult
    mutating func fire(_ id: TimerID, at: AppTime) -> [Effect] {
        let token = effects.reversed().compactMap { effect -> TimerToken? in
            if case let .schedule(token, _) = effect, token.id == id { return token }
            return nil
        }.first!
        return send(.timerFired(token, at: at))
    }

    /// Started, and the splash's minimum is over, so transitions are immediate.
    static func pastSplash() -> Session {
        var session = Session()
        session.send(.started(at: .zero, size: standardSize))
        session.fire(.splashMinimum, at: .milliseconds(1200))
        return session
    }

    static let alice = SessionSummary(email: "alice@example.ch", isDemo: false, isUnlocked: false)

    /// Signed in and unlocked, on the home screen.
    static func atHome() -> Session {
        var session = pastSplash()
        session.send(.availability(.serviceChecked(.available, at: .milliseconds(1300))))
        session.send(.session(.sessionRestored(alice, at: .milliseconds(1310))))
        for digit in "1234" { session.send(.text(.insert(digit))) }
        session.send(.session(.unlockFinished(.unlocked, at: .milliseconds(1500))))
        return session
    }
}

extension Effect {
    var isSchedule: Bool {
        if case .schedule = self { return true }
        return false
    }
}

import PulpeDomain

/// The frozen « today » of the tests: Saturday 21 November 2026.
let november21 = CalendarDay(year: 2026, month: 11, day: 21)!
