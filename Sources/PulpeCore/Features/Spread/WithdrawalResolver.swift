import Foundation
import PulpeDomain

/// « Piocher dans son épargne » as operations (§16.4, decision 124): the pair into the shown month
/// and the next, its undo the pair taken back; a pair of the month taken back whole or its
/// repayment only, found by the name of either line. Pure.
enum WithdrawalResolver {
    static func withdraw(groupId: String, amount: Decimal, incomeName: String, savingName: String, in details: BudgetDetails,
                         context: WriteContext) -> Result<ResolvedWrite, WriteRefusal> {
        let month = context.month
        guard !ProvisionalBudget.isProvisional(details.budget.id) else { return .failure(.cannotSpread(name: incomeName, .monthWaits)) }
        let plan = WithdrawalPlan(groupId: groupId, budgetId: details.budget.id, month: month, amount: amount, incomeName: incomeName,
                                  savingName: savingName)
        return .success(ResolvedWrite(
            done: [ChangeDraft(operation: .savingsWithdrawal(plan), month: month, label: incomeName)],
            undo: [ChangeDraft(operation: .deleteSavingsWithdrawal(groupId: groupId, repaymentOnly: false, months: [month, month.next]),
                               month: month, label: incomeName)],
            news: GestureNews(.added, name: incomeName, amount: amount, transactionKind: .income)))
    }

    static func cancel(_ target: String, repaymentOnly: Bool, in details: BudgetDetails,
                       context: WriteContext) -> Result<ResolvedWrite, WriteRefusal> {
        WriteResolver.budgetLine(target, in: details).flatMap { line in
            guard let groupId = line.savingsWithdrawalGroupId else { return .failure(.notAWithdrawal(name: line.name)) }
            // The pair spans the income's month and the next: from the saving, the month before.
            let first = line.kind == .income ? context.month : context.month.previous
            return .success(ResolvedWrite(
                done: [ChangeDraft(operation: .deleteSavingsWithdrawal(groupId: groupId, repaymentOnly: repaymentOnly,
                                                                      months: [first, first.next]),
                                   month: context.month, label: line.name)],
                undo: [], news: GestureNews(.deleted, name: line.name, amount: line.amount, transactionKind: line.kind)))
        }
    }
}
