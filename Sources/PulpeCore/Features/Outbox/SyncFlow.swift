/// `pulpe sync` as a headless flow, on the TUI's commands and gate: the status check and the
/// session (`ShellGateSteps`), what waits (the words the command prints), the refused items put
/// back when `--retry` asks, then the TUI's one sync (`syncOutbox`), then the whole account read
/// and kept (`syncAccount`, decision 81). Behind a closed gate — maintenance, no answer — nothing
/// reaches the API: what waits is said and kept, as in the TUI.
public struct SyncFlow: HeadlessFlow {
    /// One thing that became of an item, in the order it happened.
    public enum Line: Sendable, Hashable {
        /// The server has it (id of an expense or of any other operation).
        case sent(id: String)
        case refused(PendingExpense)
        case changeRefused(PendingChange)
        /// Still waiting, and why it was not sent now.
        case waiting(id: String, because: Failure)
    }

    /// What the sync did.
    public struct Report: Sendable, Hashable {
        /// The outbox before the send: the words of what goes.
        public var before: OutboxSnapshot
        public var lines: [Line]
        /// Operations still queued when it ended.
        public var remaining: Int
        /// The account's read after the send (nil: not asked, behind a closed gate).
        public var replica: ReplicaOutcome?

        /// Nothing was sent, refused or left.
        public var hadNothing: Bool { lines.isEmpty && remaining == 0 }
    }

    public enum Outcome: Sendable, Hashable {
        case synced(Report)
        /// Nobody is signed in, or the data is locked, or the kept key was refused: nothing sent.
        case stopped(ShellAccess.Stop)
    }

    private enum Step: Hashable, Sendable { case passingGate, readingOutbox, retrying, sending, replicating }

    public private(set) var outcome: Outcome?
    public var allowsRequests: Bool { gate.isOpen }

    private let retryRefused: Bool
    /// A replica read more recently than this is kept (nil: read the account whatever its age).
    private let accountAge: Duration?
    private var step = Step.passingGate
    private var gate = ShellGateSteps()
    private var snapshot = OutboxSnapshot()
    /// The outbox as the sync left it.
    private var after: OutboxSnapshot?
    private var toRetry: [String] = []
    private var lines: [Line] = []
    /// The outbox's report, waiting for the account's read.
    private var sent: Report?

    /// `retryRefused`: `--retry`, every refused item pending again before the send. `accountAge`:
    /// the account is read again only when its replica is older (nil: always, `--account`).
    public init(retryRefused: Bool, accountAge: Duration? = SyncFlow.accountAge) {
        self.retryRefused = retryRefused
        self.accountAge = accountAge
    }

    /// How old the replica may be before `pulpe sync` reads the whole account again: the TUI's
    /// interval, so a `pulpe sync` from cron or a status bar does not ask the server's heaviest
    /// call every minute.
    public static let accountAge: Duration = .seconds(15 * 60)

    public mutating func start() -> [Effect] { gate.start() }

    public mutating func handle(_ msg: Msg) -> [Effect] {
        switch gate.handle(msg) {
        case let .waiting(effects)?: return effects
        case let .stopped(stop)?:
            outcome = .stopped(stop)
            return []
        case .passed?:
            step = .readingOutbox
            return [.outbox(.loadOutbox)]
        case nil: break
        }
        if case let .budgets(.accountSynced(replica, _)) = msg, step == .replicating, var report = sent {
            report.replica = replica
            outcome = .synced(report)
            return []
        }
        guard case let .outbox(event) = msg else { return [] }
        switch event {
        case let .outboxChanged(changed):
            if step == .sending { after = changed } else { snapshot = changed }
        case let .expenseSent(id) where step == .sending:
            lines.append(.sent(id: id))
        case let .expenseRefused(expense) where step == .sending:
            lines.append(.refused(expense))
        case let .changeRefused(change) where step == .sending:
            lines.append(.changeRefused(change))
        case let .syncFinished(_, remaining, stoppedBy) where step == .sending:
            return finish(remaining: remaining, because: stoppedBy)
        default:
            break
        }
        return []
    }

    public mutating func finished(_ effect: Effect) -> [Effect] {
        switch (step, effect) {
        case (.readingOutbox, .outbox(.loadOutbox)):
            step = .retrying
            if retryRefused {
                toRetry = snapshot.refused.map(\.id) + snapshot.changes.filter(\.isRefused).map(\.id)
            }
            return nextRetry()
        case (.retrying, .outbox(.retryChange)):
            return nextRetry()
        case (.sending, .outbox(.syncOutbox)):
            // The sync always ends with `syncFinished`; this is only reached if it did not.
            return finish(remaining: snapshot.pendingCount, because: nil)
        default:
            return []
        }
    }

    /// One refused item back in the queue at a time (each answers with the outbox as it is now),
    /// then the send — or, behind the closed gate, what waits said and kept.
    private mutating func nextRetry() -> [Effect] {
        if !toRetry.isEmpty {
            return [.outbox(.retryChange(id: toRetry.removeFirst(), thenSync: false))]
        }
        guard gate.isOpen else { return finish(remaining: snapshot.pendingCount, because: gate.closedReason) }
        step = .sending
        return [.outbox(.syncOutbox)]
    }

    private mutating func finish(remaining: Int, because failure: Failure?) -> [Effect] {
        guard outcome == nil, sent == nil else { return [] }
        if remaining > 0, let failure {
            let left = after ?? snapshot
            let waiting = left.items.filter { !$0.isRefused && $0.state != .sent }.map(\.id)
                + left.changes.filter { !$0.isRefused }.map(\.id)
            lines += waiting.map { .waiting(id: $0, because: failure) }
        }
        let report = Report(before: snapshot, lines: lines, remaining: remaining)
        // The account is read once what waits went (so the replica holds it), whatever was refused;
        // not when the server stopped answering meanwhile.
        guard gate.isOpen, step == .sending, failure?.isTransport != true else {
            outcome = .synced(report)
            return []
        }
        sent = report
        step = .replicating
        return [.budgets(.syncAccount(ifOlderThan: accountAge))]
    }
}
