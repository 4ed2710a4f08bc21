import Foundation
import PulpeDomain

/// `pulpe import … --yes` as a headless flow (decision 90): the gate (the status check, the session),
/// the outbox, then each operation of the statement stored as an ordinary create under its client
/// id (`WriteIntent.addExpense`, one at a time, in the statement's order), the last one asking for
/// the sync when the gate is open — every one committed to disk before any send. An operation
/// whose id waits in the outbox already (an import killed before it was sent) is not stored twice.
public struct ImportFlow: HeadlessFlow {
    public enum Outcome: Sendable, Hashable {
        /// Stored (`stored`), and `waiting` of them still in the outbox when the flow ended (the
        /// next `pulpe` of any kind sends them).
        case imported(stored: Int, alreadyWaiting: Int, waiting: Int, because: Failure?)
        case notSignedIn
        case locked
        case keyChanged
        /// Nothing (more) stored: the outbox file cannot be written; `stored` were.
        case notStored(stored: Int)
    }

    private enum Step: Hashable, Sendable { case passingGate, readingOutbox, storing, sending }

    public private(set) var outcome: Outcome?
    public var allowsRequests: Bool { gate.isOpen }

    private let entries: [(id: String, draft: ExpenseDraft)]
    private let timeZone: LocalZone
    private let sendTimeout: Duration
    private var gate = ShellGateSteps()
    private var timers = TimerTable()
    private var step = Step.passingGate
    private var outbox = OutboxSnapshot()
    /// The operations, stored one after the other (a tag a rule names before its operation).
    private var stores = StoreSequence()
    private var stored = 0
    private var alreadyWaiting = 0
    private var stoppedBy: Failure?

    public init(entries: [(id: String, draft: ExpenseDraft)], timeZone: LocalZone, sendTimeout: Duration) {
        self.entries = entries
        self.timeZone = timeZone
        self.sendTimeout = sendTimeout
    }

    /// The ids this import stores (to count what still waits once the sync ended).
    private var ids: Set<String> { Set(entries.map(\.id)) }

    public mutating func start() -> [Effect] { gate.start() }

    public mutating func handle(_ msg: Msg) -> [Effect] {
        switch gate.handle(msg) {
        case let .waiting(effects)?: return effects
        case let .stopped(stop)?: return finish(Outcome(stop))
        case .passed?:
            step = .readingOutbox
            return [.outbox(.loadOutbox)]
        case nil: break
        }
        switch msg {
        case let .timerFired(token, _):
            guard timers.consume(token), token.id == .sendDeadline else { return [] }
            return finish(imported(because: .timeout))
        case let .outbox(.outboxChanged(snapshot)):
            outbox = snapshot
            return []
        case .outbox(.changeStored) where step == .storing:
            if case .createTransaction? = stores.current?.operation { stored += 1 }
            if !stores.isDone { return stores.next(allowsSync: allowsRequests) }
            guard allowsRequests else { return finish(imported(because: gate.closedReason)) }
            step = .sending
            return [.schedule(timers.arm(.sendDeadline), after: sendTimeout)]
        case .outbox(.changeNotStored) where step == .storing:
            return finish(.notStored(stored: stored))
        case let .outbox(.syncFinished(_, _, failure)) where step == .sending:
            stoppedBy = failure
            return []
        default:
            return []
        }
    }

    public mutating func finished(_ effect: Effect) -> [Effect] {
        switch (step, effect) {
        case (.readingOutbox, .outbox(.loadOutbox)):
            return store()
        case (.sending, _) where stores.isLastStore(effect):
            // The sync the last store asked for is over.
            return finish(imported(because: stoppedBy))
        default:
            return []
        }
    }

    /// Every operation not already waiting, resolved as the quick-add's intent.
    private mutating func store() -> [Effect] {
        let waiting = Set(outbox.items.map(\.id)).union(outbox.changes.compactMap { change -> String? in
            if case let .createTransaction(new) = change.operation { return new.id }
            return nil
        })
        var toStore: [ChangeDraft] = []
        for entry in entries {
            if waiting.contains(entry.id) {
                alreadyWaiting += 1
                continue
            }
            let context = WriteContext(month: entry.draft.month, content: .noBudget, timeZone: timeZone)
            if case let .success(resolved) = WriteResolver.resolve(.addExpense(id: entry.id, entry.draft), in: context) {
                toStore += resolved.done
            }
        }
        guard !toStore.isEmpty else { return finish(imported(because: nil)) }
        step = .storing
        return stores.start(toStore, allowsSync: allowsRequests)
    }

    private func imported(because failure: Failure?) -> Outcome {
        let ids = ids
        var left = outbox.items.filter { ids.contains($0.id) }.count + outbox.changes.filter { change in
            if case let .createTransaction(new) = change.operation { return new.id.map(ids.contains) ?? false }
            return false
        }.count
        // Behind a closed gate nothing was sent, whether or not the outbox was read again since
        // the stores (the import once said « envoyées » of a batch that waited).
        if !allowsRequests { left = max(left, stored + alreadyWaiting) }
        return .imported(stored: stored, alreadyWaiting: alreadyWaiting, waiting: left, because: left > 0 ? failure : nil)
    }

    private mutating func finish(_ ending: Outcome) -> [Effect] {
        if outcome == nil { outcome = ending }
        return []
    }
}

extension ImportFlow.Outcome: StoppedByAccess {}
