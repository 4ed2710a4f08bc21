import Foundation

/// What is checked off and what drifts, scanned once when a month's data is set (`BudgetDetails`
/// keeps it beside its totals), not on every frame: a 100 000-row month repaints on each key.
public struct CheckedFigures: Sendable, Hashable, Codable {
    public var realizedIncome: Decimal
    public var realizedExpenses: Decimal
    public var drift: [MonthGlance.Drift]

    init(realizedIncome: Decimal, realizedExpenses: Decimal, drift: [MonthGlance.Drift]) {
        self.realizedIncome = realizedIncome
        self.realizedExpenses = realizedExpenses
        self.drift = drift
    }

    public init(lines: [BudgetLine], transactions: [Transaction]) {
        var incomeSum = MoneySum()
        var expensesSum = MoneySum()
        var checkedSums: [String: MoneySum] = [:]
        var allSums: [String: MoneySum] = [:]
        for transaction in transactions {
            if let line = transaction.budgetLineId { allSums[line, default: MoneySum()].add(transaction.amount) }
            guard transaction.isChecked else { continue }
            switch transaction.kind {
            case .income:
                incomeSum.add(transaction.amount)
            case .expense, .saving:
                if let line = transaction.budgetLineId {
                    checkedSums[line, default: MoneySum()].add(transaction.amount)
                } else {
                    expensesSum.add(transaction.amount)
                }
            }
        }
        var income = incomeSum.total
        var expenses = expensesSum.total
        let checkedByLine = checkedSums.mapValues(\.total)
        let allByLine = allSums.mapValues(\.total)
        var drift: [MonthGlance.Drift] = []
        var known = Set<String>()
        for line in lines {
            known.insert(line.id)
            switch line.kind {
            case .income:
                if line.isChecked { income += line.amount }
            case .expense, .saving:
                let checked = checkedByLine[line.id] ?? 0
                expenses += line.isChecked ? max(line.amount, checked) : checked
                let over = (allByLine[line.id] ?? 0) - line.amount
                if line.kind == .expense, over > 0 {
                    drift.append(MonthGlance.Drift(lineId: line.id, name: line.name, overrun: over))
                }
            }
        }
        // Checked transactions allocated to a line the month does not list count as free ones.
        for (line, amount) in checkedByLine where !known.contains(line) { expenses += amount }
        realizedIncome = income
        realizedExpenses = expenses
        self.drift = drift.sorted { ($0.overrun, $1.name) > ($1.overrun, $0.name) }
    }
}
