import Foundation

/// One transaction as a query sees it: on the server (the replica) or still in the outbox.
public struct QueryRow: Sendable, Hashable {
    public var id: String
    public var date: CalendarDay
    /// Its budget month (the budget it is in).
    public var month: BudgetMonth
    public var name: String
    public var amount: Decimal
    public var kind: TransactionKind
    /// The prévision it is on; nil when free.
    public var line: String?
    /// Its tags, by name.
    public var tags: [String]
    public var checked: Bool
    /// Still waiting in the outbox.
    public var pending: Bool
    /// The budget it is in (empty when not known).
    public var budgetId = ""

    public init(id: String, date: CalendarDay, month: BudgetMonth, name: String, amount: Decimal, kind: TransactionKind,
                line: String? = nil, tags: [String] = [], checked: Bool = false, pending: Bool = false) {
        self.id = id
        self.date = date
        self.month = month
        self.name = name
        self.amount = amount
        self.kind = kind
        self.line = line
        self.tags = tags
        self.checked = checked
        self.pending = pending
    }

    /// `transaction` of `month` (its budget), on `line`, its tags named by `tagNames` (id → name,
    /// lowercased ids too; an unknown id keeps its id).
    public init(_ transaction: Transaction, month: BudgetMonth, line: String?, tagNames: [String: String], timeZone: LocalZone,
                pending: Bool = false) {
        self.init(id: transaction.id, date: CalendarDay(transaction.transactionDate, in: timeZone), month: month,
                  name: transaction.name, amount: transaction.amount, kind: transaction.kind, line: line,
                  tags: transaction.tagIds.map { tagNames[$0.lowercased()] ?? tagNames[$0] ?? ProvisionalTag.name(ofId: $0) ?? $0 },
                  checked: transaction.checkedAt != nil, pending: pending)
        budgetId = transaction.budgetId
    }

    /// Every transaction of `months` (the replica, each month's budget and lines), oldest first —
    /// by day, then as the month lists them. `tagNames`: id → name (an unknown id keeps its id).
    public static func rows(of months: [BudgetDetails], tagNames: [String: String], timeZone: LocalZone) -> [QueryRow] {
        var rows: [QueryRow] = []
        for details in months {
            let month = BudgetMonth(year: details.budget.year, month: details.budget.month)
            let lines = Dictionary(details.budgetLines.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
            for transaction in details.transactions {
                rows.append(QueryRow(transaction, month: month, line: transaction.budgetLineId.flatMap { lines[$0] },
                                     tagNames: tagNames, timeZone: timeZone))
            }
        }
        return rows.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }.map(\.element)
    }
}
