import Foundation

/// What the screen, `pulpe status`, `pulpe month` and `pulpe year` show: the cached details with
/// every operation that waits applied over them (decision 46). Pure. A refresh that lands while
/// operations wait is applied again: nothing flickers back, nothing counts twice — a create whose
/// id the server already lists is not added again, a deleted row stays hidden until the server
/// no longer lists it. The month's figures follow (`BudgetDetails` recomputes them).
public enum OperationOverlay {
    /// `details` as it will be once `operations` (oldest first) reach the server. Operations on
    /// another budget leave it as it is. `now` stamps what is checked or created here.
    /// `sparing[i]`: transactions the `i`-th operation's « and its transactions » leaves alone
    /// (created after it was queued, so not there when the server applies it).
    public static func apply(_ operations: [WriteOperation], to details: BudgetDetails, now: Date,
                             sparing: [Int: Set<String>] = [:]) -> BudgetDetails {
        var transactions = details.transactions
        var lines = details.budgetLines
        let budgetId = details.budget.id
        // A write made while the month was being created carries provisional ids: once the
        // server's month is here, they stand for its budget and its prévisions.
        let month = BudgetMonth(year: details.budget.year, month: details.budget.month)
        func isThisBudget(_ id: String) -> Bool { id == budgetId || ProvisionalBudget.month(ofBudgetId: id) == month }
        for (position, operation) in operations.enumerated() {
            switch operation {
            case let .createTransaction(new):
                guard isThisBudget(new.budgetId), let id = new.id, !transactions.contains(where: { $0.id == id }) else { continue }
                var row = new.materialized(id: id, now: now)
                row.budgetId = budgetId
                if let line = row.budgetLineId, let templateLine = ProvisionalBudget.templateLineId(ofLineId: line),
                   !lines.contains(where: { $0.id == line }) {
                    row.budgetLineId = lines.first { $0.templateLineId == templateLine }?.id ?? line
                }
                transactions.append(row)
            case let .patchTransaction(id, patch):
                guard let index = transactions.firstIndex(where: { $0.id == id }) else { continue }
                if let name = patch.name { transactions[index].name = name }
                if let amount = patch.amount { transactions[index].amount = amount }
                if let kind = patch.kind { transactions[index].kind = kind }
                if let date = patch.transactionDate { transactions[index].transactionDate = date }
                if let tags = patch.tagIds { transactions[index].tagIds = tags }
            case let .deleteTransaction(id):
                // Ids are unique: the first match is the row (a scan that stops there, then one move).
                if let index = transactions.firstIndex(where: { $0.id == id }) { transactions.remove(at: index) }
            case let .setTransactionChecked(id, checked, at):
                guard let index = transactions.firstIndex(where: { $0.id == id }) else { continue }
                if checked != transactions[index].isChecked { transactions[index].checkedAt = checked ? at : nil }
            case let .createBudgetLine(new):
                guard isThisBudget(new.budgetId), !lines.contains(where: { $0.id == new.id }) else { continue }
                lines.append(BudgetLine(id: new.id, budgetId: budgetId, name: new.name, amount: new.amount, kind: new.kind,
                                        recurrence: new.recurrence, isManuallyAdjusted: false, checkedAt: new.checkedAt,
                                        tagIds: new.tagIds ?? [], createdAt: now, updatedAt: now))
                if new.kind == .saving { lines[lines.count - 1].savingsGoalId = new.savingsGoalId }
            case let .patchBudgetLine(id, patch):
                guard let index = lines.firstIndex(where: { $0.id == id }) else { continue }
                if let name = patch.name { lines[index].name = name }
                if let amount = patch.amount { lines[index].amount = amount }
                if let kind = patch.kind { lines[index].kind = kind }
                if let recurrence = patch.recurrence { lines[index].recurrence = recurrence }
                if let tags = patch.tagIds { lines[index].tagIds = tags }
                // As the server: a link lives on a saving line only; moved off saving, it goes.
                if let goal = patch.goal { lines[index].savingsGoalId = lines[index].kind == .saving ? goal.goalId : nil }
                if lines[index].kind != .saving { lines[index].savingsGoalId = nil }
                lines[index].isManuallyAdjusted = true
            case let .deleteBudgetLine(id):
                guard lines.contains(where: { $0.id == id }) else { continue }
                lines.removeAll { $0.id == id }
                // As the server does (FK ON DELETE SET NULL): its transactions become free.
                for index in transactions.indices where transactions[index].budgetLineId == id {
                    transactions[index].budgetLineId = nil
                }
            case let .setBudgetLineChecked(id, checked, withTransactions, at):
                guard let index = lines.firstIndex(where: { $0.id == id }) else { continue }
                if checked != lines[index].isChecked { lines[index].checkedAt = checked ? at : nil }
                // check-transactions checks what is not yet, and never unchecks.
                if checked, withTransactions {
                    let spared = sparing[position] ?? []
                    for tIndex in transactions.indices where transactions[tIndex].budgetLineId == id && !transactions[tIndex].isChecked
                        && !spared.contains(transactions[tIndex].id) {
                        transactions[tIndex].checkedAt = at
                    }
                }
            case .resetBudgetLine:
                // The template's amount is the server's to say; the figures move when it answers.
                continue
            case .createBudget, .generateBudgets, .createTag, .renameTag:
                continue
            case let .spread(plan):
                // The source leaves its month; each month shows its share at once.
                switch plan.source {
                case let .line(id)?:
                    // As the server: the prévision goes, its transactions stay, free.
                    lines.removeAll { $0.id == id }
                    for index in transactions.indices where transactions[index].budgetLineId == id { transactions[index].budgetLineId = nil }
                case let .transaction(id)?: transactions.removeAll { $0.id == id }
                case nil: break
                }
                guard let index = plan.months.firstIndex(of: month) else { continue }
                let id = plan.provisionalLineId(in: month)
                guard !lines.contains(where: { $0.id == id || plan.isShare($0, in: month) }) else { continue }
                lines.append(BudgetLine(id: id, budgetId: budgetId, name: plan.name, amount: plan.amounts[index], kind: plan.kind,
                                        recurrence: .oneOff, createdAt: now, updatedAt: now, spreadGroupId: plan.groupId))
            case let .savingsWithdrawal(plan):
                // The income in its month, the saving in the next, at once.
                let isIncome = month == plan.month && isThisBudget(plan.budgetId)
                guard isIncome || month == plan.month.next else { continue }
                let id = "withdrawal-\(plan.groupId)-\(isIncome ? "income" : "saving")"
                guard !lines.contains(where: { $0.id == id || ($0.savingsWithdrawalGroupId == plan.groupId && ($0.kind == .income) == isIncome) })
                else { continue }
                lines.append(BudgetLine(id: id, budgetId: budgetId, name: isIncome ? plan.incomeName : plan.savingName, amount: plan.amount,
                                        kind: isIncome ? .income : .saving, recurrence: .oneOff, createdAt: now, updatedAt: now,
                                        savingsWithdrawalGroupId: plan.groupId))
            case let .deleteSavingsWithdrawal(groupId, repaymentOnly, _):
                lines.removeAll { $0.savingsWithdrawalGroupId == groupId && (!repaymentOnly || $0.kind == .saving) }
            case .createTemplate, .patchTemplate, .deleteTemplate, .editTemplateLines, .updateSettings:
                // A template's propagation is the server's to say (which months, which lines were
                // adjusted): the months it rewrote are read again when it answers.
                continue
            case let .deleteTag(id):
                // As the server does: the tag's links go from every item.
                let gone = id.lowercased()
                for index in transactions.indices where transactions[index].tagIds.contains(where: { $0.lowercased() == gone }) {
                    transactions[index].tagIds.removeAll { $0.lowercased() == gone }
                }
                for index in lines.indices where lines[index].tagIds.contains(where: { $0.lowercased() == gone }) {
                    lines[index].tagIds.removeAll { $0.lowercased() == gone }
                }
            case let .postponeTransaction(id, from, _):
                // Gone from this month; next month shows it at once (`PostponedArrival`).
                guard from == budgetId, let index = transactions.firstIndex(where: { $0.id == id }) else { continue }
                transactions.remove(at: index)
            case let .postponeBudgetLine(id, from, _):
                guard from == budgetId else { continue }
                lines.removeAll { $0.id == id }
            }
        }
        guard transactions != details.transactions || lines != details.budgetLines else { return details }
        // One `BudgetDetails`, so its figures are computed once (not once per property set).
        return BudgetDetails(budget: details.budget, transactions: transactions, budgetLines: lines)
    }
}
