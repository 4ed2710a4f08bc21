import Foundation

/// A month's figures from one pass over its transactions — the totals (§10), each prévision's
/// consumption, what is checked off and what drifts (§14.6), the largest amount — for
/// `BudgetDetails`, which recomputes them whenever a gesture changes a row of a month that may
/// hold 100 000. The formulas themselves stay in `BudgetMath`, `BudgetTotals` and
/// `CheckedFigures`, written as they read in the contract; this gives the same numbers (a
/// property test compares them) with one dictionary lookup per allocated transaction instead of
/// five scans.
struct MonthScan {
    /// Per kind, in `TransactionKind.allCases` order.
    private struct KindSums {
        var income = MoneySum()
        var expense = MoneySum()
        var saving = MoneySum()

        mutating func add(_ amount: Decimal, _ kind: TransactionKind) {
            switch kind {
            case .income: income.add(amount)
            case .expense: expense.add(amount)
            case .saving: saving.add(amount)
            }
        }

        func total(_ kind: TransactionKind) -> Decimal {
            switch kind {
            case .income: income.total
            case .expense: expense.total
            case .saving: saving.total
            }
        }
    }

    /// What one line's transactions add up to: per kind, and checked outflows.
    private struct LineSums {
        var all = KindSums()
        var checkedOutflows = MoneySum()
    }

    let totals: BudgetTotals
    let lineConsumptions: [LineConsumption]
    let checked: CheckedFigures
    let largestAmount: Decimal
    /// The expenses on no prévision (the forecast's pace reads them).
    let freeExpenses: Decimal

    init(budget: Budget, transactions: [Transaction], budgetLines: [BudgetLine]) {
        var free = KindSums()
        var checkedIncome = MoneySum()
        var checkedFreeOutflows = MoneySum()
        var byLine: [String: LineSums] = [:]
        var largestUnits: Int64 = 0
        var largestOther: Decimal = 0
        // Read in place: taking each `Transaction` out of the array copies it (a retain and a
        // release for each of its strings), which was half of a 100 000-row scan.
        transactions.withUnsafeBufferPointer { rows in
            for index in rows.indices {
                let transaction = rows.baseAddress! + index
                let amount = transaction.pointee.amount
                let kind = transaction.pointee.kind
                let isChecked = transaction.pointee.checkedAt != nil
                if let id = transaction.pointee.budgetLineId {
                    byLine[id, default: LineSums()].all.add(amount, kind)
                    if isChecked, kind != .income { byLine[id, default: LineSums()].checkedOutflows.add(amount) }
                } else {
                    free.add(amount, kind)
                    if isChecked, kind != .income { checkedFreeOutflows.add(amount) }
                }
                if isChecked, kind == .income { checkedIncome.add(amount) }
                if let units = MoneyUnits.units(amount) {
                    largestUnits = max(largestUnits, units)
                } else {
                    largestOther = max(largestOther, amount)
                }
            }
        }
        largestAmount = max(largestOther, MoneyUnits.decimal(largestUnits))

        // §10: per line of the kinds, max(planned, what its transactions of those kinds add up to),
        // plus the free transactions of those kinds.
        freeExpenses = free.total(.expense)
        var income = free.total(.income)
        var expenses = free.total(.expense) + free.total(.saving)
        var savings = free.total(.saving)
        var realizedIncome = checkedIncome.total
        var realizedExpenses = checkedFreeOutflows.total
        var drift: [MonthGlance.Drift] = []
        var consumptions: [LineConsumption] = []
        consumptions.reserveCapacity(budgetLines.count)
        var known = Set<String>()
        for line in budgetLines {
            let sums = byLine[line.id]
            let all = sums?.all ?? KindSums()
            // A line listed twice counts twice in the formulas, as `BudgetMath` reads them.
            switch line.kind {
            case .income:
                income += max(line.amount, all.total(.income))
                if line.isChecked { realizedIncome += line.amount }
            case .expense, .saving:
                expenses += max(line.amount, all.total(.expense) + all.total(.saving))
                if line.kind == .saving { savings += max(line.amount, all.total(.saving)) }
                let checkedOut = sums?.checkedOutflows.total ?? 0
                // Checked outflows of a line counted once even if the line is listed twice (`CheckedFigures`).
                realizedExpenses += line.isChecked ? max(line.amount, checkedOut) : checkedOut
                let over = all.total(.income) + all.total(.expense) + all.total(.saving) - line.amount
                if line.kind == .expense, over > 0 {
                    drift.append(MonthGlance.Drift(lineId: line.id, name: line.name, overrun: over))
                }
            }
            known.insert(line.id)
            consumptions.append(LineConsumption(planned: line.amount, consumed: all.total(line.kind)))
        }
        // Checked outflows allocated to a line the month does not list count as free ones.
        for (id, sums) in byLine where !known.contains(id) { realizedExpenses += sums.checkedOutflows.total }
        totals = BudgetTotals(totalIncome: income, totalExpenses: expenses, totalSavings: savings, rollover: budget.rollover ?? 0)
        lineConsumptions = consumptions
        checked = CheckedFigures(realizedIncome: realizedIncome, realizedExpenses: realizedExpenses,
                                 drift: drift.sorted { ($0.overrun, $1.name) > ($1.overrun, $0.name) })
    }
}
