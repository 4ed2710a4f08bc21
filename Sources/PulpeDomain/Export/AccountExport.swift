import Foundation

/// The whole account (every month of the replica) written in one of the export formats: pure, so
/// the same months always give the same bytes (golden tests, and a re-export diffs cleanly).
public enum AccountExport {
    /// `months`: every month of the account, any order; written oldest first. Days are local to
    /// `zone` (what the lists show); `currency` names the commodity of the journals.
    public static func render(_ months: [BudgetDetails], format: ExportFormat, currency: Currency, in zone: LocalZone) -> String {
        let ordered = months.sorted { ($0.budget.year, $0.budget.month, $0.budget.id) < ($1.budget.year, $1.budget.month, $1.budget.id) }
        switch format {
        case .json:
            return JSONExport.render(ordered, in: zone)
        case .ledger:
            return LedgerExport.render(ordered.map { ExportMonth($0, in: zone) }, currency: currency)
        case .beancount:
            return BeancountExport.render(ordered.map { ExportMonth($0, in: zone) }, currency: currency)
        case .csv:
            return CSVExport.render(ordered.map { ExportMonth($0, in: zone) })
        }
    }
}

/// One entry of a journal: a transaction, or what a checked prévision adds to the « Pointé ».
struct ExportEntry: Sendable {
    /// How far the entry is ticked off.
    enum Status: Sendable {
        /// Counted in the month's « Pointé »: hledger `*`.
        case cleared
        /// Ticked in Pulpe but counted nowhere (an outflow on an income prévision, §15.5): hledger
        /// `!`, so the cleared balance still equals the « Pointé » and the row stays visible.
        case pending
        /// Not ticked.
        case unmarked
    }

    /// Where the entry comes from; a transaction sorts before a prévision of the same day.
    enum Origin: Int, Sendable {
        case transaction
        case prevision
    }

    var day: CalendarDay
    var status: Status
    /// The transaction's or the line's name, as typed.
    var name: String
    var origin: Origin
    /// The transaction id, or the line id of a prévision entry.
    var id: String
    /// Which way the money goes, hence the account family (`income`, `expenses`, `savings`).
    var kind: TransactionKind
    /// The prévision's name as typed; nil for a free transaction (or one on a line the month does not list).
    var prevision: String?
    /// The magnitude; the direction comes from `kind`.
    var amount: Decimal

    /// Day, then transactions before prévisions, then id: a total order, so the output is stable.
    static func precedes(_ lhs: ExportEntry, _ rhs: ExportEntry) -> Bool {
        (lhs.day, lhs.origin.rawValue, lhs.id) < (rhs.day, rhs.origin.rawValue, rhs.id)
    }
}

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
