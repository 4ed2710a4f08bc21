@testable import PulpeCore

let standardSize = Size(width: 80, height: 24)

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

extension Session {
    /// The outbox answers the quick-add's store: the form was storing `expense` (as Entrée leaves
    /// it) and the outbox says it is on disk under its client id.
    @discardableResult
    mutating func quickAddStored(_ expense: PendingExpense) -> [Effect] {
        var form = QuickAddForm(date: expense.draft.date, recentNames: RecentNames(newestFirst: []))
        form.storing = expense
        state.home?.quickAdd = form
        return send(.outbox(.changeStored(id: expense.id)))
    }
}

extension Effect {
    /// The quick-add's store as the core asks for it — its created transaction through
    /// `storeChange` — read back as the draft and client id it was made from.
    func storedExpense(in timeZone: LocalZone = .utc) -> (id: String, draft: ExpenseDraft, thenSync: Bool)? {
        guard case let .outbox(.storeChange(change, thenSync)) = self, case let .createTransaction(new) = change.operation,
              let id = new.id else { return nil }
        return (id, ExpenseDraft(new, month: change.month, timeZone: timeZone), thenSync)
    }
}

extension [Effect] {
    /// The one quick-add store among these effects.
    var storedExpense: (id: String, draft: ExpenseDraft, thenSync: Bool)? { lazy.compactMap { $0.storedExpense() }.first }
}

extension [Effect] {
    /// Exactly one effect: the quick-add's store of `draft`, sent after when `thenSync`.
    func storesExpense(_ draft: ExpenseDraft, thenSync: Bool) -> Bool {
        count == 1 && storedExpense?.draft == draft && storedExpense?.thenSync == thenSync
    }
}
