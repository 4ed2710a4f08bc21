import Foundation
import GRDB
import PulpeDomain

/// Spreads (contract §16.3, `budgetLineSpreadCreateSchema` and the spread-from-existing use cases):
/// one one-off prévision per target month sharing a `spreadGroupId`, in one database transaction.
/// From scratch, the client's `spreadGroupId` is an idempotency key (a replay answers the lines
/// made the first time); a month without a budget is made from the default template (`perMonth`
/// skips it when there is none, `total` refuses). From an existing one-off prévision or free
/// transaction, its amount is split cent-exact over the periods (the remainder on the first ones)
/// and the source deleted in the same write.
enum SpreadWrites {
    struct Body: Sendable {
        var name: String
        var kind: TransactionKind
        var perMonth: Bool
        var amount: Decimal
        var months: [BudgetMonth]
        var groupId: String?
    }

    struct Answer: Encodable, Sendable {
        let spreadGroupId: String
        let lines: [BudgetLine]
        let createdBudgets: [Budget]
        let skippedMonths: [Skipped]
    }

    struct Skipped: Encodable, Sendable, Hashable {
        let month: Int
        let year: Int
    }

    static func create(_ body: Body, userId: String, now: Date, in db: Database) throws -> Answer {
        if let groupId = body.groupId {
            let made = try BudgetLineStore.lines(spreadGroupId: groupId, userId: userId, in: db)
            if !made.isEmpty { return Answer(spreadGroupId: groupId, lines: made, createdBudgets: [], skippedMonths: []) }
        }
        let amounts = body.perMonth ? body.months.map { _ in body.amount } : split(body.amount, into: body.months.count)
        return try fanOut(name: body.name, kind: body.kind, months: body.months, amounts: amounts, groupId: body.groupId ?? UUIDText.random(),
                          refuseMissing: !body.perMonth, userId: userId, now: now, in: db)
    }

    /// From a one-off prévision (`POST /budget-lines/:id/spread`).
    static func spreadLine(id: String, periods: [BudgetMonth], userId: String, now: Date, in db: Database) throws -> Answer {
        guard let line = try BudgetLineStore.line(id: id, userId: userId, in: db) else { throw APIError.budgetLineNotFound(id) }
        guard line.spreadGroupId == nil else {
            throw APIError.business(code: "ERR_BUDGET_LINE_ALREADY_SPREAD", status: 409, "Budget line \(id) is already spread")
        }
        guard line.kind != .income, line.recurrence == .oneOff, line.savingsWithdrawalGroupId == nil, line.amount > 0 else {
            throw APIError.business(code: "ERR_BUDGET_LINE_NOT_SPREADABLE", status: 409, "Budget line \(id) cannot be spread")
        }
        let answer = try fanOut(name: line.name, kind: line.kind, months: periods, amounts: split(line.amount, into: periods.count),
                                groupId: UUIDText.random(), refuseMissing: true, userId: userId, now: now, in: db)
        try BudgetLineWrites.delete(id: id, userId: userId, now: now, in: db)
        return answer
    }

    /// From a free transaction (`POST /transactions/:id/spread`).
    static func spreadTransaction(id: String, periods: [BudgetMonth], userId: String, now: Date, in db: Database) throws -> Answer {
        guard let transaction = try TransactionStore.transaction(id: id, userId: userId, in: db) else { throw APIError.transactionNotFound(id) }
        guard transaction.kind != .income, transaction.budgetLineId == nil else {
            throw APIError.business(code: "ERR_TRANSACTION_NOT_SPREADABLE", status: 409, "Transaction \(id) cannot be spread")
        }
        let answer = try fanOut(name: transaction.name, kind: transaction.kind, months: periods,
                                amounts: split(transaction.amount, into: periods.count), groupId: UUIDText.random(), refuseMissing: true,
                                userId: userId, now: now, in: db)
        try TransactionWrites.delete(id: id, userId: userId, now: now, in: db)
        return answer
    }

    /// The occurrences of a group (`GET /budget-lines/spread/:groupId`).
    static func occurrences(groupId: String, userId: String, in db: Database) throws -> [Occurrence] {
        let lines = try BudgetLineStore.lines(spreadGroupId: groupId, userId: userId, in: db)
        let budgets = Dictionary(try BudgetStore.budgets(userId: userId, in: db).map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return lines.compactMap { line -> Occurrence? in
            guard let budget = budgets[line.budgetId] else { return nil }
            return Occurrence(budgetLineId: line.id, budgetId: line.budgetId, month: budget.month, year: budget.year, name: line.name,
                              amount: line.amount, kind: line.kind, checkedAt: line.checkedAt.map { ColumnCoding.dateText($0) })
        }
    }

    struct Occurrence: Encodable, Sendable {
        let budgetLineId: String
        let budgetId: String
        let month: Int
        let year: Int
        let name: String
        let amount: Decimal
        let kind: TransactionKind
        let checkedAt: String?
    }

    /// `total` split into `count` parts to the cent, the remainder cents on the first parts.
    static func split(_ total: Decimal, into count: Int) -> [Decimal] { SpreadPlan.split(total, into: count) }

    private static func fanOut(name: String, kind: TransactionKind, months: [BudgetMonth], amounts: [Decimal], groupId: String,
                               refuseMissing: Bool, userId: String, now: Date, in db: Database) throws -> Answer {
        let budgets = try BudgetStore.budgets(userId: userId, in: db)
        let defaultTemplate = try TemplateStore.templates(userId: userId, in: db).first { $0.isDefault == true }
        var lines: [BudgetLine] = [], created: [Budget] = [], skipped: [Skipped] = []
        for (month, amount) in zip(months, amounts) {
            var budget = budgets.first { $0.year == month.year && $0.month == month.month }
            if budget == nil, let template = defaultTemplate {
                let made = try BudgetFactory.create(NewBudget(month: month.month, year: month.year, templateId: template.id), userId: userId,
                                                    now: now, in: db)
                created.append(made)
                budget = made
            }
            guard let budget else {
                if refuseMissing { throw unprocessable("No budget for \(month) and no default template to make one") }
                skipped.append(Skipped(month: month.month, year: month.year))
                continue
            }
            let line = BudgetLine(id: UUIDText.random(), budgetId: budget.id, name: name, amount: amount, kind: kind, recurrence: .oneOff,
                                  isManuallyAdjusted: false, createdAt: now, updatedAt: now, spreadGroupId: groupId)
            try BudgetLineStore.insert(line, position: try BudgetLineStore.nextPosition(budgetId: budget.id, in: db), in: db)
            try BudgetLedger.refreshEndingBalance(budgetId: budget.id, now: now, in: db)
            lines.append(line)
        }
        return Answer(spreadGroupId: groupId, lines: lines, createdBudgets: created, skippedMonths: skipped)
    }

    private static func unprocessable(_ message: String) -> APIError {
        APIError.business(code: "ERR_BUDGET_LINE_SPREAD_MONTH_UNPROVISIONABLE", status: 422, message)
    }
}
