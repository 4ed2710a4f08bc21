import Foundation
import PulpeDomain

/// The shown month as the user expects it right after a quick-add: the server's details plus the
/// expenses still in the outbox, so the new row is in the list at once (marked « en attente ») and
/// « Disponible à dépenser » has moved by its amount — by the same formulas (docs/contract.md §10).
///
/// Computed when the month, its data or the outbox change, never per frame: merging copies the
/// month's transactions once (decision 23's rule for derived figures).
public struct PendingOverlay: Hashable, Sendable {
    /// The details with the pending expenses first; nil when the month has none waiting.
    public private(set) var merged: BudgetDetails?
    /// The state of each pending row, by transaction id.
    public private(set) var states: [String: PendingExpense.State] = [:]
    /// How much what waits moves the month's remaining (and so every later month's, through the
    /// rollover); nil when nothing moves it.
    private var shift: Shift?

    private struct Shift: Hashable, Sendable {
        var month: BudgetMonth
        var amount: Decimal
    }

    /// The month's shift as the year grid adds it (`BudgetSummary.shifted`).
    public var shifts: [BudgetMonth: Decimal] {
        guard let shift else { return [:] }
        return [shift.month: shift.amount]
    }
    private var source: Source?

    private struct Source: Hashable, Sendable {
        var month: BudgetMonth
        var details: BudgetDetails?
        var items: [PendingExpense]
        var changes: [PendingChange]
    }

    public init() {}

    /// The overlay as the shell sees a month: what waits in `outbox`, nothing « just sent » (that
    /// is the TUI's memory of its own sends).
    public init(month: BudgetMonth, details: BudgetDetails?, outbox: OutboxSnapshot) {
        update(month: month, details: details, outbox: outbox, recentlySent: [])
    }

    /// Also what `pulpe month` merges, so the shell's figures match the panel's.
    public mutating func update(month: BudgetMonth, details: BudgetDetails?, outbox: OutboxSnapshot, recentlySent: [PendingExpense]) {
        // Refused items are not counted: they are not on the server and may never be. They wait
        // in the pending list (`e`) and on the status line. Sent ones stay until the server's copy
        // of the month has them.
        let waiting = outbox.items(in: month).filter { !$0.isRefused }
        let sent = recentlySent.filter { $0.draft.month == month }
        // A refused change is rolled back on screen: only what may still reach the server is applied
        // — the month's own changes, a creation or a plan that makes it, a postpone into it.
        let changes = outbox.changes.filter { !$0.isRefused && $0.touches(month) }
        // A preview holds a few rows of many: merged with what waits, its figures would be
        // recomputed from those few. What waits is shown once the whole month is here.
        guard details?.preview == nil else {
            (merged, states, shift, self.source) = (nil, [:], nil, nil)
            return
        }
        let source = Source(month: month, details: details, items: waiting + sent, changes: changes)
        let unchanged = source == self.source
        // Kept even when equal: a copy of the same month (a refresh, a re-read) then shares its
        // buffers from now on, so the next message compares in constant time instead of row by row
        // (15 ms a message on a 100 000-row month).
        self.source = source
        guard !unchanged else { return }
        // A month whose creation waits is shown as its template makes it (`ProvisionalBudget`),
        // until the server's copy is here.
        var details = details
        if details == nil, let provisional = Self.provisional(month, changes) { details = provisional }
        var items = waiting
        if let details, !sent.isEmpty || !waiting.isEmpty {
            // A row the server's copy already lists is shown once, as the server has it: a sent
            // expense, and one whose send reached the server but whose answer was lost (a dropped
            // connection, a killed process) — it still waits, for the replay's 409, and stays marked.
            let known = Set(details.transactions.lazy.map(\.id))
            items = sent.filter { !known.contains($0.id) } + waiting.filter { !known.contains($0.id) }
        }
        guard let details, !items.isEmpty || !waiting.isEmpty || !changes.isEmpty else {
            merged = nil
            states = [:]
            shift = nil
            return
        }
        let newestFirst = items.reversed().map { $0.transaction(budgetId: details.budget.id) }
        var result = newestFirst.isEmpty ? details
            : BudgetDetails(budget: details.budget, transactions: newestFirst + details.transactions,
                            budgetLines: details.budgetLines)
        // What a postpone from last month moves is here at once, as the server will move it.
        for change in changes where change.operation.isPostpone && change.month.next == month {
            if let moved = PostponedArrival.item(of: change.operation) { result = PostponedArrival.arrive(moved, in: result) }
        }
        // « Check the prévision and its transactions » checks those the server will have then:
        // not an expense queued after it (the overlay adds every waiting expense first).
        var sparing: [Int: Set<String>] = [:]
        for (index, change) in changes.enumerated() {
            guard case .setBudgetLineChecked(_, true, true, _) = change.operation else { continue }
            let later = Set(items.filter { $0.sequence > change.sequence }.map(\.id))
            if !later.isEmpty { sparing[index] = later }
        }
        result = OperationOverlay.apply(changes.map(\.operation), to: result, now: details.budget.updatedAt, sparing: sparing)
        merged = result
        let moved = result.totals.remaining - details.totals.remaining
        shift = moved == 0 ? nil : Shift(month: month, amount: moved)
        // A sent row reads like any other: only what waits is marked.
        var marks = Dictionary((items + waiting).filter { $0.state != .sent }.map { ($0.id, $0.state) },
                               uniquingKeysWith: { first, _ in first })
        for change in changes where change.state != .sent {
            if case let .transaction(id) = change.operation.target, marks[id] == nil { marks[id] = change.state }
        }
        states = marks
    }
}

extension PendingOverlay {
    /// The month as its waiting creation (or a plan that spans it) will make it; nil when none
    /// waits or it was stored without the template's lines.
    static func provisional(_ month: BudgetMonth, _ changes: [PendingChange]) -> BudgetDetails? {
        for change in changes where change.operation.madeMonths.contains(month) {
            let template: (id: String, lines: [TemplatePreview.Line])? = switch change.operation {
            case let .createBudget(_, templateId, lines?), let .generateBudgets(templateId, _, _, lines?): (templateId, lines)
            default: nil
            }
            guard let template else { continue }
            return ProvisionalBudget.details(month: month, templateId: template.id, lines: template.lines,
                                             now: month.firstDay.startDate(in: .utc).addingTimeInterval(12 * 3600))
        }
        return nil
    }
}

extension PendingExpense {
    /// The row this expense will be once the server has it: a free transaction (no budget line),
    /// dated at noon UTC of its day so the day reads the same in every European time zone.
    func transaction(budgetId: String) -> Transaction {
        let noon = draft.date.startDate(in: .utc).addingTimeInterval(12 * 3600)
        return Transaction(id: id, createdAt: noon, updatedAt: noon, budgetId: budgetId, budgetLineId: draft.budgetLineId,
                           amount: draft.amount, name: draft.name, kind: draft.kind, transactionDate: noon, tagIds: draft.tagIds,
                           checkedAt: draft.checked ? noon : nil)
    }
}
