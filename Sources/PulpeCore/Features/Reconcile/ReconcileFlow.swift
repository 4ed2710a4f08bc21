import Foundation
import PulpeDomain

/// `pulpe reconcile` (§15.4) without a terminal: the month as the panel shows it (what waits
/// applied), its figures against the bank's total, and — with a gap, unless it is a dry run — the
/// gap's entry resolved by `WriteResolver` (as the TUI's form) and stored, then sent, by
/// `ChangeFlow`, whose steps and gate it runs unchanged.
public struct ReconcileFlow: HeadlessFlow {
    public struct Outcome: Sendable, Hashable {
        /// Nil when the month could not be read or has no budget (`change` says why).
        public var figures: Reconciliation?
        public var month: BudgetMonth?
        /// What became of the entry: `.problem(.upToDate)` with no gap, `.problem(.nothingToChange)`
        /// on a dry run.
        public var change: ChangeFlow.Outcome
    }

    private var change: ChangeFlow
    private let bankTotal: Decimal

    /// `id`: the entry's client id, drawn by the caller; `name`: its label (blank: the default).
    public init(month: BudgetMonth?, today: CalendarDay, bankTotal: Decimal, name: String, id: String, dryRun: Bool,
                timeZone: LocalZone, readTimeout: Duration, sendTimeout: Duration) {
        self.bankTotal = bankTotal
        change = ChangeFlow(month: month, today: today, readTimeout: readTimeout, sendTimeout: sendTimeout) { shown, _, _, _ in
            // A dry run reads the figures and stores nothing: refused here, before the store.
            if dryRun { return .failure(.nothingToChange(name: name)) }
            let intent = WriteIntent.reconciling(id: id, bankTotal: bankTotal, name: name, today: today, month: shown.month,
                                                 payDay: shown.settings.payDayOfMonth)
            let context = WriteContext(month: shown.month, content: shown.content, timeZone: timeZone)
            return WriteResolver.resolve(intent, in: context)
        }
    }

    public var outcome: Outcome? {
        change.outcome.map { Outcome(figures: figures, month: change.shown?.month, change: $0) }
    }

    public var allowsRequests: Bool { change.allowsRequests }

    /// The month's figures as read, before the entry (nil without a budget).
    private var figures: Reconciliation? {
        guard case let .budget(details)? = change.shown?.content else { return nil }
        return Reconciliation(bankTotal: bankTotal, details: details)
    }

    public mutating func start() -> [Effect] { change.start() }
    public mutating func handle(_ msg: Msg) -> [Effect] { change.handle(msg) }
    public mutating func finished(_ effect: Effect) -> [Effect] { change.finished(effect) }
}
