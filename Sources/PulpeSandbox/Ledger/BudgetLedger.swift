import Foundation
import GRDB
import PulpeDomain

/// The budget figures the API serves, computed with the shared formulas of `PulpeDomain`
/// (`BudgetMath`, `BudgetTotals`, the rollover chain) — one implementation for client and server.
enum BudgetLedger {
    /// Recomputes a budget's own result (rollover 0) from its lines and transactions and stores it as
    /// `endingBalance`. Call inside the write transaction that changed the budget.
    static func refreshEndingBalance(budgetId: String, now: Date, in db: Database) throws {
        let lines = try BudgetLineStore.lines(budgetId: budgetId, in: db)
        let transactions = try TransactionStore.transactions(budgetId: budgetId, in: db)
        let delta = BudgetMath.ownDelta(lines: lines, transactions: transactions)
        try BudgetStore.setEndingBalance(delta, budgetId: budgetId, updatedAt: now, in: db)
    }

    /// `GET /budgets`: every budget newest first, each with `endingBalance` (own result) and
    /// `remaining` (cumulative balance = rollover + own result).
    static func list(userId: String, visibility: AmountVisibility, in db: Database) throws -> [Budget] {
        let chain = try self.chain(userId: userId, visibility: visibility, in: db)
        return chain.reversed().map { link in
            var budget = link.budget
            budget.endingBalance = link.balance.ownDelta
            budget.remaining = link.balance.remaining
            return budget
        }
    }

    /// `GET /budgets/:id/details`, or `nil` when the budget is not the user's.
    static func details(budgetId: String, userId: String, visibility: AmountVisibility,
                        in db: Database) throws -> BudgetDetails? {
        let chain = try self.chain(userId: userId, visibility: visibility, in: db)
        guard let index = chain.firstIndex(where: { $0.budget.id == budgetId }) else { return nil }
        var budget = chain[index].budget
        budget.endingBalance = chain[index].balance.ownDelta
        budget.rollover = chain[index].balance.rollover
        budget.previousBudgetId = index > 0 ? chain[index - 1].budget.id : nil
        let lines = try BudgetLineStore.lines(budgetId: budgetId, in: db).map(visibility.line)
        let transactions = try TransactionStore.transactions(budgetId: budgetId, in: db).map(visibility.transaction)
        return BudgetDetails(budget: budget, transactions: transactions, budgetLines: lines)
    }

    /// `GET /budgets?fields=…`: `id` plus the requested fields, newest first, after the year filter
    /// and the limit. The rollover chain always runs over *all* the user's budgets.
    static func summaries(userId: String, query: BudgetListQuery, visibility: AmountVisibility,
                          in db: Database) throws -> [BudgetSummary] {
        let links = try selected(userId: userId, query: query, visibility: visibility, in: db)
        let fields = query.fields ?? []
        let needsTotals = !fields.isDisjoint(with: ["totalExpenses", "totalSavings", "totalIncome"])
        let ids = links.map(\.budget.id)
        let linesByBudget = needsTotals ? try BudgetLineStore.lines(budgetIds: ids, in: db) : [:]
        let transactionsByBudget = needsTotals ? try TransactionStore.transactions(budgetIds: ids, in: db) : [:]
        return links.map { link in
            var summary = BudgetSummary(id: link.budget.id)
            if fields.contains("month") { summary.month = link.budget.month }
            if fields.contains("year") { summary.year = link.budget.year }
            if fields.contains("remaining") { summary.remaining = link.balance.remaining }
            if fields.contains("rollover") { summary.rollover = link.balance.rollover }
            if needsTotals {
                let totals = BudgetTotals(lines: (linesByBudget[link.budget.id] ?? []).map(visibility.line),
                                          transactions: (transactionsByBudget[link.budget.id] ?? []).map(visibility.transaction),
                                          rollover: link.balance.rollover)
                if fields.contains("totalIncome") { summary.totalIncome = totals.totalIncome }
                if fields.contains("totalExpenses") { summary.totalExpenses = totals.totalExpenses }
                if fields.contains("totalSavings") { summary.totalSavings = totals.totalSavings }
            }
            return summary
        }
    }

    /// The full list form, with the year filter and limit applied (no `fields=`).
    static func filteredList(userId: String, query: BudgetListQuery, visibility: AmountVisibility,
                             in db: Database) throws -> [Budget] {
        try selected(userId: userId, query: query, visibility: visibility, in: db).map { link in
            var budget = link.budget
            budget.endingBalance = link.balance.ownDelta
            budget.remaining = link.balance.remaining
            return budget
        }
    }

    /// One budget and its place in the rollover chain.
    /// Every month of the user, oldest first, as `GET /budgets/export` sends it (§15.1): each
    /// budget with its `rollover`, `remaining` and `previousBudgetId`, its lines and transactions.
    static func export(userId: String, visibility: AmountVisibility, in db: Database) throws -> [BudgetDetails] {
        let chain = try self.chain(userId: userId, visibility: visibility, in: db)
        let ids = chain.map(\.budget.id)
        let lines = try BudgetLineStore.lines(budgetIds: ids, in: db)
        let transactions = try TransactionStore.transactions(budgetIds: ids, in: db)
        return chain.enumerated().map { index, link in
            var budget = link.budget
            budget.endingBalance = link.balance.ownDelta
            budget.rollover = link.balance.rollover
            budget.remaining = link.balance.remaining
            budget.previousBudgetId = index > 0 ? chain[index - 1].budget.id : nil
            return BudgetDetails(budget: budget, transactions: (transactions[budget.id] ?? []).map(visibility.transaction),
                                 budgetLines: (lines[budget.id] ?? []).map(visibility.line))
        }
    }

    struct Link {
        var budget: Budget
        var balance: MonthBalance
    }

    /// The user's budgets oldest first, each with its balance by `BudgetMath.balances(for:)`.
    static func chain(userId: String, visibility: AmountVisibility, in db: Database) throws -> [Link] {
        let budgets = try BudgetStore.budgets(userId: userId, in: db)
        let deltas = budgets.map { MonthDelta(month: $0.budgetMonth, ownDelta: visibility.amount($0.ownDelta)) }
        let balances = Dictionary(BudgetMath.balances(for: deltas).map { ($0.month, $0) }, uniquingKeysWith: { first, _ in first })
        return budgets.compactMap { budget in
            balances[budget.budgetMonth].map { Link(budget: budget, balance: $0) }
        }
    }

    private static func selected(userId: String, query: BudgetListQuery, visibility: AmountVisibility,
                                 in db: Database) throws -> [Link] {
        var links = Array(try chain(userId: userId, visibility: visibility, in: db).reversed())
        if let year = query.year { links = links.filter { $0.budget.year == year } }
        if let limit = query.limit { links = Array(links.prefix(limit)) }
        return links
    }
}
