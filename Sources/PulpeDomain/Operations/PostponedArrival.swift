import Foundation

/// What a postpone moves, arriving in the month after the one it left (§15.3): the same rule for
/// the overlay of that month while the postpone waits and for its cached copy once it is sent, so
/// the item reads the same before and after (decision 94).
public enum PostponedArrival {
    /// The item a postpone moves.
    public enum Item: Hashable, Sendable {
        case transaction(Transaction)
        case line(BudgetLine)
    }

    /// The item `operation` moves, as it was when stored; nil for any other write, and for a
    /// postpone stored without it.
    public static func item(of operation: WriteOperation) -> Item? {
        switch operation {
        case let .postponeTransaction(_, _, moved): moved.map(Item.transaction)
        case let .postponeBudgetLine(_, _, moved): moved.map(Item.line)
        default: nil
        }
    }

    /// `details` (next month's) with `moved` in its budget, as the server moves it: a
    /// transaction's date one month later, a prévision detached from its template and marked
    /// adjusted. Already there (the server's copy has it): unchanged.
    public static func arrive(_ moved: Item, in details: BudgetDetails) -> BudgetDetails {
        switch moved {
        case var .transaction(transaction):
            guard !details.transactions.contains(where: { $0.id == transaction.id }) else { return details }
            transaction.budgetId = details.budget.id
            transaction.transactionDate = PostponedDate.oneMonthLater(transaction.transactionDate)
            return BudgetDetails(budget: details.budget, transactions: details.transactions + [transaction],
                                 budgetLines: details.budgetLines)
        case var .line(line):
            guard !details.budgetLines.contains(where: { $0.id == line.id }) else { return details }
            line.budgetId = details.budget.id
            line.templateLineId = nil
            line.isManuallyAdjusted = true
            return BudgetDetails(budget: details.budget, transactions: details.transactions, budgetLines: details.budgetLines + [line])
        }
    }
}
