import Foundation
import PulpeDomain

/// An expense the quick-add form validated, ready to be stored: amounts in Decimal, the budget
/// resolved from the date (pay-day period, docs/contract.md §11) before anything is stored.
public struct ExpenseDraft: Hashable, Sendable {
    public var amount: Decimal
    /// Trimmed, 1…100 characters.
    public var name: String
    public var kind: TransactionKind
    /// The day the user picked (local calendar day).
    public var date: CalendarDay
    /// « Pointé »: sent with `checkedAt` = the moment it was entered.
    public var checked: Bool
    /// The budget month the date falls in, and that budget's id.
    public var month: BudgetMonth
    public var budgetId: String
    /// The prévision it is put on (`pulpe add --line`); nil: a free transaction.
    public var budgetLineId: String?
    /// Its tags: the server's ids, or `ProvisionalTag` ids for tags to create first (`pulpe add --tag`).
    public var tagIds: [String]

    public init(amount: Decimal, name: String, kind: TransactionKind, date: CalendarDay, checked: Bool,
                month: BudgetMonth, budgetId: String, budgetLineId: String? = nil, tagIds: [String] = []) {
        self.budgetLineId = budgetLineId
        self.tagIds = tagIds
        self.amount = amount
        self.name = name
        self.kind = kind
        self.date = date
        self.checked = checked
        self.month = month
        self.budgetId = budgetId
    }
}

extension ExpenseDraft {
    /// The transaction the outbox stores for it: dated at noon of its day (the store stamps one
    /// dated today with the moment it stores it) and checked « when stored » (`.distantPast`,
    /// stamped likewise: `NewTransaction.stamped`).
    public func newTransaction(id: String, timeZone: LocalZone) -> NewTransaction {
        NewTransaction(id: id, budgetId: budgetId, budgetLineId: budgetLineId, name: name, amount: amount, kind: kind,
                       transactionDate: date.startDate(in: timeZone).addingTimeInterval(12 * 3600),
                       checkedAt: checked ? .distantPast : nil, tagIds: tagIds.isEmpty ? nil : tagIds)
    }
}

extension ExpenseDraft {
    /// The draft a stored created transaction was made from (`newTransaction`'s inverse): the
    /// outbox's rows read back, and the shell's outcome. `day` when the body has no date.
    public init(_ transaction: NewTransaction, month: BudgetMonth, timeZone: LocalZone, day: CalendarDay? = nil) {
        let date = transaction.transactionDate.map { CalendarDay($0, in: timeZone) } ?? day
            ?? CalendarDay(Date(timeIntervalSince1970: 0), in: timeZone)
        self.init(amount: transaction.amount, name: transaction.name, kind: transaction.kind, date: date,
                  checked: transaction.checkedAt != nil, month: month, budgetId: transaction.budgetId,
                  budgetLineId: transaction.budgetLineId, tagIds: transaction.tagIds ?? [])
    }
}
