import Foundation
import PulpeDomain

/// A spread as one operation (§16.3, decision 123): from scratch over `count` months from the
/// shown one (`pulpe line add … --spread N`), or an existing one-off prévision or free transaction
/// of the month split over `count` months from it (`pulpe spread TARGET --months N`). Pure.
enum SpreadResolver {
    static func new(groupId: String, name: String, amount: Decimal, kind: TransactionKind, perMonth: Bool, count: Int,
                    in context: WriteContext) -> Result<ResolvedWrite, WriteRefusal> {
        guard kind != .income else { return .failure(.cannotSpread(name: name, .income)) }
        guard (1...36).contains(count) else { return .failure(.cannotSpread(name: name, .months(count))) }
        let plan = SpreadPlan(groupId: groupId, name: name, kind: kind, perMonth: perMonth, amount: amount,
                              months: SpreadPlan.months(from: context.month, count: count))
        return .success(resolved(plan, context))
    }

    static func existing(_ target: String, groupId: String, count: Int, in details: BudgetDetails,
                         context: WriteContext) -> Result<ResolvedWrite, WriteRefusal> {
        let months = SpreadPlan.months(from: context.month, count: count)
        guard !ProvisionalBudget.isProvisional(details.budget.id) else { return .failure(.cannotSpread(name: target, .monthWaits)) }
        if case let .success(transaction) = WriteResolver.transaction(target, in: details, context) {
            guard transaction.kind != .income else { return .failure(.cannotSpread(name: transaction.name, .income)) }
            guard transaction.budgetLineId == nil else { return .failure(.cannotSpread(name: transaction.name, .onPrevision)) }
            guard (2...36).contains(count) else { return .failure(.cannotSpread(name: transaction.name, .months(count))) }
            return .success(resolved(SpreadPlan(groupId: groupId, source: .transaction(transaction.id), name: transaction.name,
                                                kind: transaction.kind, perMonth: false, amount: transaction.amount, months: months),
                                     context))
        }
        return WriteResolver.budgetLine(target, in: details).flatMap { line in
            guard line.kind != .income else { return .failure(.cannotSpread(name: line.name, .income)) }
            guard line.recurrence == .oneOff, line.spreadGroupId == nil else { return .failure(.cannotSpread(name: line.name, .notOneOff)) }
            guard line.savingsWithdrawalGroupId == nil, line.amount > 0 else { return .failure(.cannotSpread(name: line.name, .notSpreadable)) }
            guard (2...36).contains(count) else { return .failure(.cannotSpread(name: line.name, .months(count))) }
            return .success(resolved(SpreadPlan(groupId: groupId, source: .line(line.id), name: line.name, kind: line.kind,
                                                perMonth: false, amount: line.amount, months: months), context))
        }
    }

    private static func resolved(_ plan: SpreadPlan, _ context: WriteContext) -> ResolvedWrite {
        ResolvedWrite(done: [ChangeDraft(operation: .spread(plan), month: context.month, label: plan.name)], undo: [],
                      news: GestureNews(.added, name: plan.name, amount: plan.amounts.first, transactionKind: plan.kind))
    }
}
