import Foundation

/// One month as the text formats write it: its entries in order, and its lines for the budget goals.
///
/// The mapping mirrors `CheckedFigures` term by term, so that the cleared `assets:pulpe` postings
/// of a month add up to its « Pointé » (§14.6): a checked income transaction counts, wherever it is
/// allocated; a checked outflow counts once, except on an income line, where Pulpe drops it; a checked
/// income line counts in full; a checked expense or saving line adds what its checked outflows do not
/// yet cover. Lines are taken once per id (the server never lists one twice).
struct ExportMonth: Sendable {
    let month: BudgetMonth
    /// The month's lines, each id once (its first listing), in the budget's order.
    let lines: [BudgetLine]
    /// Transactions and prévision entries, by `ExportEntry.precedes`.
    let entries: [ExportEntry]

    init(_ details: BudgetDetails, in zone: LocalZone) {
        month = details.budget.budgetMonth
        var byId: [String: BudgetLine] = [:]
        var lines: [BudgetLine] = []
        for line in details.budgetLines where byId[line.id] == nil {
            byId[line.id] = line
            lines.append(line)
        }
        var checkedOutflows: [String: MoneySum] = [:]
        var entries: [ExportEntry] = []
        entries.reserveCapacity(details.transactions.count + lines.count)
        for transaction in details.transactions {
            let line = transaction.budgetLineId.flatMap { byId[$0] }
            var status = ExportEntry.Status.unmarked
            if transaction.isChecked {
                status = .cleared
                if transaction.kind.isOutflow, let line {
                    if line.kind == .income {
                        status = .pending
                    } else {
                        checkedOutflows[line.id, default: MoneySum()].add(transaction.amount)
                    }
                }
            }
            entries.append(ExportEntry(day: transaction.day(in: zone), status: status, name: transaction.name, origin: .transaction,
                                       id: transaction.id, kind: transaction.kind, prevision: line?.name, amount: transaction.amount))
        }
        for line in lines {
            guard let checkedAt = line.checkedAt else { continue }
            let amount: Decimal
            switch line.kind {
            case .income:
                amount = line.amount
                guard amount != 0 else { continue }
            case .expense, .saving:
                amount = line.amount - (checkedOutflows[line.id]?.total ?? 0)
                guard amount > 0 else { continue }
            }
            entries.append(ExportEntry(day: CalendarDay(checkedAt, in: zone), status: .cleared, name: line.name, origin: .prevision,
                                       id: line.id, kind: line.kind, prevision: line.name, amount: amount))
        }
        entries.sort(by: ExportEntry.precedes)
        self.lines = lines
        self.entries = entries
    }
}
