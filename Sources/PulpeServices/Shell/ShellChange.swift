import Foundation
import PulpeCore
import PulpeDomain

/// The shell's write verbs (`pulpe check`, `edit`, `rm`, `line …`) without a terminal: read the
/// month (with what waits applied, as the panel shows it), let the verb build its operation from
/// it, store the operation in the outbox, then one bounded try to send — the same outbox, rules
/// and sync engine as the TUI, behind the same gate (decision 35: nothing reaches the API before
/// the status check says available; in maintenance the operation is stored from the cache and
/// waits).
public struct ShellChange: Sendable {
    /// Why a verb cannot build its operation (nothing stored).
    public enum Problem: Error, Sendable, Hashable {
        /// More than one item matches the target: the candidates.
        case ambiguous([Candidate])
        /// Nothing matches: what there is.
        case unknown([Candidate])
        /// The input is not valid (a French sentence).
        case invalid(String)
        /// The month has no budget.
        case noBudget(BudgetMonth)
        /// Nothing to do: the state asked for is already there (said, exit 0).
        case alreadyDone(String)
        /// Only the server knows what the verb needs and it did not answer (nothing stored, 75).
        case serverNeeded(String)
    }

    /// An item a target could mean, as the verb lists it (name, date, amount, id prefix).
    public struct Candidate: Sendable, Hashable {
        public var id: String
        public var name: String
        public var day: CalendarDay?
        public var amount: Decimal
        public var kind: TransactionKind

        public init(_ transaction: Transaction, timeZone: LocalZone) {
            id = transaction.id
            name = transaction.name
            day = transaction.day(in: timeZone)
            amount = transaction.amount
            kind = transaction.kind
        }

        public init(_ line: BudgetLine) {
            id = line.id
            name = line.name
            day = nil
            amount = line.amount
            kind = line.kind
        }
    }

    public enum Outcome: Sendable, Hashable {
        /// The server has the intended state (or there was nothing left to send: a delete of an
        /// expense still waiting cancelled both).
        case done(ChangeDraft)
        /// Stored; the next `pulpe` of any kind sends it.
        case queued(ChangeDraft, because: Failure?)
        /// Stored, and refused by the server with this reason (kept; see `pulpe pending`).
        case refused(ChangeDraft, reason: String)
        case problem(Problem)
        case notSignedIn
        case locked
        case keyChanged
        /// Nothing stored: neither the server nor the cache could say what the month holds.
        case unavailable(Failure?)
        /// Nothing stored: the outbox file cannot be written.
        case notStored
    }

    let services: ServiceSet
    let clock: WallClock

    public init(services: ServiceSet, clock: WallClock) {
        self.services = services
        self.clock = clock
    }

    /// Runs one verb on `month` (nil: the current period). `make` builds the operation from the
    /// month as shown; it runs once.
    public func run(month: BudgetMonth?, timeout: Duration, sendTimeout: Duration,
                    make: @Sendable (ShellPanels.Month) -> Result<ChangeDraft, Problem>) async -> Outcome {
        await run(month: month, timeout: timeout, sendTimeout: sendTimeout, prepare: { _ in () }) { shown, _ in make(shown) }
    }

    /// As `run`, with what the verb needs from the server besides the month, asked once the gate
    /// is known (`open`: the server may be asked) and handed to `make` (`pulpe budget create`'s
    /// templates).
    public func run<Prepared: Sendable>(month: BudgetMonth?, timeout: Duration, sendTimeout: Duration,
                                        prepare: @Sendable (_ open: Bool) async -> Prepared,
                                        make: @Sendable (ShellPanels.Month, Prepared) -> Result<ChangeDraft, Problem>) async
        -> Outcome {
        let gate: ShellGate
        switch await ShellGate.pass(services) {
        case let .success(passed): gate = passed
        case let .failure(stop): return Outcome(stop)
        }
        let open = gate.isOpen
        // Open: the server's copy (what another device changed counts); closed: the cache, any age.
        let maxAge: Duration = open ? .zero : .seconds(100 * 365 * 86_400)
        let shown: ShellPanels.Month
        switch await ShellPanels(services: services, clock: clock).month(month, maxAge: maxAge, timeout: timeout) {
        case let .loaded(loaded): shown = loaded
        case .notSignedIn: return .notSignedIn
        case .locked: return .locked
        case let .unavailable(failure): return failure == .keyChanged ? .keyChanged : .unavailable(failure)
        }
        let prepared = await prepare(open)
        let draft: ChangeDraft
        switch make(shown, prepared) {
        case let .success(made): draft = made
        case let .failure(problem): return .problem(problem)
        }
        switch await services.outbox.store(change: draft) {
        case .success: break
        case .failure(.notSignedIn): return .notSignedIn
        case .failure(.diskUnavailable): return .notStored
        }
        guard open else { return .queued(draft, because: gate.closedReason) }
        let report = await withTimeout(sendTimeout) { await services.outbox.sync { _ in } }
        guard let report else { return .queued(draft, because: .timeout) }
        return Self.outcome(of: draft, in: await services.outbox.snapshot(), stoppedBy: report.stoppedBy)
    }

    /// Where the operation stands once the sync ended: gone from the outbox (done), refused, or
    /// still waiting — found by what it is about, since it may have been folded into a create.
    static func outcome(of draft: ChangeDraft, in snapshot: OutboxSnapshot, stoppedBy: Failure?) -> Outcome {
        let target = draft.operation.target
        let states = snapshot.changes.filter { $0.operation.target == target }.map(\.state)
            + snapshot.items.filter { OperationTarget.transaction($0.id) == target }.map(\.state)
        for case let .refused(reason) in states { return .refused(draft, reason: reason) }
        return states.isEmpty ? .done(draft) : .queued(draft, because: stoppedBy)
    }
}

extension ShellChange.Outcome {
    init(_ stop: ShellGate.Stop) {
        switch stop {
        case .notSignedIn: self = .notSignedIn
        case .locked: self = .locked
        case .keyChanged: self = .keyChanged
        }
    }
}
